import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// `/api/reading/library`: the signed-in reader's books.
struct LibraryController: Sendable {
    let library: Library
    let memos: Memos
    let erasure: ReadingErasure
    let answers: AnswerCache<ReadingRead>

    static let signedIn: [Int: String] = [401: "Not signed in", 419: "Access token expired: refresh"]

    func register(on routes: DocumentedRoutes) {
        routes.onResponse(Reading.Routes.library, doc: .init(
            "My library", description: "Every book, or those on one shelf and matching a search, in the order asked.",
            query: [
                .init("status", .choice(Reading.BookStatus.allCases.map(\.rawValue)), "Every shelf when absent"),
                .init("q", .string(maxLength: 100), "Part of the title or author, any case"),
                .init("sort", .choice(Reading.LibrarySort.allCases.map(\.rawValue)), "added by default"),
                .init("order", .choice(Reading.SortOrder.allCases.map(\.rawValue)), "Newest, A to Z and thickest first by default"),
            ],
            responses: Self.signedIn.merging([200: "{books, total}", 400: "An unknown status, sort or order, or a search too long"]) { $1 }
        ), use: list)
        routes.onResponse(Reading.Routes.add, doc: .init(
            "Add a book", description: "By hand, or with its ISBN-13 (checked). The same ISBN, or for a book without one the same title and author, is a 409 whose Location names the book already there.",
            responses: Self.signedIn.merging([201: "The book (Location: its path)", 400: "A body that cannot be read", 409: "Already in the library", 422: "A field the rules refuse, each named"]) { $1 }
        ), use: add)
        routes.on(Reading.Routes.book, doc: .init(
            "One of my books", responses: Self.signedIn.merging([200: "The book", 404: "Not in my library"]) { $1 }
        ), use: show)
        routes.on(Reading.Routes.change, doc: .init(
            "Change a book", description: "Only the keys sent change; a status keeps started_on and finished_on in step.",
            responses: Self.signedIn.merging([200: "The book", 400: "A body that cannot be read", 404: "Not in my library", 409: "Another of my books has this title and author", 422: "A field the rules refuse, each named"]) { $1 }
        ), use: change)
        routes.on(Reading.Routes.remove, doc: .init(
            "Remove a book", description: "With its memos, their photos and its sessions; a timer timing it is thrown away.",
            responses: Self.signedIn.merging([200: "{id, deleted}", 404: "Not in my library"]) { $1 }
        ), use: remove)
        routes.on(Reading.Routes.erase, doc: .init(
            "Erase my reading log", description: "Every book with its memos, photos, sessions and timer, and the goals; the account stays. The settings' 'erase everything'.",
            responses: Self.signedIn.merging([200: "{erased_books}"]) { $1 }
        ), use: erase)
    }

    func erase(_ req: Request) async throws -> Reading.Erased {
        Reading.Erased(erasedBooks: try await erasure.eraseEverything(of: try req.authenticatedAccountID, on: req.db))
    }

    func list(_ req: Request) async throws -> EncodedJSON {
        let shelf = Library.Shelf(
            status: try req.readingQuery("status", as: Reading.BookStatus.self), search: try req.readingQuery("q"),
            sort: try req.readingQuery("sort", as: Reading.LibrarySort.self) ?? .added,
            order: try req.readingQuery("order", as: Reading.SortOrder.self)
        )
        let accountID = try req.authenticatedAccountID
        return EncodedJSON(try await answers.answer(.library(accountID: accountID, shelf: shelf), for: req) {
            let books = try await library.books(of: accountID, on: shelf, on: req.db)
            return try WireJSON.encoder().encode(Reading.Library(books: books, total: books.count))
        })
    }

    func add(_ req: Request) async throws -> ReadingReply<Reading.Book> {
        let draft = try req.decodeBody(Reading.NewBook.self)
        let book = ReadingPresenter.book(try await library.add(draft, for: try req.authenticatedAccountID, on: req.db))
        return ReadingReply(status: .created, headers: ["Location": Reading.Routes.book.pathTemplate.encodedPath(book.id)], body: book)
    }

    func show(_ req: Request) async throws -> Reading.Book {
        ReadingPresenter.book(try await library.book(try req.readingBookID(at: Reading.Routes.book), of: try req.authenticatedAccountID, on: req.db))
    }

    func change(_ req: Request) async throws -> Reading.Book {
        let id = try req.readingBookID(at: Reading.Routes.change)
        let changes = try req.decodeBody(Reading.BookChanges.self)
        return ReadingPresenter.book(try await library.change(id, with: changes, for: try req.authenticatedAccountID, on: req.db))
    }

    func remove(_ req: Request) async throws -> Reading.Deleted {
        let id = try req.readingBookID(at: Reading.Routes.remove)
        try await memos.removeBook(id, for: try req.authenticatedAccountID, on: req.db)
        return Reading.Deleted(id: id, deleted: true)
    }
}
