import Fluent
import Platform
import PlatformCore
import SQLKit
import SproutTestSupport
import Testing

/// SQLite keeps its busy timeout, sync mode and foreign-key switch per connection: every
/// connection the application writes through has them, not only the one that happened to open first.
@Suite struct SQLiteConnectionsTests {
    @Test func everyConnectionWaitsForALockAndEnforcesForeignKeys() async throws {
        try await withSprout { sprout in
            guard let first = sprout.app.db as? any SQLDatabase, first.dialect.name == "sqlite" else { return }
            var loops = 0
            for eventLoop in sprout.app.eventLoopGroup.makeIterator() {
                let sql = try #require(sprout.app.databases.database(logger: sprout.app.logger, on: eventLoop) as? any SQLDatabase)
                let timeout = try await sql.raw("PRAGMA busy_timeout").first()?.decode(column: "timeout", as: Int.self)
                #expect(timeout == DatabaseSetup.busyTimeoutMilliseconds)
                let synchronous = try await sql.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self)
                #expect(synchronous == 1, "NORMAL")
                let foreignKeys = try await sql.raw("PRAGMA foreign_keys").first()?.decode(column: "foreign_keys", as: Int.self)
                #expect(foreignKeys == 1)
                loops += 1
            }
            #expect(loops > 1, "the group runs several event loops, each with its own connection")
        }
    }
}
