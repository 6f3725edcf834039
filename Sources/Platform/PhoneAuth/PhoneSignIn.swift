import Crypto
import Fluent
import Foundation
import PlatformCore
import SQLKit

/// Sprout as its own phone identity provider: sends six-digit codes, turns a right code into an
/// account and a Firebase-shaped session (ID token + refresh token), and checks ID tokens. The
/// Firebase Auth emulator's REST surface (`PhoneAuthController`) and the web call this; the
/// SeSAC Study module calls `check(idToken:)` on every request.
///
/// Time comes from the injected clock and every secret from the injected generator, so expiry
/// and limits are tested by moving a `ManualClock`.
public struct PhoneSignIn: Sendable {
    /// A code is good for a minute, as the SeSAC Study apps' countdown shows.
    public static let codeLifetime: TimeInterval = 60
    /// Tries per code, right or wrong; after five wrong ones the session is dead.
    public static let maxAttempts = 5
    /// The window the hourly limits count over; sessions are pruned after it.
    static let limitWindow: TimeInterval = 3600

    public let settings: PhoneSignInSettings
    let limits: PhoneCodeLimits
    let sender: any SMSSender
    let idTokens: PhoneIDTokens
    let accounts: AccountDirectory
    let clock: WallClock
    let ids: IdentifierGenerator
    /// Keys the stored code digests, so a copy of the database cannot be searched for the codes
    /// (there are only a million).
    private let codeKey: SymmetricKey

