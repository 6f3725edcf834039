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

struct CreateRefreshToken: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RefreshToken.schema)
            .field("token_hash", .string, .identifier(auto: false))
            .field("account_id", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("expires_at", .datetime, .required)
            .field("created_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RefreshToken.schema).delete()
    }
}

struct AddRefreshTokenFamilies: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite's ALTER TABLE adds one at a time.
        try await database.schema(RefreshToken.schema).field("family_id", .string).update()
        try await database.schema(RefreshToken.schema).field("replaced_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RefreshToken.schema).deleteField("replaced_at").update()
        try await database.schema(RefreshToken.schema).deleteField("family_id").update()
    }
}
