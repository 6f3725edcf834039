import Platform
import SproutAPI
import Vapor

/// `/reading/stats`: the month's calendar and the year's chart, drawn on the server, and the
/// goals. `/reading/goals` sets them.
struct ReadingStatsPages: Sendable {
    let report: ReadingStatsReport
    let goals: ReadingGoals

    func register(on pages: any RoutesBuilder) {
        pages.get(ReadingPaths.stats, use: show)
        pages.post(ReadingPaths.goals, use: setGoals)
    }

    func show(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        // A page forgives what the API refuses: a year or month out of range is this month.
        let asked = try req.queryFields(StatsQuery.self)
        var (year, month) = (asked.year, asked.month)
        if !(year.map(ReadingStatsReport.years.contains) ?? true) || !(month.map((1...12).contains) ?? true) { (year, month) = (nil, nil) }
        let stats = try await report.stats(for: try account.requireID(), year: year, month: month, on: req.db)
        return ReadingStatsViews.page(context, stats: stats, saved: asked.done == .goals)
    }

    struct GoalsForm: Content {
        var yearlyBooks: String?
        var dailyMinutes: String?

        enum CodingKeys: String, CodingKey {
            case yearlyBooks = "yearly_books", dailyMinutes = "daily_minutes"
        }
    }

    func setGoals(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let form = (try? req.content.decode(GoalsForm.self)) ?? GoalsForm()
        func number(_ text: String?) -> Int { Int((text ?? "").trimmingCharacters(in: .whitespaces).prefix(9)) ?? 0 }
        let wanted = Reading.Goals(
            yearlyBooks: min(max(number(form.yearlyBooks), 0), Reading.Goals.yearlyBooksRange.upperBound),
            dailyMinutes: min(max(number(form.dailyMinutes), 0), Reading.Goals.dailyMinutesRange.upperBound)
        )
        _ = try await goals.set(wanted, for: try account.requireID(), on: req.db)
        return req.redirect(to: ReadingPaths.stats.link(query: StatsQuery(done: .goals)), redirectType: .normal)
    }
}

/// The month a statistics page shows (`?year=2026&month=3`), and what was just saved (`done=goals`).
struct StatsQuery: Codable {
    enum Done: String, Codable {
        case goals
    }

    var year: Int?
    var month: Int?
    var done: Done?
}
