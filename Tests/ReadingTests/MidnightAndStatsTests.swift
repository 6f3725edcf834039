import Foundation
import SproutAPI
import SproutTestSupport
import Testing

/// The manual clock starts at 2026-01-01 00:00 UTC: 09:00 in Seoul.
@Suite struct MidnightAndStatsTests {
    static let hour: TimeInterval = 3_600

    func read(_ sprout: TestSprout, _ reader: Reader, _ bookID: String, for seconds: TimeInterval) async throws -> Reading.TimerStopped {
        try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: bookID))
        sprout.clock.advance(by: seconds)
        return try await sprout.stopTimer(by: reader)
    }

    @Test func aSessionAcrossMidnightCountsOnBothDays() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            sprout.clock.advance(by: 14.5 * Self.hour)  // 23:30 in Seoul
            let stopped = try await read(sprout, reader, book.id, for: Self.hour)
            #expect(stopped.recorded == [
                Reading.Session(bookID: book.id, day: "2026-01-01", seconds: 1_800),
                Reading.Session(bookID: book.id, day: "2026-01-02", seconds: 1_800),
            ])
            #expect(stopped.book.readingSeconds == 3_600)
            let days = try await sprout.stats("?year=2026&month=1", of: reader).days
            #expect(days[0] == Reading.DayTotal(day: "2026-01-01", seconds: 1_800, sessions: 1))
            #expect(days[1] == Reading.DayTotal(day: "2026-01-02", seconds: 1_800, sessions: 1))
        }
    }

    @Test func pausesAroundMidnightLandOnTheirOwnDays() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            sprout.clock.advance(by: 14 * Self.hour + 50 * 60)  // 23:50
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 5 * 60)
            try await sprout.timer("pause", by: reader)  // 23:55: 5 minutes on the 1st
            sprout.clock.advance(by: 15 * 60)
            try await sprout.timer("resume", by: reader)  // 00:10
            sprout.clock.advance(by: 10 * 60)
            let stopped = try await sprout.stopTimer(by: reader)  // 00:20: 10 minutes on the 2nd
            #expect(stopped.recorded.map(\.day) == ["2026-01-01", "2026-01-02"])
            #expect(stopped.recorded.map(\.seconds) == [300, 600])
        }
    }

    @Test func theTimeZoneIsConfigured() async throws {
        try await withReadingSprout(timeZone: "UTC") { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            sprout.clock.advance(by: 14.5 * Self.hour)  // 14:30 UTC: no midnight in the next hour
            #expect(try await read(sprout, reader, book.id, for: Self.hour).recorded.map(\.day) == ["2026-01-01"])
            #expect(try await sprout.stats(of: reader).timeZone == "UTC")
        }
    }

    @Test func aTimeZoneThatIsNotOneStopsStartUp() async throws {
        await #expect(throws: (any Error).self) {
            try await withReadingSprout(timeZone: "Mars/Olympus") { _ in }
        }
    }

    @Test func theCalendarAndTheYearsChartNeverMergeYears() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let dune = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            let almond = try await sprout.addBook(Reading.NewBook(title: "아몬드", status: .reading), by: reader)
            _ = try await read(sprout, reader, dune.id, for: 600)         // Jan 1 2026
            _ = try await read(sprout, reader, almond.id, for: 1_200)     // Jan 1 2026, a second session
            sprout.clock.advance(by: 40 * 86_400)                         // Feb 10 2026
            _ = try await read(sprout, reader, almond.id, for: 1_800)
            sprout.clock.advance(by: 365 * 86_400)                        // Feb 10 2027
            _ = try await read(sprout, reader, dune.id, for: 3_000)
            sprout.clock.advance(by: -30 * 86_400)                        // Jan 11 2027
            _ = try await read(sprout, reader, dune.id, for: 60)

            let january2026 = try await sprout.stats("?year=2026&month=1", of: reader)
            #expect(january2026.year == 2026 && january2026.month == 1 && january2026.timeZone == "Asia/Seoul")
            #expect(january2026.days.count == 31 && january2026.days.last?.day == "2026-01-31")
            #expect(january2026.days[0] == Reading.DayTotal(day: "2026-01-01", seconds: 1_800, sessions: 2), "sessions are the calendar's dots")
            #expect(january2026.days.dropFirst().allSatisfy { $0.seconds == 0 && $0.sessions == 0 })
            #expect(january2026.months.map(\.seconds) == [1_800, 1_800, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "January 2027 is not in 2026's chart")
            #expect(january2026.books == [
                Reading.BookTotal(bookID: almond.id, title: "아몬드", seconds: 3_000),
                Reading.BookTotal(bookID: dune.id, title: "Dune", seconds: 600),
            ])
            #expect(january2026.totals == Reading.Totals(monthSeconds: 1_800, yearSeconds: 3_600, allTimeSeconds: 6_660))

            let thisMonth = try await sprout.stats(of: reader)
            #expect(thisMonth.year == 2027 && thisMonth.month == 1, "this month by default")
            #expect(thisMonth.months.map(\.seconds).prefix(2) == [60, 3_000])
            #expect(thisMonth.books.map(\.title) == ["Dune"])
            let february2028 = try await sprout.stats("?year=2028&month=2", of: reader)
            #expect(february2028.days.count == 29 && february2028.totals.yearSeconds == 0 && february2028.totals.allTimeSeconds == 6_660)
            #expect(try await sprout.stats("?year=2026", of: reader).month == 1, "another year opens on January")
        }
    }

    @Test func streaksCountDaysInARow() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            // Read on Jan 1, 2, 3, skip the 4th, read on the 5th and the 6th.
            for day in 0..<6 {
                if day != 3 { _ = try await read(sprout, reader, book.id, for: 60) } else { sprout.clock.advance(by: 60) }
                sprout.clock.advance(by: 86_400 - 60)
            }
            // Now Jan 7, 09:00, nothing read yet today: the run of the 5th and 6th still stands.
            #expect(try await sprout.stats(of: reader).streak == Reading.Streak(current: 2, longest: 3))
            _ = try await read(sprout, reader, book.id, for: 60)
            #expect(try await sprout.stats(of: reader).streak == Reading.Streak(current: 3, longest: 3))
            sprout.clock.advance(by: 2 * 86_400)
            #expect(try await sprout.stats(of: reader).streak == Reading.Streak(current: 0, longest: 3), "a missed day ends the run")
        }
    }

    @Test func aStreakRunsAcrossMonthsAndYears() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .reading), by: reader)
            sprout.clock.advance(by: -2 * 86_400)  // Dec 30 2025
            for _ in 0..<4 {
                _ = try await read(sprout, reader, book.id, for: 60)
                sprout.clock.advance(by: 86_400 - 60)
            }
            sprout.clock.advance(by: -86_400)  // Jan 2 2026
            #expect(try await sprout.stats(of: reader).streak == Reading.Streak(current: 4, longest: 4))
        }
    }

    @Test func booksFinishedInTheMonthAndTheYear() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            try await sprout.addBook(Reading.NewBook(title: "A", status: .read), by: reader)
            try await sprout.addBook(Reading.NewBook(title: "B", status: .read, finishedOn: "2026-03-02"), by: reader)
            try await sprout.addBook(Reading.NewBook(title: "C", status: .read, finishedOn: "2025-01-20"), by: reader)
            try await sprout.addBook(Reading.NewBook(title: "D", status: .reading), by: reader)
            #expect(try await sprout.stats(of: reader).booksFinished == Reading.BooksFinished(month: 1, year: 2))
            #expect(try await sprout.stats("?year=2025&month=1", of: reader).booksFinished == Reading.BooksFinished(month: 1, year: 1))
        }
    }

    @Test func anotherReadersReadingIsNotInMyStats() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", status: .read), by: reader)
            _ = try await read(sprout, reader, book.id, for: 600)
            let other = try await sprout.stats(of: try await sprout.reader("other"))
            #expect(other.totals.allTimeSeconds == 0 && other.books.isEmpty && other.booksFinished.year == 0 && other.streak.longest == 0)
            #expect(other.days.count == 31 && other.months.count == 12)
        }
    }
}

