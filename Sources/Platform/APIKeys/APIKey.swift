import Fluent
import Foundation

/// A key that identifies a client app (lessons clients send it as `SesacKey`). Only the SHA-256 of
/// the key is stored; the key itself is shown once, when it is created.
public final class APIKey: Model, @unchecked Sendable {
    public static let schema = "api_keys"

    @ID(custom: "key_hash", generatedBy: .user) public var id: String?
    @Field(key: "name") public var name: String
    /// The first characters of the key, so an operator can tell keys apart in `keys list`.
    @Field(key: "prefix") public var prefix: String
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    init(keyHash: String, name: String, prefix: String, createdAt: Date) {
        id = keyHash
        self.name = name
        self.prefix = prefix
        self.createdAt = createdAt
    }
}