    public init(
        settings: PhoneSignInSettings, limits: PhoneCodeLimits, secret: String, sender: any SMSSender,
        accounts: AccountDirectory, clock: WallClock, ids: IdentifierGenerator
    ) async {
        self.settings = settings
        self.limits = limits
        self.sender = sender
        self.accounts = accounts
        self.clock = clock
        self.ids = ids
        idTokens = await PhoneIDTokens(secret: secret, project: settings.project, clock: clock)
        codeKey = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data("phone-verification-code".utf8), using: SymmetricKey(data: Data(secret.utf8)))))
    }

    /// The uids phone clients know themselves by.
    public var uids: PhoneUIDs { idTokens.uids }

    /// The project id ID tokens name.
    public var project: String { settings.project }

    // MARK: ID tokens

    /// Whether `idToken` is one Sprout signed for this project and still within its hour. Reads
    /// no database: a withdrawn account's token stays valid until it expires, as Firebase's do.
    public func check(idToken: String) async -> PhoneTokenCheck {
        await idTokens.check(idToken)
    }

    // MARK: Codes

    /// Sends a new code to `phoneNumber` (any common notation; see `PhoneNumber.e164`) and answers
    /// the `sessionInfo` to sign in with. `clientAddress` is `Request.clientIP`.
    public func sendCode(to phoneNumber: String, clientAddress: String, on db: any Database) async throws -> String {
        guard !phoneNumber.trimmingCharacters(in: .whitespaces).isEmpty else { throw PhoneSignInError.missingPhoneNumber }
        guard let phone = PhoneNumber.e164(phoneNumber) else { throw PhoneSignInError.invalidPhoneNumber }
        let now = clock.now()
        let fixedCode = settings.testNumbers[phone]
        guard fixedCode != nil || (settings.sendsCodes && settings.allowsCountry(of: phone)) else { throw PhoneSignInError.numberNotAllowed }
        let code = fixedCode ?? newCode()
        let sessionInfo = ids.token(byteCount: 32)
        let verification = PhoneVerification(
            sessionInfo: sessionInfo, phoneNumber: phone, codeDigest: digest(code: code, sessionInfo: sessionInfo),
            visibleCode: settings.showsCodes ? code : nil, clientAddress: clientAddress, isTestNumber: fixedCode != nil,
            createdAt: now, expiresAt: now.addingTimeInterval(Self.codeLifetime)
        )
        let limits = limits
        try await db.writeTransaction { db in
            try await PhoneVerification.query(on: db).filter(\.$createdAt < now.addingTimeInterval(-Self.limitWindow)).delete()
            if fixedCode == nil {
                try await Self.admit(phone: phone, client: clientAddress, limits: limits, now: now, on: db)
            }
            try await verification.create(on: db)
        }
        // Sent after the row is written, outside the transaction: a slow provider must not hold
        // SQLite's write lock. A failed send still counts against the limits, so a client cannot
        // hammer the provider by retrying.
        if fixedCode == nil { try await sender.send(code: code, to: phone) }
        return sessionInfo
    }

    /// Refuses a new code when this number or this address had its hour's worth, with the
    /// seconds until the oldest of them leaves the window.
    private static func admit(phone: String, client: String, limits: PhoneCodeLimits, now: Date, on db: any Database) async throws {
        let since = now.addingTimeInterval(-limitWindow)
        func recent() -> QueryBuilder<PhoneVerification> {
            PhoneVerification.query(on: db).filter(\.$isTestNumber == false).filter(\.$createdAt > since)
        }
        let limited = [
            (limits.perPhonePerHour, recent().filter(\.$phoneNumber == phone)), (limits.perClientPerHour, recent().filter(\.$clientAddress == client)),
            (limits.perHour, recent()),
        ]
        for (limit, query) in limited where limit > 0 {
            guard try await query.copy().count() >= limit else { continue }
            let oldest = try await query.sort(\.$createdAt).first()?.createdAt ?? now
            throw PhoneSignInError.tooManyAttempts(retryAfter: max(1, Int(oldest.addingTimeInterval(limitWindow).timeIntervalSince(now).rounded(.up))))
        }
    }

    /// Checks `code` against the session and uses the session up: the verified number. For the
    /// web, which shows its own account pages rather than a Firebase session.
    public func confirm(sessionInfo: String, code: String, on db: any Database) async throws -> String {
        guard !sessionInfo.isEmpty else { throw PhoneSignInError.missingSessionInfo }
        guard !code.isEmpty else { throw PhoneSignInError.missingCode }
        guard sessionInfo.utf8.count <= 256, let session = try await PhoneVerification.find(sessionInfo, on: db) else {
            throw PhoneSignInError.invalidSession
        }
        guard session.usedBy == nil, session.attempts < Self.maxAttempts, session.expiresAt > clock.now() else {
            throw PhoneSignInError.sessionExpired
        }
        // The try is spent before the code is compared, atomically, so parallel guesses cannot
        // share one count.
        guard try await Self.takeAttempt(sessionInfo, on: db) else { throw PhoneSignInError.sessionExpired }
        guard Self.isWellFormedCode(code), constantTimeEquals(digest(code: code, sessionInfo: sessionInfo), session.codeDigest) else {
            throw PhoneSignInError.invalidCode
        }
        guard try await Self.use(sessionInfo, marker: ids.token(byteCount: 16), on: db) else { throw PhoneSignInError.sessionExpired }
        return session.phoneNumber
    }

    // MARK: Sessions

    /// Signs in with a code: the account that holds the number, made on the first sign-in.
    public func signIn(sessionInfo: String, code: String, on db: any Database) async throws -> PhoneSession {
        let phone = try await confirm(sessionInfo: sessionInfo, code: code, on: db)
        let (account, isNew) = try await accounts.account(forPhone: phone, on: db)
        return try await startSession(for: PhoneIdentity(uid: try account.requireID(), phoneNumber: phone), isNewUser: isNew, on: db)
    }

    /// Gives the signed-in account `accountID` the number the code was sent to.
    public func link(sessionInfo: String, code: String, toAccount accountID: String, on db: any Database) async throws {
        guard try await Account.exists(accountID, on: db) else { throw PhoneSignInError.accountNotFound }
        let phone = try await confirm(sessionInfo: sessionInfo, code: code, on: db)
        try await accounts.linkPhone(phone, toAccount: accountID, on: db)
    }

    /// A new ID token for a refresh token; the refresh token stays the same, as Firebase's does.
    public func refresh(refreshToken: String, on db: any Database) async throws -> PhoneSession {
        guard !refreshToken.isEmpty else { throw PhoneSignInError.missingRefreshToken }
        guard refreshToken.utf8.count <= 256,
              let stored = try await PhoneRefreshToken.find(Self.tokenDigest(refreshToken), on: db),
              let account = try await Account.find(stored.$account.id, on: db),
              let phone = account.phoneNumber
        else { throw PhoneSignInError.invalidRefreshToken }
        let identity = PhoneIdentity(uid: try account.requireID(), phoneNumber: phone)
        return PhoneSession(
            idToken: try await idTokens.sign(identity, signedInAt: stored.signedInAt), refreshToken: refreshToken,
            expiresIn: PhoneIDTokens.lifetime, identity: identity, isNewUser: false
        )
    }

    /// Ends one session (sign-out): its refresh token stops working; its ID token lives out its hour.
    public func revoke(refreshToken: String, on db: any Database) async throws {
        try await PhoneRefreshToken.query(on: db).filter(\.$id == Self.tokenDigest(refreshToken)).delete()
    }

    /// Ends every phone session of an account (withdrawal does this through the foreign key).
    public func revoke(allFor accountID: String, on db: any Database) async throws {
        try await PhoneRefreshToken.query(on: db).filter(\.$account.$id == accountID).delete()
    }

    func startSession(for identity: PhoneIdentity, isNewUser: Bool, on db: any Database) async throws -> PhoneSession {
        let refreshToken = ids.token()
        let now = clock.now()
        try await PhoneRefreshToken(tokenHash: Self.tokenDigest(refreshToken), accountID: identity.uid, createdAt: now).create(on: db)
        return PhoneSession(
            idToken: try await idTokens.sign(identity, signedInAt: now), refreshToken: refreshToken,
            expiresIn: PhoneIDTokens.lifetime, identity: identity, isNewUser: isNewUser
        )
    }

    /// The codes still waiting to be typed, for the emulator's listing; empty unless codes are
    /// shown rather than sent.
    func outstandingCodes(on db: any Database) async throws -> [(phoneNumber: String, sessionInfo: String, code: String)] {
        guard settings.showsCodes else { return [] }
        return try await PhoneVerification.query(on: db)
            .filter(\.$expiresAt > clock.now()).filter(\.$usedBy == nil).filter(\.$attempts < Self.maxAttempts)
            .sort(\.$createdAt).all()
            .compactMap { row in row.visibleCode.flatMap { code in row.id.map { (row.phoneNumber, $0, code) } } }
    }

    // MARK: Helpers

    public static func isWellFormedCode(_ code: String) -> Bool {
        code.utf8.count == 6 && code.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Six uniform digits: four random bytes, redrawn in the rare case they fall in the last,
    /// incomplete million (which would favour low codes).
    private func newCode() -> String {
        var value: UInt32 = 0
        for _ in 0..<8 {
            value = UInt32(ids.hex(byteCount: 4), radix: 16) ?? 0
            if value < 4_294_000_000 { break }
        }
        let digits = String(value % 1_000_000)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }

    private func digest(code: String, sessionInfo: String) -> String {
        Hex.encode(Data(HMAC<SHA256>.authenticationCode(for: Data("\(sessionInfo):\(code)".utf8), using: codeKey)))
    }

    static func tokenDigest(_ token: String) -> String {
        Hex.encode(SHA256.hash(data: Data(token.utf8)))
    }

    /// Spends one try, unless the session is used or out of tries.
    private static func takeAttempt(_ sessionInfo: String, on db: any Database) async throws -> Bool {
        let sql = try db.sql()
        let attempts = SQLIdentifier("attempts")
        return try await !sql.update(PhoneVerification.schema)
            .set(attempts, to: SQLBinaryExpression(attempts, .add, SQLLiteral.numeric("1")))
            .where("session_info", .equal, sessionInfo)
            .where(attempts, .lessThan, maxAttempts)
            .where(SQLIdentifier("used_by"), .is, SQLLiteral.null)
            .returning("session_info").all().isEmpty
    }

    /// Marks the session used by this request alone: of two right codes at once, one signs in.
    private static func use(_ sessionInfo: String, marker: String, on db: any Database) async throws -> Bool {
        let sql = try db.sql()
        return try await !sql.update(PhoneVerification.schema)
            .set("used_by", to: marker)
            .where("session_info", .equal, sessionInfo)
            .where(SQLIdentifier("used_by"), .is, SQLLiteral.null)
            .returning("session_info").all().isEmpty
    }
}
