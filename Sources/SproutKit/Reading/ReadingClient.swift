import Foundation
import SproutAPI

/// ReadingHaracoon's server: the library, memos, the server-held timer, statistics and goals, and
/// Goodreads import and export under `/api/reading`, all for the signed-in `session`.
public struct ReadingClient: Sendable {
    public let api: APIClient

    public init(baseURL: URL, transport: any Transport = URLSessionTransport(), session: AuthSession = AuthSession()) {
        api = APIClient(
            baseURL: baseURL, contract: .reading, transport: transport, session: session,
            authorizationHeader: { ("Authorization", "Bearer \($0)") },
            refresher: AccountsClient.refresher(baseURL: baseURL, transport: transport)
        )
    }

    // MARK: Catalogue

    public func searchCatalog(_ query: String, page: Int = 1, size: Int = Reading.CatalogRules.defaultPageSize) async throws -> Reading.CatalogPage {
        try await api.send(Endpoint(Reading.Routes.searchCatalog, query: [("q", query), ("page", String(page)), ("size", String(size))]))
    }

    public func catalogList(_ list: Reading.CatalogList, page: Int = 1, size: Int = 10) async throws -> Reading.CatalogPage {
        try await api.send(Endpoint(Reading.Routes.catalogList, list.rawValue, query: [("page", String(page)), ("size", String(size))]))
    }

    public func catalogBook(isbn13: String) async throws -> Reading.CatalogBook {
        try await api.send(Endpoint(Reading.Routes.catalogBook, isbn13))
    }

    // MARK: Library

    public func library(
        status: Reading.BookStatus? = nil, search: String? = nil, sort: Reading.LibrarySort = .added, order: Reading.SortOrder? = nil
    ) async throws -> Reading.Library {
        var query: [(name: String, value: String)] = [("sort", sort.rawValue)]
        if let status { query.append(("status", status.rawValue)) }
        if let search, !search.isEmpty { query.append(("q", search)) }
        if let order { query.append(("order", order.rawValue)) }
        return try await api.send(Endpoint(Reading.Routes.library, query: query))
    }

    public func add(_ book: Reading.NewBook) async throws -> Reading.Book {
        try await api.send(Endpoint(Reading.Routes.add, body: book))
    }

    public func book(id: String) async throws -> Reading.Book {
        try await api.send(Endpoint(Reading.Routes.book, id))
    }

    public func change(bookID: String, _ changes: Reading.BookChanges) async throws -> Reading.Book {
        try await api.send(Endpoint(Reading.Routes.change, bookID, body: changes))
    }

    @discardableResult
    public func remove(bookID: String) async throws -> Reading.Deleted {
        try await api.send(Endpoint(Reading.Routes.remove, bookID))
    }

    // MARK: Memos

    public func memos(bookID: String) async throws -> Reading.Memos {
        try await api.send(Endpoint(Reading.Routes.memos, bookID))
    }

    public func addMemo(bookID: String, _ draft: Reading.MemoDraft) async throws -> Reading.Memo {
        try await api.send(Endpoint(Reading.Routes.addMemo, bookID, body: draft))
    }

    public func changeMemo(id: String, bookID: String, _ draft: Reading.MemoDraft) async throws -> Reading.Memo {
        try await api.send(Endpoint(Reading.Routes.changeMemo, (bookID, id), body: draft))
    }

    /// Puts a photo on a memo, replacing the one it had.
    public func setMemoPhoto(id: String, bookID: String, photo: ImageUpload) async throws -> Reading.Memo {
        var form = MultipartForm()
        form.append(name: "photo", filename: photo.filename, contentType: photo.contentType, data: photo.data)
        return try await api.send(Endpoint(Reading.Routes.putMemoPhoto, (bookID, id), body: .multipart(form)))
    }

    public func removeMemoPhoto(id: String, bookID: String) async throws -> Reading.Memo {
        try await api.send(Endpoint(Reading.Routes.removeMemoPhoto, (bookID, id)))
    }

    @discardableResult
    public func removeMemo(id: String, bookID: String) async throws -> Reading.Deleted {
        try await api.send(Endpoint(Reading.Routes.removeMemo, (bookID, id)))
    }

    /// Erases the whole reading log (books, memos, photos, sessions, timer, goals); the account stays.
    public func eraseReadingLog() async throws -> Reading.Erased {
        try await api.send(Endpoint(Reading.Routes.erase))
    }

    // MARK: Timer

    public func timer() async throws -> Reading.Timer {
        try await api.send(Endpoint(Reading.Routes.timer))
    }

    public func startTimer(bookID: String) async throws -> Reading.Timer {
        try await api.send(Endpoint(Reading.Routes.startTimer, body: Reading.TimerStart(bookID: bookID)))
    }

    /// Pauses the timer. `takenSecondsAgo`: for a tap kept while offline, how long ago the reader
    /// paused, on this device's clock; the server ends the run then (never before it began).
    public func pauseTimer(takenSecondsAgo: Int = 0) async throws -> Reading.Timer {
        try await api.send(Endpoint(Reading.Routes.pauseTimer, headers: Self.actionAge(takenSecondsAgo)))
    }

    public func resumeTimer() async throws -> Reading.Timer {
        try await api.send(Endpoint(Reading.Routes.resumeTimer))
    }

    /// Stops and records; `takenSecondsAgo` as for `pauseTimer`.
    public func stopTimer(takenSecondsAgo: Int = 0) async throws -> Reading.TimerStopped {
        try await stopTimer(reached: Reading.ProgressDraft(), takenSecondsAgo: takenSecondsAgo)
    }

    public func resetTimer() async throws -> Reading.Timer {
        try await api.send(Endpoint(Reading.Routes.resetTimer))
    }

    // MARK: Statistics and goals

    /// This month of this year when both are left out; January when only the year is given.
    public func stats(year: Int? = nil, month: Int? = nil) async throws -> Reading.Stats {
        var query: [(name: String, value: String)] = []
        if let year { query.append(("year", String(year))) }
        if let month { query.append(("month", String(month))) }
        return try await api.send(Endpoint(Reading.Routes.stats, query: query))
    }

    public func goals() async throws -> Reading.Goals {
        try await api.send(Endpoint(Reading.Routes.goals))
    }

    public func setGoals(_ goals: Reading.Goals) async throws -> Reading.Goals {
        try await api.send(Endpoint(Reading.Routes.setGoals, body: goals))
    }

    // MARK: Goodreads

    public func importGoodreads(csv: Data) async throws -> Reading.ImportReport {
        try await api.send(Endpoint(Reading.Routes.importGoodreads, body: .raw(csv, contentType: "text/csv")))
    }

    /// The library as Goodreads' CSV export.
    public func exportGoodreads() async throws -> Data {
        try await api.send(Endpoint(Reading.Routes.exportGoodreads, ()) { $0 })
    }

    static func actionAge(_ seconds: Int) -> [(name: String, value: String)] {
        seconds > 0 ? [("Sprout-Action-Age", String(seconds))] : []
    }
}
