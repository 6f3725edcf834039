import FluentKit
@testable import Platform
@testable import PlatformCore
import SproutTestSupport
import Testing
import XCTFluent

/// The modules' SQL is written against `Database.sql()`: a handle that is not SQL is an error the
/// request answers, where a cast would have stopped the process.
@Suite struct SQLAccessTests {
    @Test func aDatabaseThatIsNotSQLIsAnError() {
        #expect(throws: NotSQLDatabase.self) { try ArrayTestDatabase().db.sql() }
    }

    @Test func bothOfSproutsStoresAreSQL() async throws {
        try await withSprout { sprout in
            let sql = try sprout.app.db.sql()
            #expect(["sqlite", "postgresql"].contains(sql.dialect.name))
            #expect(try await sql.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self) == 1)
        }
    }
}
