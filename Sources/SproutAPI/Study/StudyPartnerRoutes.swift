import Foundation

extension Study {
    /// Sprout's own study API, beside the contract, for an access token from `/api/auth` (the
    /// account a phone sign-in linked): what matched partners do that the published clients never
    /// did.
    public enum PartnerRoutes {
        /// Any other path under it answers the platform's 404.
        public static let mountPoint = "/api/study"

        /// The pair's meeting conversation, opened on first ask, with its appointments. 404 when
        /// not matched; 409 once either side ended the study.
        public static let meeting = APIRoute<Void, NoBody, Meeting>(.get, "api/study/appointments", credential: .bearer)

        public static let all = [AnyAPIRoute(meeting)]
    }
}
