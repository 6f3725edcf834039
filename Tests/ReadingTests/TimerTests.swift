import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import VaporTesting

@Suite struct TimerTests {
    @Test func startPauseResumeStopOnTheServersClock() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            let idle = try #require(try await sprout.timer("", by: reader))
            #expect(idle == Reading.Timer(state: .idle, bookID: nil, elapsedSeconds: 0, startedAt: nil, serverTime: "2026-01-01T00:00:00.000Z"))

            let started = try #require(try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id)))
            #expect(started.state == .running && started.bookID == book.id && started.elapsedSeconds == 0 && started.startedAt == "2026-01-01T00:00:00.000Z")
            sprout.clock.advance(by: 600)
            #expect(try await sprout.timer("", by: reader)?.elapsedSeconds == 600, "counted from timestamps, not ticks")

            let paused = try #require(try await sprout.timer("pause", by: reader))
            #expect(paused.state == .paused && paused.elapsedSeconds == 600)
            sprout.clock.advance(by: 3_600)
            #expect(try await sprout.timer("", by: reader)?.elapsedSeconds == 600, "a pause stops the count")

            let resumed = try #require(try await sprout.timer("resume", by: reader))
            #expect(resumed.state == .running && resumed.elapsedSeconds == 600)
            sprout.clock.advance(by: 300)

