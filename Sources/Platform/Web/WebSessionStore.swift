import Crypto
import Fluent
import Foundation
import PlatformCore
import Vapor

/// A browser's web session. Only a digest of the session id is stored, so a copy of the
/// database cannot be replayed as cookies; the account is kept beside the data so every session
/// of one account can be ended at once.
final class WebSessionRow: Model, @unchecked Sendable {
    static let schema = "web_sessions"

    @ID(custom: "id_digest", generatedBy: .user) var id: String?
    @OptionalField(key: "account_id") var accountID: String?
    @Field(key: "data") var data: String
    @Field(key: "expires_at") var expiresAt: Date

    init() {}

    init(idDigest: String, accountID: String?, data: String, expiresAt: Date) {
        id = idDigest
        self.accountID = accountID
        self.data = data
        self.expiresAt = expiresAt
    }
}

/// Vapor's session driver over `web_sessions`: a session lasts `lifetime` from its last use
/// (each answer that carries it extends it), is refused and deleted once past it, and expired rows
/// are pruned as new sessions are made. Time is the injected clock.
public struct WebSessionStore: AsyncSessionDriver {
    /// Thirty days, as long as the cookie.
    public static let lifetime: TimeInterval = 30 * 24 * 60 * 60

    let clock: WallClock
    let ids: IdentifierGenerator

    public init(clock: WallClock, ids: IdentifierGenerator) {
        self.clock = clock
        self.ids = ids
    }

    public func createSession(_ data: SessionData, for request: Request) async throws -> SessionID {
        let id = ids.token()
        // Vapor makes a new, empty session for a cookie whose session is gone (expired, ended
        // everywhere); nothing needs storing until something is put in it.
        guard !data.snapshot.isEmpty else { return SessionID(string: id) }
        let now = clock.now()
        try await WebSessionRow.query(on: request.db).filter(\.$expiresAt <= now).delete()
        try await WebSessionRow(
            idDigest: Self.digest(id), accountID: data[Request.webAccountKey], data: try Self.encode(data),
            expiresAt: now.addingTimeInterval(Self.lifetime)
        ).create(on: request.db)
        return SessionID(string: id)
    }

    public func readSession(_ sessionID: SessionID, for request: Request) async throws -> SessionData? {
        guard sessionID.string.utf8.count <= 128, let row = try await WebSessionRow.find(Self.digest(sessionID.string), on: request.db) else {
            return nil
        }
        guard row.expiresAt > clock.now() else {
            try await row.delete(on: request.db)
            return nil
        }
        return try? JSONDecoder().decode(SessionData.self, from: Data(row.data.utf8))
    }

    public func updateSession(_ sessionID: SessionID, to data: SessionData, for request: Request) async throws -> SessionID {
        let now = clock.now()
        guard let row = try await WebSessionRow.find(Self.digest(sessionID.string), on: request.db), row.expiresAt > now else {
            // An empty session that was never stored (see `createSession`) now holds something:
            // it is stored under an id of our making, never the one the browser brought.
            return try await createSession(data, for: request)
        }
        row.data = try Self.encode(data)
        row.accountID = data[Request.webAccountKey]
        row.expiresAt = now.addingTimeInterval(Self.lifetime)
        try await row.update(on: request.db)
        return sessionID
    }

    public func deleteSession(_ sessionID: SessionID, for request: Request) async throws {
        try await WebSessionRow.query(on: request.db).filter(\.$id == Self.digest(sessionID.string)).delete()
    }

    /// Ends every web session of `accountID` ("log out everywhere", withdrawal).
    public static func endAll(for accountID: String, on db: any Database) async throws {
        try await WebSessionRow.query(on: db).filter(\.$accountID == accountID).delete()
    }

    static func digest(_ id: String) -> String {
        Hex.encode(SHA256.hash(data: Data(id.utf8)))
    }

    private static func encode(_ data: SessionData) throws -> String {
        String(decoding: try JSONEncoder().encode(data), as: UTF8.self)
    }
}
