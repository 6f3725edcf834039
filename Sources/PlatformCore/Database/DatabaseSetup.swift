import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import SQLKit
import Vapor

public enum DatabaseSetup {
    /// Registers the configured database as the default one.
    public static func register(_ storage: DatabaseStorage, on app: Application) throws {
        switch storage {
        case let .sqlite(path):
            app.databases.use(.sqlite(.file(path), sqlLogLevel: .debug), as: .sqlite)
        case let .postgres(url):
            let configuration = try SQLPostgresConfiguration(url: url)
            app.databases.use(.postgres(configuration: configuration, sqlLogLevel: .debug), as: .psql)
        }
    }

    /// Opens the database once and proves it is usable, turning SQLite's WAL journal on. A corrupt
    /// file or an unreachable server fails here, with one clear line, instead of on the first
    /// request.
    public static func prepare(_ database: any Database, storage: DatabaseStorage) async throws {
        let sql = try database.sql()
        do {
            switch storage {
            case let .sqlite(path):
                try await sql.raw("PRAGMA journal_mode=WAL").run()
                // The file holds password hashes and session ids: its owner alone may read it.
                for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
                    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
                }
                let rows = try await sql.raw("PRAGMA quick_check").all()
                let verdict = try rows.first?.decode(column: "quick_check", as: String.self)
                if let verdict, verdict != "ok" { throw DatabaseUnavailable(reason: "integrity check failed: \(verdict)") }
            case let .postgres(url):
                try await probePostgres(url)
                try await sql.raw("SELECT 1").run()
            }
        } catch let error as DatabaseUnavailable {
            throw error
        } catch {
            throw DatabaseUnavailable(reason: Self.describe(error))
        }
    }

    /// Sets what SQLite keeps per connection on every connection. The driver keeps exactly one
    /// connection per event loop for the application's life, so setting it on each loop's
    /// database reaches them all. (Foreign keys, also per connection, the driver turns on itself.)
    ///
    /// - A busy timeout: a write outside `writeTransaction` that meets another's write lock waits
    ///   for it instead of failing at once with "database is locked".
    /// - `synchronous=NORMAL`: with the WAL journal a commit no longer waits for its own fsync
    ///   (the WAL is synced at checkpoints). A crash of the process loses nothing committed; a
    ///   power cut may lose the last commits, never the file's integrity. Every commit's fsync
    ///   capped chat writes near a thousand a second (bench/RESULTS.md).
    /// - `wal_autocheckpoint=0`: no commit copies the WAL into the file; `WALCheckpoints` does,
    ///   beside the writes.
    public static func prepareConnections(of app: Application, storage: DatabaseStorage) async throws {
        guard case .sqlite = storage else { return }
        for eventLoop in app.eventLoopGroup.makeIterator() {
            guard let sql = app.databases.database(logger: app.logger, on: eventLoop) as? any SQLDatabase else { continue }
            for pragma in connectionPragmas { try await sql.raw("\(unsafeRaw: pragma)").run() }
        }
    }

    static let connectionPragmas = [
        "PRAGMA busy_timeout=\(busyTimeoutMilliseconds)", "PRAGMA synchronous=NORMAL", "PRAGMA wal_autocheckpoint=0",
        // Whenever a writer starts the WAL over, it trims the file back to this (`WALCheckpoints`).
        "PRAGMA journal_size_limit=\(WALCheckpoints.standardSizeLimit)",
    ]

    public static let busyTimeoutMilliseconds = 5000

    /// The PostgreSQL advisory lock instances take in turn to migrate and to load demo data.
    static let startupLock = 0x5370_0002

    /// Runs `body` alone among the instances sharing a PostgreSQL database: an orchestrator starts
    /// replicas together, and two migrating or loading the demo data at once collide (the second
    /// died with `emailTaken`). The lock is a session advisory lock on a connection of its own,
    /// released when that connection closes, so an instance that dies holding it frees it. On
    /// SQLite the data directory's lock keeps a second process out already.
    public static func alone<T>(_ storage: DatabaseStorage, logger: Logger, _ body: () async throws -> T) async throws -> T {
        guard case let .postgres(url) = storage else { return try await body() }
        let configuration = try SQLPostgresConfiguration(url: url)
        let connection = try await PostgresConnection.connect(configuration: configuration.coreConfiguration, id: 2, logger: logger)
        do {
            try await connection.query("SELECT pg_advisory_lock(\(Int64(startupLock)))", logger: logger)
            let result = try await body()
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Connects once outside the pool, whose own logger would report a refused connection as a
    /// multi-line error before this one clear line.
    private static func probePostgres(_ url: String) async throws {
        let configuration = try SQLPostgresConfiguration(url: url)
        var quiet = Logger(label: "sprout.database.probe")
        quiet.logLevel = .critical
        let connection = try await PostgresConnection.connect(configuration: configuration.coreConfiguration, id: 0, logger: quiet)
        try await connection.close()
    }

    /// Answers whether the database answers a trivial query, for `/healthz`.
    public static func isReachable(_ database: any Database) async -> Bool {
        do {
            try await database.sql().raw("SELECT 1").run()
            return true
        } catch {
            return false
        }
    }

    /// Drivers put their most useful words in different places; this picks a single readable line.
    static func describe(_ error: any Error) -> String {
        if let psql = error as? PSQLError {
            if let message = psql.serverInfo?[.message] { return message }
            if let underlying = psql.underlying { return "\(psql.code): \(firstLine(String(describing: underlying)))" }
            return String(describing: psql.code)
        }
        return firstLine(String(describing: error))
    }

    private static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init) ?? text
    }
}

/// The database cannot be used; `reason` is one line meant for an operator.
public struct DatabaseUnavailable: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}
