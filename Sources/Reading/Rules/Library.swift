import Fluent
import Foundation
import Platform
import PlatformCore
import SQLKit
import SproutAPI

/// One reader's shelves: adding, listing, changing and removing books. Every lookup is by the
/// reader's account as well as the book's id, so another reader's book is simply not found.
struct Library: Sendable {
    let clock: WallClock
    let ids: IdentifierGenerator
    let calendar: ReadingCalendar

    /// What a listing keeps and in which order.
    struct Shelf: Hashable, Sendable {
        var status: Reading.BookStatus?
        /// Matched anywhere in the title or the author, case folded.
        var search: String?
        var sort: Reading.LibrarySort = .added
        var order: Reading.SortOrder?

        /// Newest first, A to Z, thickest first, unless told otherwise.
        var direction: Reading.SortOrder {
            order ?? (sort == .title ? .ascending : .descending)
        }
    }

    func add(_ draft: Reading.NewBook, for accountID: String, on db: any Database) async throws -> ReadingBook {
        let now = clock.now()
        let book = ReadingBook(id: ids.objectID(), accountID: accountID, addedAt: now)
        try BookEdit.new(draft, into: book, today: calendar.day(of: now))
        if let existing = try await bookIdentical(to: book, for: accountID, on: db) {
            throw ReadingError.duplicate(existingID: try existing.requireID())
        }
        do {
            try await book.create(on: db)
        } catch let error where (error as? any DatabaseError)?.isConstraintFailure == true {
            // The same book added at the same moment from another device won.
            guard let existing = try await bookIdentical(to: book, for: accountID, on: db) else { throw error }
            throw ReadingError.duplicate(existingID: try existing.requireID())
        }
        try await LocalCatalogue(clock: clock).remember(book, on: db)
        return book
    }

    /// How many books the reader has, on every shelf.
    func count(of accountID: String, on db: any Database) async throws -> Int {
        try await ReadingBook.query(on: db).filter(\.$account.$id == accountID).count()
    }

    /// Read with SQLKit into plain rows: decoding 500 books through Fluent's models spent 60% of a
    /// listing's time in their reflection (bench/reading.sh).
    func books(of accountID: String, on shelf: Shelf, on db: any Database) async throws -> [Reading.Book] {
        let sql = try db.sql()
        var select = sql.select().columns(BookRow.columns).from(ReadingBook.schema).where("account_id", .equal, accountID)
        if let status = shelf.status { select = select.where("status", .equal, status.rawValue) }
        if let search = shelf.search.map(SearchKey.fold), !search.isEmpty {
            select = select.where(SQLQueryString("search_key LIKE \(bind: SearchKey.containsPattern(search)) ESCAPE '\\'"))
        }
        let direction: SQLDirection = shelf.direction == .ascending ? .ascending : .descending
        switch shelf.sort {
        case .added: select = select.orderBy("added_at", direction)
        case .title: select = select.orderBy("title_key", direction)
        case .pages: select = select.orderBy("pages", direction).orderBy("added_at", .descending)
        }
        let books = try await select.orderBy("id", direction).all(decoding: BookRow.self).map(\.book)
        guard books.isEmpty, let search = shelf.search, let forgiving = ForgivingSearch(search) else { return books }
        // Nothing found as typed: the shelf again, nearest first, forgiving spacing, 초성 and typos.
        let everything = try await self.books(of: accountID, on: Shelf(status: shelf.status, sort: shelf.sort, order: shelf.order), on: db)
        return everything.enumerated().compactMap { index, book in
            forgiving.distance(to: SearchKey.fold(book.title) + "\n" + SearchKey.fold(book.author)).map { (book, $0, index) }
        }.sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map(\.0)
    }

    func book(_ id: String, of accountID: String, on db: any Database) async throws -> ReadingBook {
        guard let book = try await ReadingBook.query(on: db).filter(\.$id == id).filter(\.$account.$id == accountID).first() else {
            throw ReadingError.bookNotFound
        }
        return book
    }

    func change(_ id: String, with changes: Reading.BookChanges, for accountID: String, on db: any Database) async throws -> ReadingBook {
        let book = try await book(id, of: accountID, on: db)
        try BookEdit.change(changes, of: book, today: calendar.day(of: clock.now()))
        do {
            try await book.update(on: db)
        } catch let error where (error as? any DatabaseError)?.isConstraintFailure == true {
            // A new title and author that another book of the reader's already has.
            guard let existing = try await bookIdentical(to: book, for: accountID, on: db) else { throw error }
            throw ReadingError.duplicate(existingID: try existing.requireID())
        }
        return book
    }

    /// Corrects the days the current reading started and finished (`BookEdit.dates`).
    func setDates(_ dates: Reading.BookDates, of id: String, for accountID: String, on db: any Database) async throws -> ReadingBook {
        let book = try await book(id, of: accountID, on: db)
        try BookEdit.dates(dates, of: book, today: calendar.day(of: clock.now()))
        try await book.update(on: db)
        return book
    }

    private func bookIdentical(to book: ReadingBook, for accountID: String, on db: any Database) async throws -> ReadingBook? {
        try await ReadingBook.query(on: db).filter(\.$account.$id == accountID).filter(\.$identity == book.identity)
            .filter(\.$id != book.id ?? "").first()
    }
}

/// A `reading_books` row as a listing reads it.
private struct BookRow: Decodable {
    static let columns = ["id", "isbn13", "title", "author", "publisher", "description", "cover", "link", "category", "pages",
                          "status", "rating", "added_at", "started_on", "finished_on", "reading_seconds"]

    let id: String
    let isbn13: String?
    let title: String
    let author: String
    let publisher: String
    let description: String
    let cover: String
    let link: String
    let category: String
    let pages: Int
    let status: String
    let rating: Int
    let added_at: Date
    let started_on: String?
    let finished_on: String?
    let reading_seconds: Int

    var book: Reading.Book {
        Reading.Book(
            id: id, isbn13: isbn13, title: title, author: author, publisher: publisher, description: description, cover: cover,
            link: link, category: category, pages: pages, status: Reading.BookStatus(rawValue: status) ?? .toRead, rating: rating,
            addedAt: ReadingPresenter.timestamp(added_at), startedOn: started_on, finishedOn: finished_on, readingSeconds: reading_seconds
        )
    }
}
