import Platform
import SproutAPI
import Vapor

/// `/reading/search`: finding a book in the catalogue and shelving it in one tap; with nothing
/// typed, the recommendations (bestsellers and new books) as the app's search tab showed them.
struct ReadingSearchPages: Sendable {
    let catalogue: any BookCatalogue
    let library: Library

    func register(on pages: any RoutesBuilder) {
        pages.get(ReadingPaths.search, use: search)
        pages.post(ReadingPaths.searchAdd, use: add)
    }

    func search(_ req: Request) async throws -> Response {
        let (context, _) = try await PageContext.signedIn(req)
        // A page forgives what the API refuses: a long search is cut, a page out of range is the first.
        let asked = try req.queryFields(SearchQuery.self)
        let query = String((asked.q ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(Reading.CatalogRules.queryLength))
        let page = asked.page.flatMap { Reading.CatalogRules.pages.contains($0) ? $0 : nil } ?? 1
        do {
            if query.isEmpty {
                async let best = catalogue.list(.bestseller, page: 1, size: 10, on: req.db)
                async let new = catalogue.list(.new, page: 1, size: 10, on: req.db)
                return ReadingSearchViews.recommendations(context, bestsellers: try await best.books, newBooks: try await new.books)
            }
            let results = try await catalogue.search(query, page: page, size: Reading.CatalogRules.defaultPageSize, on: req.db)
            return ReadingSearchViews.results(context, query: query, results: results)
        } catch ReadingError.catalogueUnavailable {
            return ReadingSearchViews.unavailable(context, query: query)
        }
    }

    struct AddForm: Content {
        var isbn13: String?
    }

    func add(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let form = (try? req.content.decode(AddForm.self)) ?? AddForm()
        guard let isbn = form.isbn13.flatMap(Reading.BookRules.isbn13),
              let book = try await catalogue.book(isbn13: isbn, on: req.db)
        else { throw Abort(.notFound) }
        do {
            let added = try await library.add(book.newBook, for: try account.requireID(), on: req.db)
            return req.redirect(to: ReadingPaths.book.link(try added.requireID()), redirectType: .normal)
        } catch let ReadingError.duplicate(existingID) {
            return req.redirect(to: ReadingPaths.book.link(existingID, query: BookNotice(done: .exists)), redirectType: .normal)
        }
    }
}

/// A catalogue search: what was typed, and which page of its results.
struct SearchQuery: Codable {
    var q: String?
    var page: Int?
}
