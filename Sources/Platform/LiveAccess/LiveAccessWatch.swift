import Fluent
import Foundation
import PlatformCore
import SQLKit
import Synchronization
import Vapor

/// Ends live connections (event streams, sockets) whose access has ended: the account disabled
/// or gone, the session that opened them ended (logout, "log out everywhere", a refresh token
/// reused), or their bearer token expired. Every instance checks its own connections against the
/// database every `interval`, so a change made anywhere (another instance, `sprout accounts
/// disable` in another process) ends them within that; a change made here checks at once.
public final class LiveAccessWatch: ModuleService, Sendable {
    public let name = "live access watch"
    /// How many ids one query asks about, well inside both databases' parameter limits.
    static let chunk = 500

    private struct Holder {
        let grant: AccessGrant
        let end: @Sendable () -> Void
    }

    private let clock: WallClock
    private let interval: Duration
    private let logger = Logger(label: "sprout.access")
    private let holders = Mutex<[String: Holder]>([:])
    private let database = Mutex<(any Database)?>(nil)
    private let loop = Mutex<Task<Void, Never>?>(nil)

    public init(clock: WallClock, interval: Duration) {
        self.clock = clock
        self.interval = interval
    }

    /// Watches the connection `key` (unique among live connections) until `release`; `end` runs
    /// once, when its grant no longer holds.
    public func hold(_ grant: AccessGrant, key: String, end: @escaping @Sendable () -> Void) {
        holders.withLock { $0[key] = Holder(grant: grant, end: end) }
    }

    public func release(_ key: String) {
        _ = holders.withLock { $0.removeValue(forKey: key) }
    }

    /// How many connections are watched, for tests.
    public var count: Int { holders.withLock { $0.count } }

    /// Checks now rather than at the next interval: access just ended on this instance.
    public func checkSoon() {
        guard let db = database.withLock({ $0 }) else { return }
        Task { await checkLogging(on: db) }
    }

    /// Ends every watched connection whose grant no longer holds; answers how many it ended.
    @discardableResult
    public func check(on db: any Database) async throws -> Int {
        let watched = holders.withLock { $0 }
        guard !watched.isEmpty else { return 0 }
        let now = clock.now()
        let grants = Set(watched.values.map(\.grant))
        let sql = try db.sql()
        let active = try await Self.activeAccounts(Set(grants.map(\.accountID)), on: sql)
        let families = Set(grants.compactMap { if case let .login(family) = $0.session { family } else { nil } })
        let liveFamilies = try await Self.liveFamilies(families, on: sql)
        let digests = Set(grants.compactMap { if case let .web(digest) = $0.session { digest } else { nil } })
        let liveWeb = try await Self.liveWebSessions(digests, now: now, on: sql)
        let phoneAccounts = Set(grants.filter { $0.session == .phone }.map(\.accountID))
        let signedInByPhone = try await Self.accountsWithPhoneSessions(phoneAccounts, on: sql)

        func holds(_ grant: AccessGrant) -> Bool {
            if let expires = grant.expires, expires <= now { return false }
            guard active.contains(grant.accountID) else { return false }
            switch grant.session {
            case let .login(family): return liveFamilies.contains(family)
            case let .web(digest): return liveWeb.contains(digest)
            case .phone: return signedInByPhone.contains(grant.accountID)
            case .none: return true
            }
        }
        let ended = holders.withLock { current -> [Holder] in
            let keys = watched.filter { !holds($0.value.grant) }.keys
            return keys.compactMap { current.removeValue(forKey: $0) }
        }
        for holder in ended { holder.end() }
        return ended.count
    }

    private func checkLogging(on db: any Database) async {
        do {
            try await check(on: db)
        } catch {
            // Connections stay until the next check; the error names no account or session.
            logger.warning("Live access not checked: \(String(reflecting: type(of: error)))")
        }
    }

    public func start(on application: Application) async throws {
        let db = application.db
        database.withLock { $0 = db }
        let interval = self.interval
        loop.withLock { $0 = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { break }
                await self?.checkLogging(on: db)
            }
        } }
    }

    public func stop() async {
        let task = loop.withLock { $0 }
        task?.cancel()
        await task?.value
    }

    // MARK: Queries, each asking about at most `chunk` ids at a time

    private struct Row: Decodable { let id: String }

    /// What `query` finds of `ids`, asked `chunk` ids at a time.
    private static func found(_ ids: Set<String>, _ query: ([String]) async throws -> [String]) async throws -> Set<String> {
        let sorted = ids.sorted()
        var found = Set<String>()
        for start in stride(from: 0, to: sorted.count, by: chunk) {
            found.formUnion(try await query(Array(sorted[start..<min(start + chunk, sorted.count)])))
        }
        return found
    }

    static func activeAccounts(_ ids: Set<String>, on sql: any SQLDatabase) async throws -> Set<String> {
        try await found(ids) { chunk in
            try await sql.select().column("id").from(Account.schema)
                .where("id", .in, chunk).where("disabled_at", .is, SQLLiteral.null).all(decoding: Row.self).map(\.id)
        }
    }

    /// The families among `families` with a token left: logout and reuse delete a whole family.
    static func liveFamilies(_ families: Set<String>, on sql: any SQLDatabase) async throws -> Set<String> {
        struct TokenRow: Decodable { let token_hash: String; let family_id: String? }
        return try await found(families) { chunk in
            try await sql.select().columns("token_hash", "family_id").from(RefreshToken.schema)
                .where("token_hash", .in, chunk).orWhere("family_id", .in, chunk).all(decoding: TokenRow.self).map { $0.family_id ?? $0.token_hash }
        }.intersection(families)
    }

    static func liveWebSessions(_ digests: Set<String>, now: Date, on sql: any SQLDatabase) async throws -> Set<String> {
        try await found(digests) { chunk in
            try await sql.select().column(SQLAlias(SQLColumn("id_digest"), as: SQLIdentifier("id"))).from(WebSessionRow.schema)
                .where("id_digest", .in, chunk).where("expires_at", .greaterThan, SQLBind(now)).all(decoding: Row.self).map(\.id)
        }
    }

    static func accountsWithPhoneSessions(_ accounts: Set<String>, on sql: any SQLDatabase) async throws -> Set<String> {
        try await found(accounts) { chunk in
            try await sql.select().distinct().column(SQLAlias(SQLColumn("account_id"), as: SQLIdentifier("id")))
                .from(PhoneRefreshToken.schema).where("account_id", .in, chunk).all(decoding: Row.self).map(\.id)
        }
    }
}
