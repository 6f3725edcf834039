import Foundation

extension SproutAccount {
    /// Sprout's accounts (`/api/auth`), the sign-in every Sprout API's bearer token comes from.
    public enum Routes {
        public static let join = APIRoute<Void, JoinRequest, Session>(.post, "api/auth/join", credential: .none)
        public static let login = APIRoute<Void, LoginRequest, Session>(.post, "api/auth/login", credential: .none)
        /// A phone sign-in's ID token (the study app's `idtoken` header) exchanged for the bearer
        /// tokens Sprout's own APIs take: how an account made by phone uses conversations and 약속.
        public static let phone = APIRoute<Void, NoBody, Session>(.post, "api/auth/phone", credential: .none)
        /// The expired access token (`Authorization: Bearer`) and the refresh token (`Refresh`)
        /// travel as headers the call names: refreshing is what a session does on expiry, so it is not one.
        public static let refresh = APIRoute<Void, NoBody, RefreshResponse>(.get, "api/auth/refresh", credential: .none)
        /// The refresh token to revoke travels in the `Refresh` header.
        public static let logout = APIRoute<Void, NoBody, LogoutResponse>(.post, "api/auth/logout", credential: .none)

        public static let all = [AnyAPIRoute(join), AnyAPIRoute(login), AnyAPIRoute(phone), AnyAPIRoute(refresh), AnyAPIRoute(logout)]
    }
}
