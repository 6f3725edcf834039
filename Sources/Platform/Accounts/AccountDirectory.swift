import Fluent
import Foundation
import PlatformCore
import Vapor

public enum AccountError: Error, Equatable, CustomStringConvertible {
    case invalidEmail
    case emptyPassword
    case emailTaken
    case wrongCredentials
    /// The right password for an account the operator disabled.
    case disabled
    case notFound

    /// In words, for a log or an operator's terminal.
    public var description: String {
        switch self {
        case .invalidEmail: "the email is not an address or a plain ID"
        case .emptyPassword: "the password is empty"
        case .emailTaken: "an account with this email exists already"
        case .wrongCredentials: "wrong email or password"
        case .disabled: "the account is disabled"
        case .notFound: "no such account"
        }
    }
}

/// Creates, finds and removes accounts. App modules call this; they never write `accounts` rows
/// themselves.
public struct AccountDirectory: Sendable {
    let passwords: PasswordHashing
    let ids: IdentifierGenerator
    let clock: WallClock
    let throttle: LoginThrottle?
    /// What the app modules keep on disk for an account, deleted when it is withdrawn.
    public let keptFiles = AccountFiles()
    /// Accounts already found, asked again after any write to accounts.
    let knownAccounts: KnownRows

    public init(passwords: PasswordHashing, ids: IdentifierGenerator, clock: WallClock, versions: ReadVersions, throttle: LoginThrottle? = nil) {
        self.passwords = passwords
        self.ids = ids
        self.clock = clock
        self.throttle = throttle
        knownAccounts = KnownRows(table: Account.schema, column: "id", group: CredentialsReadVersion.group, versions: versions)
    }

    /// Counts a sign-up from `client` (`Request.clientIP`), refusing one address's flood of new
    /// accounts; every contract's join and the web's sign-up ask before creating one.
    public func admitSignup(from client: String) throws(TooManyRequests) {
        try throttle?.admitSignup(client: client)
    }

    /// Whether the account `id` exists (a withdrawn one does not), for checks on every call.
    public func exists(_ id: String, for request: Request) async throws -> Bool {
        try await knownAccounts.exists(id, for: request)
    }

    /// A plain ID as some published LSLP clients put in `email` (lowercase letters and digits,
    /// 4 to 20; the clients make 4 to 12): the account's identifier there, not an address.
    public static func isPlainID(_ text: String) -> Bool {
        (4...20).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
    }

    public static func isPlausibleEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !email.contains(where: \.isWhitespace) && email.count <= 254
    }

    /// Registers an email+password account. The unique index settles races between two sign-ups
    /// with the same address: the loser gets `.emailTaken`.
    public func register(email: String, password: String, displayName: String, on db: any Database) async throws -> Account {
        try await register(email: email, passwordHash: try await hash(password: password), displayName: displayName, on: db)
    }

    /// The stored form of a new password. Callers that register inside a write transaction hash
    /// first: bcrypt takes a quarter of a second, and SQLite's write lock would be held all along.
    public func hash(password: String) async throws -> String {
        guard !password.isEmpty else { throw AccountError.emptyPassword }
        return try await passwords.hash(password)
    }

    /// - Parameter allowingPlainID: the lessons contract's accounts may be named by a plain ID
    ///   instead of an email (`isPlainID`); they sign in with it everywhere, the web included.
    public func register(email: String, passwordHash: String, displayName: String, allowingPlainID: Bool = false, on db: any Database) async throws -> Account {
        let email = email.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.isPlausibleEmail(email) || (allowingPlainID && Self.isPlainID(email)) else { throw AccountError.invalidEmail }
        if try await isEmailTaken(email, on: db) { throw AccountError.emailTaken }
        let account = Account(id: ids.objectID(), email: email, passwordHash: passwordHash, displayName: displayName, createdAt: clock.now())
        do {
            try await account.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AccountError.emailTaken
        }
        return account
    }

    public func isEmailTaken(_ email: String, on db: any Database) async throws -> Bool {
        try await Account.query(on: db).filter(\.$emailKey == Account.key(forEmail: email)).count() > 0
    }

    /// The account whose email and password these are, for a log-in from `client` (its IP).
    /// Unknown addresses cost a hash too. Too many log-ins from `client`, or failures for this
    /// email, throw `TooManyRequests`, which every contract answers as its 429.
    public func authenticate(email: String, password: String, client: String, on db: any Database) async throws -> Account {
        try throttle?.admit(email: email, client: client)
        let account = try await Account.query(on: db).filter(\.$emailKey == Account.key(forEmail: email)).first()
        guard let account, let digest = account.passwordHash else {
            try await passwords.verifyDecoy(password)
            throttle?.recordFailure(email: email)
            throw AccountError.wrongCredentials
        }
        guard try await passwords.verify(password, against: digest) else {
            throttle?.recordFailure(email: email)
            throw AccountError.wrongCredentials
        }
        guard account.disabledAt == nil else { throw AccountError.disabled }
        if passwords.needsRehash(digest) {
            try await store(try await passwords.hash(password), for: account, replacing: digest, on: db)
        }
        return account
    }

    /// Replaces a password digest made at an earlier cost with one at the configured cost, unless
    /// the password changed meanwhile: a concurrent change keeps its own digest.
    private func store(_ newDigest: String, for account: Account, replacing digest: String, on db: any Database) async throws {
        let id = try account.requireID()
        try await Account.query(on: db).filter(\.$id == id).filter(\.$passwordHash == digest).set(\.$passwordHash, to: newDigest).update()
        account.passwordHash = newDigest
    }

    /// Removes the account; app profiles and tokens go with it through their foreign keys, and
    /// the files the modules kept for it (`keptFiles`) once no row names them.
    public func withdraw(_ id: String, on db: any Database) async throws {
        guard let account = try await Account.find(id, on: db) else { throw AccountError.notFound }
        let files = try await keptFiles.paths(of: id, on: db)
        try await account.delete(on: db)
        await keptFiles.delete(files)
    }
}
