/// The bodies of the Firebase Auth REST surface, as the emulator and Google write them. Numbers
/// of seconds and milliseconds are strings there (`"3600"`), and the SDKs decode them as such.
/// Fixed values are `var`s with their value: a `let` with one could not be decoded (`Content` is
/// `Codable`), which the compiler warns about for every one.
enum PhoneAuthWire {
    // MARK: Requests (every field optional: a missing one is the API's own MISSING_… error)

    struct SendVerificationCode: Decodable {
        var phoneNumber: String?
    }

    struct SignInWithPhoneNumber: Decodable {
        var sessionInfo: String?
        var code: String?
        /// Present when a signed-in user links the number (`linkWithCredential`).
        var idToken: String?
    }

    struct Lookup: Decodable {
        var idToken: String?
    }

    /// The token endpoint: form-encoded `grant_type`/`refresh_token` from the web and Android
    /// SDKs, JSON `grantType`/`refreshToken` from the iOS SDK.
    struct Token: Decodable {
        var grant_type: String?
        var grantType: String?
        var refresh_token: String?
        var refreshToken: String?
    }

    // MARK: Responses

    struct SessionInfo: Codable {
        let sessionInfo: String
    }

    struct SignedIn: Codable {
        let idToken: String
        let refreshToken: String
        let expiresIn: String
        let localId: String
        let isNewUser: Bool
        let phoneNumber: String
    }

    struct AccountInfo: Codable {
        struct User: Codable {
            let localId: String
            let phoneNumber: String
            let emailVerified: Bool
            let createdAt: String
            let lastLoginAt: String
            let lastRefreshAt: String
            let providerUserInfo: [Provider]
        }

        struct Provider: Codable {
            let providerId: String
            let rawId: String
            let phoneNumber: String
        }

        var kind = "identitytoolkit#GetAccountInfoResponse"
        let users: [User]
    }

    struct Refreshed: Codable {
        let access_token: String
        let expires_in: String
        var token_type = "Bearer"
        let refresh_token: String
        let id_token: String
        let user_id: String
        let project_id: String
    }

    struct ProjectConfig: Codable {
        let projectId: String
        let authorizedDomains: [String]
    }

    struct VerifyClient: Codable {
        let receipt: String
        let suggestedTimeout: String
    }

    /// What the emulator hands the web SDK instead of a real reCAPTCHA.
    struct RecaptchaParams: Codable {
        var kind = "identitytoolkit#GetRecaptchaParamResponse"
        var recaptchaStoken = "This-is-a-fake-token__Dont-send-this-to-the-Recaptcha-service__The-Auth-Emulator-does-not-support-Recaptcha"
        var recaptchaSiteKey = "Fake-key__Do-not-send-this-to-Recaptcha_"
    }

    struct VerificationCodes: Codable {
        struct Code: Codable {
            let phoneNumber: String
            let sessionInfo: String
            let code: String
        }

        let verificationCodes: [Code]
    }
}
