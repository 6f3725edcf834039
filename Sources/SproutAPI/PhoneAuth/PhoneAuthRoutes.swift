import Foundation

/// Phone sign-in over Firebase Auth's REST operations, at the paths the Firebase Auth emulator
/// serves them (Sprout serves them the same way): each path starts with the name of the Google
/// host that serves it for real, `/identitytoolkit.googleapis.com/v1/accounts:lookup`, so a client
/// talks to Google by calling the rest of the path on that host (`onHost`).
public enum PhoneAuth {
    /// Google's hosts: the first segment of each emulated path.
    public enum Host: String, Sendable, CaseIterable {
        case identityToolkit = "identitytoolkit.googleapis.com"
        case secureToken = "securetoken.googleapis.com"
    }

    /// Every call may carry the Firebase API key as `?key=`, which Google requires and the emulator
    /// ignores. A body is JSON or form fields.
    public enum Routes {
        /// `{phoneNumber}` in E.164; answers `{sessionInfo}`.
        public static let sendVerificationCode: APIRoute<Void, UntypedJSON, UntypedJSON> = google(.post, .identityToolkit, "v1/accounts:sendVerificationCode")
        /// `{sessionInfo, code}`, and an `idToken` to link the number to that account.
        public static let signInWithPhoneNumber: APIRoute<Void, UntypedJSON, UntypedJSON> = google(.post, .identityToolkit, "v1/accounts:signInWithPhoneNumber")
        /// `{idToken}`; answers the signed-in account.
        public static let lookup: APIRoute<Void, UntypedJSON, UntypedJSON> = google(.post, .identityToolkit, "v1/accounts:lookup")
        /// The iOS SDK's APNs flow: `appToken`, `isSandbox`.
        public static let verifyClient: APIRoute<Void, FormFields, UntypedJSON> = google(.post, .identityToolkit, "v1/accounts:verifyClient")
        public static let projectConfig: APIRoute<Void, NoBody, UntypedJSON> = google(.get, .identityToolkit, "v1/projects")
        public static let recaptchaParams: APIRoute<Void, NoBody, UntypedJSON> = google(.get, .identityToolkit, "v1/recaptchaParams")
        /// `grant_type=refresh_token&refresh_token=…` (or the iOS SDK's JSON); answers snake_case keys.
        public static let token: APIRoute<Void, FormFields, UntypedJSON> = google(.post, .secureToken, "v1/token")
        /// The emulator's own listing of the codes it would have sent, by project id; Google has none.
        public static let verificationCodes = APIRoute<String, NoBody, UntypedJSON>(.get, "emulator/v1/projects/{project}/verificationCodes",
                                                                                  credential: .none)

        /// The emulator's paths: an unknown path under one answers Google's 404.
        public static let mountPoints = Host.allCases.map(\.rawValue) + ["emulator"]

        public static let all = [
            AnyAPIRoute(sendVerificationCode), AnyAPIRoute(signInWithPhoneNumber), AnyAPIRoute(lookup), AnyAPIRoute(verifyClient),
            AnyAPIRoute(projectConfig), AnyAPIRoute(recaptchaParams), AnyAPIRoute(token), AnyAPIRoute(verificationCodes),
        ]

        /// Where `route` is served for real: its Google host and the path on that host
        /// (`v1/accounts:lookup`); nil for the emulator's own operations.
        public static func onHost<Body, Answer>(_ route: APIRoute<Void, Body, Answer>) -> (host: Host, path: String)? {
            let pieces = route.path.split(separator: "/", maxSplits: 1)
            guard pieces.count == 2, let host = Host(rawValue: String(pieces[0])) else { return nil }
            return (host, String(pieces[1]))
        }

        private static func google<Body, Answer>(_ method: APIMethod, _ host: Host, _ path: String) -> APIRoute<Void, Body, Answer> {
            APIRoute(method, host.rawValue + "/" + path, query: ["key"], credential: .none)
        }
    }
}
