import Fluent
import Foundation
import PlatformCore
import Vapor

public enum APIKeyError: Error, Equatable {
    case nameTaken(String)
    case emptyName
}

/// Creates, lists and checks API keys.
public struct APIKeyRegistry: Sendable {
    let ids: IdentifierGenerator
    let clock: WallClock
    /// Digests of registered keys already checked, asked again after any write to the keys.
    let knownDigests: KnownRows

    public init(ids: IdentifierGenerator, clock: WallClock, versions: ReadVersions) {
        self.ids = ids
        self.clock = clock
        knownDigests = KnownRows(table: APIKey.schema, column: "key_hash", group: CredentialsReadVersion.group, versions: versions)
    }

    /// Creates a key and returns it in clear text; this is the only time it is ever available.
    public func create(name: String, on db: any Database) async throws -> String {
        let key = "sk_" + ids.token(byteCount: 24)
        try await register(key: key, name: name, on: db)
        return key
    }

    /// Stores a key chosen elsewhere (the dev key kept in the data directory).
    public func register(key: String, name: String, on db: any Database) async throws {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw APIKeyError.emptyName }
        if try await APIKey.query(on: db).filter(\.$name == name).count() > 0 { throw APIKeyError.nameTaken(name) }
        do {
            try await APIKey(
                keyHash: TokenService.digest(key), name: name,
                prefix: String(key.prefix(7)), createdAt: clock.now()
            ).create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw APIKeyError.nameTaken(name)
        }
    }

    /// Registers the dev key kept in the data directory unless it is registered already, named
    /// `dev-<first digest characters>` so that every data directory sharing one PostgreSQL
    /// database (several instances, or a reset data directory) gets its printed key accepted.
    public func ensureDevKeyRegistered(_ key: String, on db: any Database) async throws {
        if try await RowExistence.exists(in: APIKey.schema, where: "key_hash", is: TokenService.digest(key), on: db) { return }
        do {
            try await register(key: key, name: "dev-" + TokenService.digest(key).prefix(8), on: db)
        } catch APIKeyError.nameTaken {
            // Another instance registered the same key at the same moment.
        }
    }

    /// Forgets the dev key kept in the data directory, when it is registered: an install that no
    /// longer runs as a development one stops accepting the key it used to print.
    public func revokeDevKey(_ key: String, on db: any Database) async throws {
        try await db.writeTransaction { db in
            try await APIKey.query(on: db).filter(\.$id == TokenService.digest(key)).delete()
        }
    }

    /// Deletes the key of that name; false when there is none.
    public func revoke(name: String, on db: any Database) async throws -> Bool {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return try await db.writeTransaction { db in
            guard try await APIKey.query(on: db).filter(\.$name == name).count() > 0 else { return false }
            try await APIKey.query(on: db).filter(\.$name == name).delete()
            return true
        }
    }

    public func list(on db: any Database) async throws -> [APIKey] {
        try await APIKey.query(on: db).sort(\.$createdAt).sort(\.$name).all()
    }

    public func isValid(_ key: String, for request: Request) async throws -> Bool {
        guard !key.isEmpty else { return false }
        return try await knownDigests.exists(TokenService.digest(key), for: request)
    }
}
