import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// `/api/reading/catalog`: finding a book to shelve, and the recommendation lists.
struct CatalogController: Sendable {
    let catalogue: any BookCatalogue

    func register(on routes: DocumentedRoutes) {
        let paging: [APIOperation.Parameter] = [
            .init("page", .integer(1...200), "Default 1"), .init("size", .integer(1...50), "Default 20"),
        ]
        let unavailable = "The outside catalogue is down or its quota is spent (Retry-After), when the server asks no local catalogue"
        routes.on(Reading.Routes.searchCatalog, doc: .init(
            "Search books", description: "Title, author or publisher, any part of them, any case, Korean included; an ISBN-13 (or ISBN-10) finds its book. The local catalogue's books come first, then those of the outside catalogues the server is configured with, merged by ISBN-13; when they cannot be reached, the local catalogue's alone.",
            query: [.init("q", required: true, .string(maxLength: 100), "What to look for")] + paging,
            responses: LibraryController.signedIn.merging([200: "{books, total, page, page_size}", 400: "No q, or paging out of range", 503: unavailable]) { $1 }
        ), use: search)
        routes.on(Reading.Routes.catalogList, doc: .init(
            "Recommendations", description: "`bestseller` or `new`.", query: paging,
            responses: LibraryController.signedIn.merging([200: "{books, total, page, page_size}", 400: "Paging out of range", 404: "No such list", 503: unavailable]) { $1 }
        ), use: list)
        routes.on(Reading.Routes.catalogBook, doc: .init(
            "A book by its ISBN-13",
            responses: LibraryController.signedIn.merging([200: "The book", 400: "Not a valid ISBN-13", 404: "Not in the catalogue", 503: unavailable]) { $1 }
        ), use: book)
    }

    func search(_ req: Request) async throws -> Reading.CatalogPage {
        _ = try req.authenticatedAccountID
        guard let query = try req.readingQuery("q", maximum: Reading.CatalogRules.queryLength),
              !SearchKey.fold(query).isEmpty
        else { throw ReadingError.badQuery("q is required") }
        let (page, size) = try paging(req)
        return try await catalogue.search(query, page: page, size: size, on: req.db)
    }

    func list(_ req: Request) async throws -> Reading.CatalogPage {
        _ = try req.authenticatedAccountID
        guard let list = Reading.Routes.catalogList.parameters(in: req).flatMap(Reading.CatalogList.init(rawValue:)) else { throw ReadingError.catalogBookNotFound }
        let (page, size) = try paging(req)
        return try await catalogue.list(list, page: page, size: size, on: req.db)
    }

    func book(_ req: Request) async throws -> Reading.CatalogBook {
        _ = try req.authenticatedAccountID
        guard let isbn = Reading.Routes.catalogBook.parameters(in: req).flatMap(Reading.BookRules.isbn13) else { throw ReadingError.badQuery("not a valid ISBN-13") }
        guard let book = try await catalogue.book(isbn13: isbn, on: req.db) else { throw ReadingError.catalogBookNotFound }
        return book
    }

    private func paging(_ req: Request) throws -> (page: Int, size: Int) {
        let page = try req.readingQueryInteger("page") ?? 1
        let size = try req.readingQueryInteger("size") ?? Reading.CatalogRules.defaultPageSize
        guard Reading.CatalogRules.pages.contains(page) else { throw ReadingError.badQuery("page must be 1 to \(Reading.CatalogRules.pages.upperBound)") }
        guard Reading.CatalogRules.pageSize.contains(size) else { throw ReadingError.badQuery("size must be 1 to \(Reading.CatalogRules.pageSize.upperBound)") }
        return (page, size)
    }
}
