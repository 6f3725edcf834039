import Fluent
import Foundation

/// A phone session's refresh token. Like Firebase's, it does not rotate or expire on its own;
/// only its SHA-256 is stored, and deleting the row revokes it. Withdrawing the account deletes
/// its rows through the foreign key.
final class PhoneRefreshToken: Model, @unchecked Sendable {
    static let schema = "phone_refresh_tokens"

    @ID(custom: "token_hash", generatedBy: .user) var id: String?
    @Parent(key: "account_id") var account: Account
    @Field(key: "created_at") var createdAt: Date
    /// When the person last proved the phone with a code: the ID tokens' `auth_time`.
    @Field(key: "signed_in_at") var signedInAt: Date

    init() {}

    init(tokenHash: String, accountID: String, createdAt: Date) {
        id = tokenHash
        $account.id = accountID
        self.createdAt = createdAt
        signedInAt = createdAt
    }
}