@Suite struct GoalTests {
    @Test func goalsAreMeasuredInTheStats() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            #expect(try await sprout.send(.GET, "api/reading/goals", headers: reader.headers).decode(Reading.Goals.self) == Reading.Goals(yearlyBooks: 0, dailyMinutes: 0))
            let set = try await sprout.send(.PUT, "api/reading/goals", headers: reader.headers, json: Reading.Goals(yearlyBooks: 24, dailyMinutes: 30))
            #expect(try set.decode(Reading.Goals.self) == Reading.Goals(yearlyBooks: 24, dailyMinutes: 30))
            try await sprout.send(.PUT, "api/reading/goals", headers: reader.headers, json: Reading.Goals(yearlyBooks: 12, dailyMinutes: 20))
            try await sprout.addBook(Reading.NewBook(title: "A", status: .read), by: reader)
            let book = try await sprout.addBook(Reading.NewBook(title: "B", status: .reading), by: reader)
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 900)
            _ = try await sprout.stopTimer(by: reader)
            #expect(try await sprout.stats(of: reader).goals == Reading.GoalProgress(yearlyBooks: 12, booksFinished: 1, dailyMinutes: 20, todaySeconds: 900))
            sprout.clock.advance(by: 86_400)
            #expect(try await sprout.stats(of: reader).goals.todaySeconds == 0, "a new day starts at zero")
            #expect(try await sprout.stats(of: try await sprout.reader("other")).goals == Reading.GoalProgress(yearlyBooks: 0, booksFinished: 0, dailyMinutes: 0, todaySeconds: 0))
        }
    }

    @Test(arguments: [
        (#"{"yearly_books":-1,"daily_minutes":0}"#, 422), (#"{"yearly_books":1001,"daily_minutes":0}"#, 422),
        (#"{"yearly_books":1,"daily_minutes":1441}"#, 422), (#"{"yearly_books":1e308,"daily_minutes":0}"#, 400),
        (#"{"yearly_books":1}"#, 400), ("", 400),
    ])
    func goalsOutOfRangeChangeNothing(body: String, status: Int) async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let response = try await sprout.send(.PUT, "api/reading/goals", headers: reader.headers.merging(["Content-Type": "application/json"]) { $1 }, body: body)
            #expect(response.status.code == UInt(status), "\(String(buffer: response.body))")
            #expect(try await sprout.send(.GET, "api/reading/goals", headers: reader.headers).decode(Reading.Goals.self).yearlyBooks == 0)
            #expect(try await sprout.send(.PUT, "api/reading/goals", headers: [:], json: Reading.Goals(yearlyBooks: 1, dailyMinutes: 1)).status.code == 401)
        }
    }
}
