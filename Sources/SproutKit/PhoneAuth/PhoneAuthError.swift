import Foundation

/// A refusal from the phone sign-in service, named from the `message` of Firebase's error JSON
/// (`{"error":{"code":400,"message":"INVALID_CODE",…}}`). Firebase sometimes appends a
/// description (`TOO_MANY_ATTEMPTS_TRY_LATER : …`); only the leading code counts.
public enum PhoneAuthError: Error, Sendable, Equatable {
    /// `INVALID_PHONE_NUMBER`, `MISSING_PHONE_NUMBER`.
    case invalidPhoneNumber
    /// `TOO_MANY_ATTEMPTS_TRY_LATER`, `QUOTA_EXCEEDED` (the iOS SDK's 17010).
    case tooManyAttempts
    /// `INVALID_CODE` (the iOS SDK's 17044).
    case invalidCode
    /// `MISSING_CODE`.
    case missingCode
    /// `SESSION_EXPIRED`, `CODE_EXPIRED`: the code's time is up; ask for a new one.
    case codeExpired
    /// `INVALID_SESSION_INFO`, `MISSING_SESSION_INFO`: the verification id is unknown or missing
    /// (the iOS SDK's 17045/17046).
    case invalidSessionInfo
    /// The token service refused a refresh token (`TOKEN_EXPIRED`, `INVALID_REFRESH_TOKEN`,
    /// `USER_DISABLED`, `USER_NOT_FOUND`, …): the person must sign in again.
    case refreshTokenRejected(String)
    /// Any other answer: the HTTP status and Firebase's message, or the body when it had none.
    case other(status: Int, message: String)

    /// Reads Firebase's error JSON; a body that is not one becomes `.other` with its text.
    public init(status: Int, body: Data) {
        let message = (try? JSONDecoder().decode(Envelope.self, from: body))?.error.message
        self.init(status: status, message: message ?? String(decoding: body, as: UTF8.self))
    }

    public init(status: Int, message: String) {
        let code = String(message.prefix { $0.isUppercase || $0 == "_" })
        switch code {
        case "INVALID_PHONE_NUMBER", "MISSING_PHONE_NUMBER": self = .invalidPhoneNumber
        case "TOO_MANY_ATTEMPTS_TRY_LATER", "QUOTA_EXCEEDED": self = .tooManyAttempts
        case "INVALID_CODE": self = .invalidCode
        case "MISSING_CODE": self = .missingCode
        case "SESSION_EXPIRED", "CODE_EXPIRED": self = .codeExpired
        case "INVALID_SESSION_INFO", "MISSING_SESSION_INFO": self = .invalidSessionInfo
        case "TOKEN_EXPIRED", "INVALID_REFRESH_TOKEN", "USER_DISABLED", "USER_NOT_FOUND", "MISSING_REFRESH_TOKEN",
             "INVALID_GRANT_TYPE", "INVALID_ID_TOKEN", "PROJECT_NUMBER_MISMATCH":
            self = .refreshTokenRejected(code)
        default: self = .other(status: status, message: message)
        }
    }

    private struct Envelope: Decodable {
        struct Body: Decodable { let message: String }
        let error: Body
    }
}
