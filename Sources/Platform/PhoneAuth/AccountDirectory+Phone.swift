import Fluent
import Foundation

/// Accounts found and made by a verified phone number, so that one person has one account
/// whether they arrive by phone (SeSAC Study) or by email (the other apps and the web).
extension AccountDirectory {
    /// The account whose phone this is, made when there is none (no email, no password; named by
    /// the masked number until the person says otherwise). Two first sign-ins racing for one
    /// number are settled by the unique index on `phone_number`: the loser reads the winner's.
    /// - Returns: the account, and whether it was made now.
    public func account(forPhone phoneNumber: String, on db: any Database) async throws -> (account: Account, isNew: Bool) {
        if let existing = try await account(withPhone: phoneNumber, on: db) {
            guard existing.disabledAt == nil else { throw PhoneSignInError.userDisabled }
            return (existing, false)
        }
        let account = Account(id: ids.objectID(), email: nil, passwordHash: nil, displayName: PhoneNumber.masked(phoneNumber), createdAt: clock.now())
        account.phoneNumber = phoneNumber
        do {
            try await account.create(on: db)
            return (account, true)
        } catch {
            guard (error as? any DatabaseError)?.isConstraintFailure == true,
                  let winner = try await self.account(withPhone: phoneNumber, on: db)
            else { throw error }
            return (winner, false)
        }
    }

    public func account(withPhone phoneNumber: String, on db: any Database) async throws -> Account? {
        try await Account.query(on: db).filter(\.$phoneNumber == phoneNumber).first()
    }

    /// Gives a signed-in account a verified phone (an email account adding one on the web, or a
    /// number changed). Refused when the number is already another account's: the person should
    /// sign in with it instead, never end up with two accounts holding one number.
    public func linkPhone(_ phoneNumber: String, toAccount accountID: String, on db: any Database) async throws {
        guard let account = try await Account.find(accountID, on: db) else { throw PhoneSignInError.accountNotFound }
        if account.phoneNumber == phoneNumber { return }
        if let holder = try await self.account(withPhone: phoneNumber, on: db), holder.id != accountID {
            throw PhoneSignInError.phoneBelongsToAnotherAccount
        }
        account.phoneNumber = phoneNumber
        do {
            try await account.save(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw PhoneSignInError.phoneBelongsToAnotherAccount
        }
    }

    /// An account made by phone sign-in goes by its masked number until it has a name of its own
    /// (the study nickname); one named otherwise keeps its name.
    public static func name(phoneAccount accountID: String, phone: String, _ name: String, on db: any Database) async throws {
        try await Account.query(on: db).filter(\.$id == accountID).filter(\.$displayName == PhoneNumber.masked(phone))
            .set(\.$displayName, to: name).update()
    }
}
