import Foundation

extension Places {
    /// `/api/places`: no credential.
    public enum Routes {
        /// `q` (up to `maxQueryLength` characters) and `limit` (1 to `maxLimit`).
        public static let search = APIRoute<Void, NoBody, SearchResult>(.get, "api/places", query: ["q", "limit"], credential: .none)

        public static let all = [AnyAPIRoute(search)]
    }
}
