import FluentSQL
import Foundation
import Platform
import PlatformCore
import Synchronization
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

    @Test func eachReadersCounterMovesWithTheirOwnWritesOnly() async throws {
        try await withReadingSprout { sprout in
            let versions = sprout.platform.readVersions
            let counter = { (reader: Reader) in try #require(try await versions.current("reading", account: reader.accountID, on: sprout.app.db)) }
            let kept = try await sprout.reader("kept")
            let other = try await sprout.reader("other")
            #expect(try await counter(kept) == 0, "no writes yet")
            try await sprout.addBook(Books.dune, by: kept)
            let keptAfterAdding = try await counter(kept)
            #expect(keptAfterAdding > 0)

            let book = try await sprout.addBook(Books.almond, by: other)
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            try await sql.raw("UPDATE reading_books SET title = 'Almond' WHERE id = \(bind: book.id)").run()
            try await sql.raw("INSERT INTO reading_goals (account_id, yearly_books, daily_minutes) VALUES (\(bind: other.accountID), 3, 10)").run()
            let otherAfterWrites = try await counter(other)
            #expect(otherAfterWrites > 0)
            #expect(try await counter(kept) == keptAfterAdding, "another reader's writes")

            try await sql.raw("UPDATE reading_books SET title = title").run()
            #expect(try await counter(kept) > keptAfterAdding, "one statement over both readers' rows moves both")
            #expect(try await counter(other) > otherAfterWrites)

            let otherBeforeLeaving = try await counter(other)
            try await sql.raw("DELETE FROM accounts WHERE id = \(bind: other.accountID)").run()
            #expect(try await counter(other) > otherBeforeLeaving, "rows deleted with their account")
        }
    }

    @Test func aKeptAnswerOutlivesOtherReadersWrites() async throws {
        try await withReadingSprout { sprout in
            let cache = AnswerCache<String>(ReadGroup("reading", .perAccount, tables: ["reading_books"]), perAccount: { $0 }, versions: sprout.platform.readVersions)
            let builds = Mutex(0)
            let read = { (reader: Reader) in
                String(decoding: try await cache.answer(reader.accountID, for: sprout.request()) {
                    Data("answer \(builds.withLock { $0 += 1; return $0 })".utf8)
                }.bytes, as: UTF8.self)
            }
            let kept = try await sprout.reader("kept")
            let other = try await sprout.reader("other")
            #expect(try await read(kept) == "answer 1")
            #expect(try await read(other) == "answer 2")
            try await sprout.addBook(Books.almond, by: other)
            #expect(try await read(kept) == "answer 1", "kept through another reader's write")
            #expect(try await read(other) == "answer 3")
            try await sprout.addBook(Books.dune, by: kept)
            #expect(try await read(kept) == "answer 4", "built again after the reader's own write")
            #expect(try await read(other) == "answer 3")
        }
    }

    @Test func onPostgreSQLATransactionMovesEachReadersCounterOnceAtCommit() async throws {
        try await withReadingSprout { sprout in
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            guard sql.dialect.name == "postgresql" else { return }
            let versions = sprout.platform.readVersions
            let counter = { @Sendable (reader: Reader, db: any Database) in try #require(try await versions.current("reading", account: reader.accountID, on: db)) }
            let one = try await sprout.reader("one")
            let two = try await sprout.reader("two")
            let before = (try await counter(one, sprout.app.db), try await counter(two, sprout.app.db))
            try await sprout.app.db.transaction { tx in
                let inside = try #require(tx as? any SQLDatabase)
                for reader in [one, two] {
                    try await inside.raw("INSERT INTO reading_goals (account_id, yearly_books, daily_minutes) VALUES (\(bind: reader.accountID), 1, 1)").run()
                    try await inside.raw("UPDATE reading_goals SET yearly_books = 2 WHERE account_id = \(bind: reader.accountID)").run()
                }
                #expect(try await counter(one, tx) == before.0, "not before the commit")
            }
            #expect(try await counter(one, sprout.app.db) == before.0 + 1)
            #expect(try await counter(two, sprout.app.db) == before.1 + 1)
        }
    }
}
