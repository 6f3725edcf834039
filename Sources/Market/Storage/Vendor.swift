import Fluent
import Foundation
import Platform

/// A seller. The original server issued these out of band; on Sprout a signed-in account becomes
/// one. `identifier` is public (sent as a header); the secret is stored only as a SHA-256 digest,
/// which is enough for a random secret of this length and keeps every mutating call cheap.
final class Vendor: Model, @unchecked Sendable {
    static let schema = "market_vendors"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Parent(key: "account_id") var account: Account
    @Field(key: "name") var name: String
    @Field(key: "identifier") var identifier: String
    @Field(key: "secret_digest") var secretDigest: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(accountID: String, name: String, identifier: String, secretDigest: String, createdAt: Date) {
        $account.id = accountID
        self.name = name
        self.identifier = identifier
        self.secretDigest = secretDigest
        self.createdAt = createdAt
    }
}
