import Foundation
import SQLKit
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// Progress updates (a page, or a percent for a book without pages), kept with their day and
/// listed newest first with the pages read since each one before; the days of the current
/// reading; reading a finished book again; a timer stop that records the page reached.
@Suite struct ProgressTests {
    static let json = ["Content-Type": "application/json"]

    func record(_ sprout: TestSprout, _ reader: Reader, _ bookID: String, _ body: String, expect status: UInt = 201) async throws -> Reading.ProgressUpdate? {
        let response = try await sprout.send(.POST, "api/reading/library/\(bookID)/progress", headers: reader.headers.merging(Self.json) { $1 }, body: body)
        #expect(response.status.code == status, "\(body): \(String(buffer: response.body))")
        return status == 201 ? try response.decode(Reading.ProgressUpdate.self) : nil
    }

    func timeline(_ sprout: TestSprout, _ reader: Reader, _ bookID: String) async throws -> Reading.Progress {
        let response = try await sprout.send(.GET, "api/reading/library/\(bookID)/progress", headers: reader.headers)
        #expect(response.status.code == 200, "\(String(buffer: response.body))")
        return try response.decode(Reading.Progress.self)
    }

    @Test func updatesAreKeptWithTheirDayNewestFirstWithThePagesReadSinceTheOneBefore() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            #expect(try await timeline(sprout, reader, book.id) == Reading.Progress(updates: [], total: 0, read: 1, current: nil))

            let first = try #require(try await record(sprout, reader, book.id, #"{"page": 40}"#))
            #expect(first.day == "2026-01-01" && first.page == 40 && first.percent == 16 && first.pagesRead == 40 && first.read == 1)
            sprout.clock.advance(by: 3_600)
            let sameDay = try #require(try await record(sprout, reader, book.id, #"{"page": 52}"#))
            #expect(sameDay.pagesRead == 12, "a second update on one day is kept as its own")
            sprout.clock.advance(by: 86_400)
            let back = try #require(try await record(sprout, reader, book.id, #"{"page": 50}"#))
            #expect(back.day == "2026-01-02" && back.pagesRead == -2, "going back is told as it is")
            sprout.clock.advance(by: 60)
            let last = try #require(try await record(sprout, reader, book.id, #"{"page": 247}"#))
            #expect(last.percent == 100)

            let progress = try await timeline(sprout, reader, book.id)
            #expect(progress.updates.map(\.id) == [last.id, back.id, sameDay.id, first.id] && progress.total == 4 && progress.current == last)
            let json = try await sprout.send(.GET, "api/reading/library/\(book.id)/progress", headers: reader.headers).jsonObject()
            let update = try #require((json["updates"] as? [[String: Any]])?.first)
            #expect(Set(update.keys) == ["id", "book_id", "read", "day", "page", "percent", "pages_read", "recorded_at"])

