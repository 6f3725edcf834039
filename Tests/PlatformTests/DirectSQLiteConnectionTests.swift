import Fluent
import Foundation
@testable import Platform
@testable import PlatformCore
import SproutTestSupport
import SQLKit
import Testing

/// The dedicated connection a batch of messages is written on: what it writes reads back through
/// the application's connections as their own writes do, a failure leaves it usable, and its
/// transactions take turns with every other write.
@Suite struct DirectSQLiteConnectionTests {
    struct Probe: Codable, Equatable {
        let text: String
        let number: Int
        let when: Date
        let flag: Bool
        let missing: String?
        let bytes: Data
    }

    struct Stored: Decodable, Equatable {
        let kind: String
    }

    @Test func whatItWritesReadsBackAsTheApplicationsOwnWrites() async throws {
        try await withSprout { sprout in
            guard case let .sqlite(path) = sprout.platform.config.storage else { return }
            let app = try sprout.app.db.sql()
            try await app.raw("CREATE TABLE direct_probe (id INTEGER PRIMARY KEY, writer TEXT, text TEXT, number INTEGER, \"when\" REAL, flag BOOLEAN, missing TEXT, bytes BLOB)").run()
            let direct = try DirectSQLiteConnection(path: path, logger: sprout.app.logger)
            defer { direct.close() }
            let probe = Probe(text: "메시지 ✉️ \"quoted\" ' and \\ back", number: Int.max, when: Date(timeIntervalSince1970: 1_795_000_000.123), flag: true,
                              missing: nil, bytes: Data([0, 1, 254, 255]))
            for (writer, db) in [("app", app), ("direct", direct as any SQLDatabase)] {
                try await db.insert(into: "direct_probe").columns("writer", "text", "number", "when", "flag", "missing", "bytes")
                    .values(SQLBind(writer), SQLBind(probe.text), SQLBind(probe.number), SQLBind(probe.when), SQLBind(probe.flag), SQLBind(probe.missing),
                            SQLBind(probe.bytes)).run()
            }
            let read = try await app.select().columns("text", "number", "when", "flag", "missing", "bytes").from("direct_probe").orderBy("id")
                .all(decoding: Probe.self)
            #expect(read.count == 2 && read[0] == read[1], "both writers' rows read alike")
            #expect(read.first.map { abs($0.when.timeIntervalSince(probe.when)) < 0.001 } == true)
            #expect(read.first.map { Probe(text: $0.text, number: $0.number, when: probe.when, flag: $0.flag, missing: $0.missing, bytes: $0.bytes) } == probe)
            let kinds = { (db: any SQLDatabase) in
                try await db.raw("SELECT group_concat(typeof(text) || typeof(number) || typeof(\"when\") || typeof(flag) || typeof(missing) || typeof(bytes), ' ') AS kind FROM direct_probe")
                    .first(decoding: Stored.self)
            }
            let stored = try await kinds(app)
            #expect(stored?.kind.split(separator: " ").count == 2 && Set(stored?.kind.split(separator: " ") ?? []).count == 1, "stored alike: \(stored?.kind ?? "")")
            #expect(try await kinds(direct) == stored, "and read alike through either")
            #expect(try await direct.select().columns("text", "number", "when", "flag", "missing", "bytes").from("direct_probe").orderBy("id")
                .all(decoding: Probe.self) == read)
        }
    }

    @Test func aRefusedStatementIsAConstraintFailureAndTheConnectionGoesOn() async throws {
        try await withSprout { sprout in
            guard case let .sqlite(path) = sprout.platform.config.storage else { return }
            try await sprout.app.db.sql().raw("CREATE TABLE direct_unique (name TEXT UNIQUE)").run()
            let direct = try DirectSQLiteConnection(path: path, logger: sprout.app.logger)
            defer { direct.close() }
            let insert = { (name: String) in try await direct.insert(into: "direct_unique").columns("name").values(SQLBind(name)).run() }
            try await insert("once")
            do {
                try await insert("once")
                Issue.record("a second row of the same name was written")
            } catch let error as DirectSQLiteError {
                #expect(error.isConstraintFailure && !error.isSyntaxError, "\(error)")
            }
            try await insert("twice")
            await #expect(throws: DirectSQLiteError.self) { try await direct.raw("SELEC nonsense").run() }
            struct Name: Decodable { let name: String }
            #expect(try await sprout.app.db.sql().select().column("name").from("direct_unique").orderBy("name").all(decoding: Name.self).map(\.name)
                    == ["once", "twice"])
        }
    }

    @Test func dedicatedTransactionsCommitWholeOrNotAtAllAndTakeTurnsWithEveryOtherWrite() async throws {
        try await withSprout { sprout in
            let (db, writes) = (sprout.app.db, sprout.platform.dedicatedWrites)
            try await db.sql().raw("CREATE TABLE direct_counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)").run()
            try await db.sql().raw("INSERT INTO direct_counter (id, value) VALUES (1, 0)").run()
            struct Broken: Error {}
            await #expect(throws: Broken.self) {
                try await writes.transaction(on: db) { sql in
                    try await sql.raw("UPDATE direct_counter SET value = value + 100").run()
                    throw Broken()
                }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let add = { @Sendable (sql: any SQLDatabase) in try await sql.raw("UPDATE direct_counter SET value = value + 1").run() }
                        if index.isMultiple(of: 2) {
                            try await writes.transaction(on: db) { try await add($0) }
                        } else {
                            try await db.writeTransaction { try await add($0.sql()) }
                        }
                    }
                }
                try await group.waitForAll()
            }
            struct Value: Decodable { let value: Int }
            #expect(try await db.sql().select().column("value").from("direct_counter").first(decoding: Value.self)?.value == 40,
                    "the failed transaction left nothing; none of the forty was lost or refused")
        }
    }
}
