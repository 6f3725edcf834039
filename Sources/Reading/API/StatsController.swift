import Platform
import SproutAPI
import Vapor

/// `/api/reading/stats`: the calendar, the year's chart, totals and streaks.
struct StatsController: Sendable {
    let report: ReadingStatsReport

    func register(on routes: DocumentedRoutes) {
        routes.grouped("api", "reading").on(.GET, "stats", doc: .init(
            "My reading statistics",
            description: "Seconds per day of the month and per month of the year (years are never merged), per book for the year, totals, the current and longest streak of days, books finished. Days are in the server's reading time zone.",
            headers: [LibraryController.bearer],
            query: [.init("year", "Default: this year"), .init("month", "1 to 12; default: this month in this year, else January")],
            responses: LibraryController.signedIn.merging([200: "The statistics", 400: "A year or month that is not a whole number in range"]) { $1 }
        ), use: stats)
    }

    func stats(_ req: Request) async throws -> Reading.Stats {
        let year = try req.readingQueryInteger("year")
        let month = try req.readingQueryInteger("month")
        return try await report.stats(for: try req.authenticatedAccountID, year: year, month: month, on: req.db)
    }
}
