import Fluent
import Foundation

/// A refresh token is random and opaque; only its SHA-256 is stored, so a copy of the database
/// cannot be replayed as sessions. Deleting the row revokes it.
final class RefreshToken: Model, @unchecked Sendable {
    static let schema = "refresh_tokens"

    @ID(custom: "token_hash", generatedBy: .user) var id: String?
    @Parent(key: "account_id") var account: Account
    @Field(key: "expires_at") var expiresAt: Date
    @Field(key: "created_at") var createdAt: Date
    /// The first token of the log-in this one descends from by rotation (nil: it is the first).
    @OptionalField(key: "family_id") var familyID: String?
    /// When this token was exchanged for its successor; presenting it again after that is reuse.
    @OptionalField(key: "replaced_at") var replacedAt: Date?

    init() {}

    init(tokenHash: String, accountID: String, expiresAt: Date, createdAt: Date, familyID: String? = nil) {
        id = tokenHash
        $account.id = accountID
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.familyID = familyID
    }

    /// The log-in this token belongs to: its own hash for the first token of a family.
    var family: String { familyID ?? id ?? "" }
}
