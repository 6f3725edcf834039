import Platform
import SproutAPI

/// ReadingHaracoon's pages, each path written once: the pages are registered at these and every
/// link, form action and redirect to them is built from them. A book is named by its id, read by
/// the handlers as `id`; a memo by its book's id and its own, `memo`.
enum ReadingPaths {
    /// The shelves; `shelves(status:search:sort:)` links them with a shelf, a search and an order.
    /// Also the service worker's scope, so the shelves themselves open offline.
    static let shelves = PagePath<Void>("reading")
    /// The add-a-book form; `newBook(prefilledWith:)` fills it from a search.
    static let newBook = PagePath<Void>("reading/books/new")
    static let book = PagePath<String>("reading/books/{id}")
    static let bookStatus = PagePath<String>("reading/books/{id}/status")
    static let bookProgress = PagePath<String>("reading/books/{id}/progress")
    static let bookDates = PagePath<String>("reading/books/{id}/dates")
    static let bookReread = PagePath<String>("reading/books/{id}/reread")
    static let memos = PagePath<String>("reading/books/{id}/memos")
    /// By book id, then memo id.
    static let memoRemoval = PagePath<(String, String)>("reading/books/{id}/memos/{memo}/delete")
    static let bookRemoval = PagePath<String>("reading/books/{id}/delete")

    /// Book search; `search(query:page:)` links a page of results.
    static let search = PagePath<Void>("reading/search")
    static let searchAdd = PagePath<Void>("reading/search/add")
    static let serviceWorker = PagePath<Void>("reading/sw.js")

    static let timer = PagePath<Void>("reading/timer")
    /// By action: `start`, `pause`, `resume`, `stop` or `reset`.
    static let timerAction = PagePath<String>("reading/timer/{action}")

    /// The month's statistics; `stats(year:month:)` links another month.
    static let stats = PagePath<Void>("reading/stats")
    static let goals = PagePath<Void>("reading/goals")
    static let settings = PagePath<Void>("reading/settings")
    static let erase = PagePath<Void>("reading/settings/erase")
    static let transfer = PagePath<Void>("reading/transfer")
    static let export = PagePath<Void>("reading/export.csv")

    /// The shelves of `status` (every shelf when nil), searched for `search`, in `sort` order
    /// (the newest first, left out of the link).
    static func shelves(status: Reading.BookStatus?, search: String, sort: Reading.LibrarySort) -> String {
        shelves.link(query: [("status", status?.rawValue), ("q", search.isEmpty ? nil : search), ("sort", sort == .added ? nil : sort.rawValue)])
    }

    /// The add-a-book form with a search as its ISBN when it is one, else as its title.
    static func newBook(prefilledWith search: String) -> String {
        let isbn = Reading.BookRules.isbn13(search)
        return newBook.link(query: [isbn == nil ? ("title", search) : ("isbn13", isbn)])
    }

    static func search(query: String, page: Int) -> String {
        search.link(query: [("q", query), ("page", String(page))])
    }

    static func stats(year: Int, month: Int) -> String {
        stats.link(query: [("year", String(year)), ("month", String(month))])
    }
}
