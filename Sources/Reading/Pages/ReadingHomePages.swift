import Platform
import SproutAPI
import Vapor

/// `/reading`: the signed-in reader's shelves (the app's 보관한 책 tab), by status, with search
/// and the app's three orders, each book being read with its progress bar, and the year's goal.
struct ReadingHomePages: Sendable {
    let library: Library
    let progress: ReadingProgress
    let report: ReadingStatsReport

    func register(on pages: any RoutesBuilder) {
        pages.get(ReadingPaths.shelves, use: home)
    }

    struct Query: Content {
        var status: String?
        var q: String?
        var sort: String?
    }

    func home(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let query = try req.queryFields(Query.self)
        // A page forgives what the API refuses: an unknown shelf is every shelf, a long search is cut.
        let status = query.status.flatMap(Reading.BookStatus.init(rawValue:))
        let search = String((query.q ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(100))
        let sort = query.sort.flatMap(Reading.LibrarySort.init(rawValue:)) ?? .added
        let accountID = try account.requireID()
        let books = try await library.books(of: accountID, on: Library.Shelf(status: status, search: search, sort: sort), on: req.db)
        let positions = try await progress.positions(of: accountID, on: req.db)
        let goal = try await report.yearGoal(for: accountID, on: req.db)
        return ReadingHomeViews.home(context, books: books, positions: positions, goal: goal, status: status, search: search, sort: sort)
    }
}
