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

    init() {}

    init(tokenHash: String, accountID: String, expiresAt: Date, createdAt: Date) {
        id = tokenHash
        $account.id = accountID
        self.expiresAt = expiresAt
        self.createdAt = createdAt
    }
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