            let shelved = try #require(try await sprout.library(of: reader).first)
            #expect(shelved.status == .reading && shelved.startedOn == "2026-01-01", "a to-read book moves to reading when picked up")
            #expect(shelved.finishedOn == nil, "the last page does not finish the book: the status is the reader's")
        }
    }

    @Test func aBookWithoutPagesTakesAPercentAndEveryRefusalChangesNothing() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let paged = try await sprout.addBook(Books.almond, by: reader)
            let unpaged = try await sprout.addBook(Reading.NewBook(title: "쪽수 모름", status: .reading), by: reader)
            let percent = try #require(try await record(sprout, reader, unpaged.id, #"{"percent": 35}"#))
            #expect(percent.page == nil && percent.percent == 35 && percent.pagesRead == nil)
            #expect(try await record(sprout, reader, paged.id, #"{"percent": 50}"#)?.percent == 50, "a percent is taken for any book")

            let refusals: [(String, String, UInt, String?)] = [
                (paged.id, #"{"page": 265}"#, 422, "page: must be 1 to 264"),
                (paged.id, #"{"page": 0}"#, 422, "page: must be 1 to 264"),
                (paged.id, #"{"page": -5}"#, 422, "page: must be 1 to 264"),
                (paged.id, #"{"page": 10, "percent": 5}"#, 422, "page or percent: send one of the two"),
                (paged.id, #"{}"#, 422, "page or percent: send one of the two"),
                (paged.id, #"{"percent": 101}"#, 422, "percent: must be 0 to 100"),
                (unpaged.id, #"{"page": 3}"#, 422, "page: the book's pages are not known; send percent"),
                (paged.id, #"{"page": 1e308}"#, 400, nil),
                (paged.id, #"{"page": 99999999999999999999999}"#, 400, nil),
                (paged.id, #"{"page": "12"}"#, 400, nil),
                (paged.id, #"{"page": 1.5}"#, 400, nil),
                (paged.id, #"{"page": NaN}"#, 400, nil),
                (paged.id, #"[12]"#, 400, nil),
                (paged.id, "", 400, nil),
            ]
            for (bookID, body, status, reason) in refusals {
                let response = try await sprout.send(.POST, "api/reading/library/\(bookID)/progress", headers: reader.headers.merging(Self.json) { $1 }, body: body)
                #expect(response.status.code == status, "\(body): \(String(buffer: response.body))")
                #expect(try response.jsonObject()["error"] as? Bool == true)
                if let reason { #expect(try response.jsonObject()["reason"] as? String == reason, "\(body)") }
            }
            #expect(try await timeline(sprout, reader, paged.id).total == 1)
            #expect(try await timeline(sprout, reader, unpaged.id).total == 1)
        }
    }

    @Test func anotherReadersBookIsNotFoundEverywhere() async throws {
        try await withReadingSprout { sprout in
            let owner = try await sprout.reader("owner")
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", pages: 896, status: .read), by: owner)
            let stranger = try await sprout.reader("stranger")
            let calls: [(HTTPMethod, String, String?)] = [
                (.GET, "progress", nil), (.POST, "progress", #"{"page": 10}"#), (.PUT, "dates", #"{"started_on": "2025-12-01"}"#),
                (.GET, "reads", nil), (.POST, "reread", nil),
            ]
            for (method, path, body) in calls {
                let response = try await sprout.send(method, "api/reading/library/\(book.id)/\(path)", headers: stranger.headers.merging(Self.json) { $1 }, body: body)
                #expect(response.status.code == 404, "\(method) \(path)")
                let malformed = try await sprout.send(method, "api/reading/library/not-an-id/\(path)", headers: owner.headers.merging(Self.json) { $1 }, body: body)
                #expect(malformed.status.code == 404, "\(method) \(path) with a malformed id")
            }
            let untouched = try #require(try await sprout.library(of: owner).first)
            #expect(untouched == book, "nothing changed")
            #expect(try await timeline(sprout, owner, book.id).total == 0)
        }
    }

    @Test func theDaysOfTheCurrentReadingAreRealPastAndInOrder() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", pages: 896, status: .read), by: reader)
            func put(_ body: String) async throws -> TestingHTTPResponse {
                try await sprout.send(.PUT, "api/reading/library/\(book.id)/dates", headers: reader.headers.merging(Self.json) { $1 }, body: body)
            }
            let setDates = try await put(#"{"started_on": "2025-12-20", "finished_on": "2026-01-01"}"#)
            #expect(setDates.status.code == 200, "\(String(buffer: setDates.body))")
            let dated = try setDates.decode(Reading.Book.self)
            #expect(dated.startedOn == "2025-12-20" && dated.finishedOn == "2026-01-01" && dated.status == .read, "the status stays")

            for (body, reason) in [
                (#"{"started_on": "2026-01-02", "finished_on": "2026-01-01"}"#, "started_on: after today"),
                (#"{"started_on": "2025-12-20", "finished_on": "2026-01-02"}"#, "finished_on: after today"),
                (#"{"started_on": "2025-12-20", "finished_on": "2025-12-19"}"#, "finished_on: before the day reading started"),
                (#"{"started_on": "2025-02-29"}"#, "started_on: not a day written yyyy-MM-dd"),
                (#"{"started_on": "20251220"}"#, "started_on: not a day written yyyy-MM-dd"),
            ] {
                let refused = try await put(body)
                #expect(try refused.status.code == 422 && refused.jsonObject()["reason"] as? String == reason, "\(body): \(String(buffer: refused.body))")
            }
            for body in [#"{"started_on": 20251220}"#, "[]", "nope"] {
                #expect(try await put(body).status.code == 400, "\(body)")
            }
            #expect(try await sprout.library(of: reader).first == dated, "a refusal changes nothing")

            let cleared = try await put(#"{"started_on": null}"#).decode(Reading.Book.self)
            #expect(cleared.startedOn == nil && cleared.finishedOn == nil, "both are replaced; absent clears one")
            // Just after midnight in Seoul it is already the 2nd there, though not in UTC.
            sprout.clock.advance(by: 15 * 3_600 + 60)
            #expect(try await put(#"{"started_on": "2026-01-02"}"#).status.code == 200, "today is the reading time zone's")
        }
    }

    @Test func aFinishedBookIsReadAgainAndTheReReadIsCounted() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", pages: 896, status: .reading, startedOn: "2025-11-01"), by: reader)
            _ = try await record(sprout, reader, book.id, #"{"page": 896}"#)
            let reading = try await sprout.send(.POST, "api/reading/library/\(book.id)/reread", headers: reader.headers)
            #expect(try reading.status.code == 409 && reading.jsonObject()["reason"] as? String == "Only a finished book can be read again.")

            let finished = try await sprout.send(.PATCH, "api/reading/library/\(book.id)", headers: reader.headers, json: Reading.BookChanges(status: .read, finishedOn: "2025-12-10"))
            #expect(finished.status.code == 200)
            sprout.clock.advance(by: 86_400)
            let again = try await sprout.send(.POST, "api/reading/library/\(book.id)/reread", headers: reader.headers)
            #expect(again.status.code == 200, "\(String(buffer: again.body))")
            let rereading = try again.decode(Reading.Book.self)
            #expect(rereading.status == .reading && rereading.startedOn == "2026-01-02" && rereading.finishedOn == nil)

            let reads = try await sprout.send(.GET, "api/reading/library/\(book.id)/reads", headers: reader.headers).decode(Reading.Reads.self)
            #expect(reads == Reading.Reads(reads: [
                Reading.Read(number: 1, startedOn: "2025-11-01", finishedOn: "2025-12-10", current: false),
                Reading.Read(number: 2, startedOn: "2026-01-02", finishedOn: nil, current: true),
            ], timesRead: 1))

            let progress = try await timeline(sprout, reader, book.id)
            #expect(progress.read == 2 && progress.current == nil && progress.total == 1, "the re-read starts from page 0; the first reading's updates stay")
            let restart = try #require(try await record(sprout, reader, book.id, #"{"page": 30}"#))
            #expect(restart.read == 2 && restart.pagesRead == 30, "counted from page 0, not from the first reading's last page")

            #expect(try await sprout.stats("?year=2025&month=12", of: reader).booksFinished == Reading.BooksFinished(month: 1, year: 1),
                    "the first reading's finish is still counted")
            _ = try await sprout.send(.PATCH, "api/reading/library/\(book.id)", headers: reader.headers, json: Reading.BookChanges(status: .read))
            let stats = try await sprout.stats(of: reader)
            #expect(stats.booksFinished == Reading.BooksFinished(month: 1, year: 1) && stats.rereads == Reading.BooksFinished(month: 1, year: 1))
            #expect(stats.goals.booksFinished == 1)
            #expect(try await sprout.send(.GET, "api/reading/library/\(book.id)/reads", headers: reader.headers).decode(Reading.Reads.self).timesRead == 2)
        }
    }

    @Test func twoDevicesReadingAgainAtOnceStartOneReading() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .read), by: reader)
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await sprout.send(.POST, "api/reading/library/\(book.id)/reread", headers: reader.headers).status.code }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1 && statuses.filter { $0 == 409 }.count == 3, "\(statuses)")
            #expect(try await sprout.send(.GET, "api/reading/library/\(book.id)/reads", headers: reader.headers).decode(Reading.Reads.self).reads.count == 2)
        }
    }

    @Test func theStatisticsSeeAPastReadingWrittenByAnotherConnection() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            #expect(try await sprout.stats(of: reader).booksFinished.year == 0)
            // As a second instance would: not through this process's rules, so only the triggers
            // added for the past readings tell the cached statistics.
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            try await sql.raw("""
                INSERT INTO reading_past_reads (id, account_id, book_id, number, started_on, finished_on, kept_at)
                VALUES ('aaaaaaaaaaaaaaaaaaaaaaaa', \(bind: reader.accountID), \(bind: book.id), 1, '2026-01-01', '2026-01-01', \(bind: Date()))
                """).run()
            #expect(try await sprout.stats(of: reader).booksFinished.year == 1)
        }
    }

    @Test func aStopRecordsThePageReachedOnTheDayTheRunEnded() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            func stop(_ body: String?) async throws -> TestingHTTPResponse {
                try await sprout.send(.POST, "api/reading/timer/stop", headers: body == nil ? reader.headers : reader.headers.merging(Self.json) { $1 }, body: body)
            }
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 30)
            let refused = try await stop(#"{"page": 248}"#)
            #expect(try refused.status.code == 422 && refused.jsonObject()["reason"] as? String == "page: must be 1 to 247")
            #expect(try await sprout.timer("", by: reader)?.state == .running, "a refused page leaves the timer running")
            #expect(try await stop(#"{"page": "x"}"#).status.code == 400)

            let stopped = try await stop(#"{"page": 120}"#)
            #expect(stopped.status.code == 200, "\(String(buffer: stopped.body))")
            let answer = try stopped.decode(Reading.TimerStopped.self)
            #expect(answer.recorded.map(\.seconds) == [30] && answer.progress?.page == 120 && answer.progress?.day == "2026-01-01")
            #expect(try await timeline(sprout, reader, book.id).current == answer.progress)

            for body in [nil, "{}"] as [String?] {
                try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
                sprout.clock.advance(by: 60)
                let plain = try await stop(body)
                #expect(plain.status.code == 200)
                #expect(try plain.jsonObject()["progress"] is NSNull, "no page, no update; the key is there, null")
            }
            #expect(try await timeline(sprout, reader, book.id).total == 1)
        }
    }
}
