import Fluent
import Foundation

/// One code sent to one phone: the `sessionInfo` the client holds (the iOS SDK's verification id)
/// and a keyed SHA-256 of the code, never the code itself, so a copy of the database does not
/// sign anyone in.
///
/// The exception is `visibleCode`: with the development sender there is no SMS, and the emulator's
/// `verificationCodes` listing (the only way a tester or a black-box test learns the code) needs
/// it in plain text. It is stored only when that sender is in use, which is also the only time
/// the listing is served.
///
/// Rows outlive their 60 seconds by an hour, because the per-number and per-address limits count
/// the codes sent in the last hour; `sendCode` prunes older ones, client addresses with them.
final class PhoneVerification: Model, @unchecked Sendable {
    static let schema = "phone_verifications"

    @ID(custom: "session_info", generatedBy: .user) var id: String?
    @Field(key: "phone_number") var phoneNumber: String
    @Field(key: "code_digest") var codeDigest: String
    @OptionalField(key: "visible_code") var visibleCode: String?
    /// `Request.clientIP`, for the per-address limit.
    @Field(key: "client_address") var clientAddress: String
    /// Every try counts, right or wrong, taken atomically before the code is compared.
    @Field(key: "attempts") var attempts: Int
    /// Set, to a random marker, by the one request whose right code used the session.
    @OptionalField(key: "used_by") var usedBy: String?
    /// Test numbers skip the hourly limits; they send nothing.
    @Field(key: "is_test_number") var isTestNumber: Bool
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "expires_at") var expiresAt: Date

    init() {}

    init(sessionInfo: String, phoneNumber: String, codeDigest: String, visibleCode: String?, clientAddress: String, isTestNumber: Bool, createdAt: Date, expiresAt: Date) {
        id = sessionInfo
        self.phoneNumber = phoneNumber
        self.codeDigest = codeDigest
        self.visibleCode = visibleCode
        self.clientAddress = clientAddress
        attempts = 0
        self.isTestNumber = isTestNumber
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