            let stopped = try await sprout.stopTimer(by: reader)
            #expect(stopped.timer.state == .idle && stopped.timer.elapsedSeconds == 0 && stopped.timer.bookID == nil)
            #expect(stopped.recorded == [Reading.Session(bookID: book.id, day: "2026-01-01", seconds: 900)])
            #expect(stopped.book.readingSeconds == 900, "the book's total is kept (the app never updated it)")
            #expect(try await sprout.library(of: reader).first?.readingSeconds == 900)
        }
    }

    @Test func aPauseOrStopSentLateCountsFromWhenItWasTakenNeverBeforeTheRunBegan() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await ReadingPagesTests().signedIn(sprout)
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            func send(_ action: String, age: String?) async throws -> TestingHTTPResponse {
                try await sprout.send(.POST, "api/reading/timer/\(action)", headers: reader.headers.merging(age.map { ["Sprout-Action-Age": $0] } ?? [:]) { $1 })
            }
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 1_000)
            #expect(try await send("pause", age: "400").decode(Reading.Timer.self).elapsedSeconds == 600, "paused offline 400 s before it arrived")
            try await sprout.timer("resume", by: reader)
            sprout.clock.advance(by: 300)
            let stopped = try await send("stop", age: "100000").decode(Reading.TimerStopped.self)
            #expect(stopped.recorded.map(\.seconds) == [600], "an age past the run's start ends it where it began")

            for (age, seconds) in [("abc", 500), ("-60", 500), ("99999999999999999999", 0), ("", 500), ("120", 380)] {
                try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
                sprout.clock.advance(by: 500)
                let recorded = try await send("stop", age: age).decode(Reading.TimerStopped.self).recorded.map(\.seconds).reduce(0, +)
                #expect(recorded == seconds, "age \(age)")
            }

            let csrf = try await browser.csrfToken(from: "/reading/timer")
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 900)
            let page = try await browser.post("/reading/timer/stop", form: [:], csrf: csrf, headers: ["Sprout-Action-Age": "300"])
            #expect(page.status.code == 303)
            #expect(try await sprout.library(of: reader).first?.readingSeconds == 600 + 500 + 500 + 0 + 500 + 380 + 600, "the page's queued stop too")
        }
    }

    @Test func eachStopAddsToTheBooksTotal() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            for minutes in [10, 25] {
                try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
                sprout.clock.advance(by: TimeInterval(minutes * 60))
                _ = try await sprout.stopTimer(by: reader)
            }
            #expect(try await sprout.library(of: reader).first?.readingSeconds == 35 * 60)
        }
    }

    @Test func actionsOutOfTurnAreConflicts() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let dune = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            let almond = try await sprout.addBook(Books.almond, by: reader)
            for action in ["pause", "resume", "stop"] { try await sprout.timer(action, by: reader, expect: 409) }
            try await sprout.timer("reset", by: reader)
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: dune.id))
            try await sprout.timer("resume", by: reader, expect: 409)
            let busy = try await sprout.send(.POST, "api/reading/timer/start", headers: reader.headers, json: Reading.TimerStart(bookID: almond.id))
            #expect(busy.status.code == 409)
            #expect((try busy.jsonObject()["reason"] as? String)?.contains("Dune") == true, "names the book being timed, as the app's toast did")
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: dune.id), expect: 409)
            try await sprout.timer("pause", by: reader)
            try await sprout.timer("pause", by: reader, expect: 409)
            #expect(try await sprout.timer("", by: reader)?.bookID == dune.id)
        }
    }

    @Test func startingAToReadBookPutsItOnTheReadingShelf() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.almond, by: reader)
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            let shelved = try #require(try await sprout.library(of: reader).first)
            #expect(shelved.status == .reading && shelved.startedOn == "2026-01-01")
        }
    }

    @Test func resetThrowsTheTimeAway() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 1_200)
            let reset = try #require(try await sprout.timer("reset", by: reader))
            #expect(reset.state == .idle && reset.elapsedSeconds == 0)
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 60)
            #expect(try await sprout.timer("", by: reader)?.elapsedSeconds == 60, "the reset time is not carried into the next start")
            #expect(try await sprout.stopTimer(by: reader).book.readingSeconds == 60)
        }
    }

    @Test func aTimerStoppedAtZeroRecordsNothing() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            let stopped = try await sprout.stopTimer(by: reader)
            #expect(stopped.recorded.isEmpty && stopped.book.readingSeconds == 0 && stopped.timer.state == .idle)
            #expect(try await sprout.stats(of: reader).totals.allTimeSeconds == 0)
        }
    }

    @Test func theTimerIsTheAccountsOnEveryDevice() async throws {
        try await withReadingSprout { sprout in
            let phone = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: phone)
            try await sprout.timer("start", by: phone, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 90)
            let browser = try await sprout.anotherDevice(of: phone)
            let seen = try #require(try await sprout.timer("", by: browser))
            #expect(seen.state == .running && seen.bookID == book.id && seen.elapsedSeconds == 90)
            #expect(try await sprout.stopTimer(by: browser).recorded.first?.seconds == 90)

            let stranger = try await sprout.reader("stranger")
            #expect(try await sprout.timer("", by: stranger)?.state == .idle)
            try await sprout.timer("start", by: stranger, json: Reading.TimerStart(bookID: book.id), expect: 404)
        }
    }

    @Test func removingTheTimedBookThrowsTheTimerAway() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 60)
            _ = try await sprout.stopTimer(by: reader)
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            #expect(try await sprout.send(.DELETE, "api/reading/library/\(book.id)", headers: reader.headers).status.code == 200)
            #expect(try await sprout.timer("", by: reader)?.state == .idle)
            #expect(try await sprout.stats(of: reader).totals.allTimeSeconds == 0, "its sessions go with it")
        }
    }

    @Test func concurrentStartsMakeOneTimer() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            var ids: [String] = []
            for title in ["A", "B", "C", "D"] {
                ids.append(try await sprout.addBook(Reading.NewBook(title: title, status: .reading), by: reader).id)
            }
            let starts = ids + ids
            let outcomes = try await withThrowingTaskGroup(of: (UInt, String).self) { group in
                for id in starts {
                    group.addTask {
                        let response = try await sprout.send(.POST, "api/reading/timer/start", headers: reader.headers, json: Reading.TimerStart(bookID: id))
                        return (response.status.code, id)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let winners = outcomes.filter { $0.0 == 200 }
            #expect(winners.count == 1, "\(outcomes.map(\.0))")
            #expect(outcomes.filter { $0.0 == 409 }.count == starts.count - 1)
            #expect(try await sprout.timer("", by: reader)?.bookID == winners.first?.1)
        }
    }

    @Test func concurrentStopsRecordOnce() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 600)
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for action in ["stop", "stop", "pause", "stop", "pause", "stop"] {
                    group.addTask { try await sprout.send(.POST, "api/reading/timer/\(action)", headers: reader.headers).status.code }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count >= 1)
            #expect(try await sprout.library(of: reader).first?.readingSeconds == 600, "\(statuses)")
            #expect(try await sprout.stats(of: reader).totals.allTimeSeconds == 600)
        }
    }
}
