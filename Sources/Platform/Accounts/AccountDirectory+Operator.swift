import Fluent
import Foundation

/// What the operator does to accounts from the command line (`sprout accounts …`).
extension AccountDirectory {
    /// Every account, oldest first.
    public func all(on db: any Database) async throws -> [Account] {
        try await Account.query(on: db).sort(\.$createdAt).sort(\.$id).all()
    }

    /// The account with this email, or this phone number in E.164 (`+821012345678`).
    public func account(named handle: String, on db: any Database) async throws -> Account {
        let handle = handle.trimmingCharacters(in: .whitespaces)
        let found = handle.hasPrefix("+")
            ? try await account(withPhone: handle, on: db)
            : try await Account.query(on: db).filter(\.$emailKey == Account.key(forEmail: handle)).first()
        guard let found else { throw AccountError.notFound }
        return found
    }

    /// Disables or enables the account; disabling stamps the moment, enabling clears it.
    public func setDisabled(_ disabled: Bool, _ account: Account, on db: any Database) async throws {
        account.disabledAt = disabled ? (account.disabledAt ?? clock.now()) : nil
        try await account.save(on: db)
    }

    /// Gives the account a new password (hashed as at sign-up).
    public func resetPassword(of account: Account, to password: String, on db: any Database) async throws {
        account.passwordHash = try await hash(password: password)
        try await account.save(on: db)
    }
}
