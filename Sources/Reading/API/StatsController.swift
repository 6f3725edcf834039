import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// `/api/reading/stats` and `/api/reading/goals`: the calendar, the year's chart, totals,
/// streaks, and the goals they are measured against.
struct StatsController: Sendable {
    let report: ReadingStatsReport
    let goals: ReadingGoals
    let answers: AnswerCache<ReadingRead>

    func register(on routes: DocumentedRoutes) {
        routes.onResponse(Reading.Routes.stats, doc: .init(
            "My reading statistics",
            description: "Seconds per day of the month and per month of the year (years are never merged), per book for the year, totals, the current and longest streak of days, books finished. Days are in the server's reading time zone.",
            query: [.init("year", .integer(), "Default: this year"), .init("month", .integer(1...12), "Default: this month in this year, else January")],
            responses: LibraryController.signedIn.merging([200: "The statistics", 400: "A year or month that is not a whole number in range"]) { $1 }
        ), use: stats)
        routes.on(Reading.Routes.goals, doc: .init(
            "My goals", description: "0 is no goal.",
            responses: LibraryController.signedIn.merging([200: "{yearly_books, daily_minutes}"]) { $1 }
        ), use: showGoals)
        routes.on(Reading.Routes.setGoals, doc: .init(
            "Set my goals", description: "Books a year (0 to 1000) and minutes a day (0 to 1440); 0 is no goal.",
            responses: LibraryController.signedIn.merging([200: "{yearly_books, daily_minutes}", 400: "A body that cannot be read", 422: "A goal out of range"]) { $1 }
        ), use: setGoals)
    }

    func stats(_ req: Request) async throws -> EncodedJSON {
        let year = try req.readingQueryInteger("year")
        let month = try req.readingQueryInteger("month")
        let accountID = try req.authenticatedAccountID
        let now = report.clock.now()
        let read = ReadingRead.stats(accountID: accountID, year: year, month: month, today: report.calendar.day(of: now))
        return EncodedJSON(try await answers.answer(read, for: req) {
            try WireJSON.encoder().encode(try await report.stats(for: accountID, year: year, month: month, at: now, on: req.db))
        })
    }

    func showGoals(_ req: Request) async throws -> Reading.Goals {
        try await goals.goals(of: try req.authenticatedAccountID, on: req.db)
    }

    func setGoals(_ req: Request) async throws -> Reading.Goals {
        let body = try req.decodeBody(Reading.Goals.self)
        return try await goals.set(body, for: try req.authenticatedAccountID, on: req.db)
    }
}
