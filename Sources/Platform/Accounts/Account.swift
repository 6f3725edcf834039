import Fluent
import Foundation

/// A person's one account across all four apps. Each app keeps its own profile beside it.
public final class Account: Model, @unchecked Sendable {
    public static let schema = "accounts"

    @ID(custom: "id", generatedBy: .user) public var id: String?
    /// As the person typed it; shown back to them.
    @Field(key: "email") public var email: String?
    /// Lowercased `email`; the unique key, so that addresses differing only in case collide.
    @Field(key: "email_key") public var emailKey: String?
    @Field(key: "password_hash") public var passwordHash: String?
    @Field(key: "display_name") public var displayName: String
    @Field(key: "phone_number") public var phoneNumber: String?
    @Field(key: "created_at") public var createdAt: Date
    /// Set by the operator (`sprout accounts disable`): no log-in or phone sign-in while set.
    @OptionalField(key: "disabled_at") public var disabledAt: Date?

    public init() {}

    public init(id: String, email: String?, passwordHash: String?, displayName: String, createdAt: Date) {
        self.id = id
        self.email = email
        self.emailKey = email.map(Account.key(forEmail:))
        self.passwordHash = passwordHash
        self.displayName = displayName
        self.createdAt = createdAt
    }

    public static func key(forEmail email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
