import FluentSQL
import Foundation
import SproutAPI
import SproutTestSupport
import Testing

/// The library and the statistics are answered from the reading cache while the books, sessions
/// and goals are unchanged; any write to them, by any connection, is seen by the next read, and
/// one reader's answers are never another's.
@Suite struct ReadingCachedReadsTests {
    @Test func theLibrarySeesAWriteFromAnotherConnectionAndStaysEachReadersOwn() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader("kept")
            let other = try await sprout.reader("other")
            try await sprout.addBook(Books.dune, by: reader)
            let first = try await sprout.send(.GET, "api/reading/library", headers: reader.headers)
            let tag = try #require(first.headers.first(name: .eTag))
            let again = try await sprout.send(.GET, "api/reading/library", headers: reader.headers.merging(["If-None-Match": tag]) { $1 })
            #expect(again.status.code == 304)
            #expect(try await sprout.library(of: other).isEmpty, "not the first reader's cached answer")

            // As a `sprout` command or a second instance would: not through this process's API.
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            try await sql.raw("UPDATE reading_books SET title = 'Dune Messiah' WHERE account_id = \(bind: reader.accountID)").run()
            #expect(try await sprout.library(of: reader).map(\.title) == ["Dune Messiah"])
            let changed = try await sprout.send(.GET, "api/reading/library", headers: reader.headers.merging(["If-None-Match": tag]) { $1 })
            #expect(changed.status.code == 200, "the old tag no longer matches")
        }
    }

    @Test func theStatisticsSeeNewGoalsAndANewDayWithoutAWrite() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.almond, by: reader)
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 600)
            _ = try await sprout.stopTimer(by: reader)
            #expect(try await sprout.stats(of: reader).streak.current == 1)
            #expect(try await sprout.stats(of: reader).goals.yearlyBooks == 0)

            let sql = try #require(sprout.app.db as? any SQLDatabase)
            try await sql.raw("INSERT INTO reading_goals (account_id, yearly_books, daily_minutes) VALUES (\(bind: reader.accountID), 12, 30)").run()
            #expect(try await sprout.stats(of: reader).goals.yearlyBooks == 12)

            sprout.clock.advance(by: 2 * 86_400)
            #expect(try await sprout.stats(of: reader).streak.current == 0, "the streak ends with the day, no write needed")
        }
    }
}
