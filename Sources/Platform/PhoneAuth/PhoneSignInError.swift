/// Why a phone sign-in step was refused. The emulator REST surface answers each with the message
/// the Firebase SDKs map to their own error codes (`PhoneAuthErrorReply`); the web maps them to
/// its own words.
public enum PhoneSignInError: Error, Equatable, Sendable {
    case missingPhoneNumber
    /// Not a phone number, even after normalising to E.164.
    case invalidPhoneNumber
    case missingCode
    /// A wrong code; the session lives on until its tries run out.
    case invalidCode
    case missingSessionInfo
    /// No such verification session (never issued, or pruned after an hour).
    case invalidSession
    /// The session's 60 seconds are up, its tries are spent, or it was already used: ask for a
    /// new code.
    case sessionExpired
    /// Too many codes asked for this number or from this address; try again in that many seconds.
    case tooManyAttempts(retryAfter: Int)
    case missingRefreshToken
    /// Unknown or revoked refresh token, or its account is gone.
    case invalidRefreshToken
    /// The ID token is not one Sprout signed for this project.
    case invalidIDToken
    /// The ID token's hour is up; refresh it.
    case idTokenExpired
    /// The verified phone is already another account's (linking).
    case phoneBelongsToAnotherAccount
    /// The account to link to, or the one a token names, no longer exists.
    case accountNotFound
    /// The operator disabled the number's account.
    case userDisabled
    /// This server sends no codes to this number (it signs in its test numbers only).
    case numberNotAllowed
    /// The SMS provider refused or could not be reached; nothing the person typed is wrong.
    case smsNotSent(String)
}
