import Fluent
import Foundation
import Platform
import SproutAPI

/// A Goodreads export taken into one reader's library. Every row is held to the rules a book added
/// by hand is; a row that breaks one, or names a book already on a shelf or earlier in the file, is
/// skipped and reported. What is taken is written in one transaction: all of it or, when the
/// database fails or the library changes underneath, none of it.
struct LibraryImport: Sendable {
    let clock: WallClock
    let ids: IdentifierGenerator
    let calendar: ReadingCalendar

    func goodreads(_ text: String, for accountID: String, on db: any Database) async throws -> Reading.ImportReport {
        let rows: [GoodreadsCSV.Row]
        do {
            rows = try GoodreadsCSV.read(text)
        } catch {
            throw ReadingError.unreadableImport(error)
        }
        do {
            return try await db.transaction { db in try await take(rows, for: accountID, on: db) }
        } catch let error where (error as? any DatabaseError)?.isConstraintFailure == true {
            throw ReadingError.libraryChangedDuringImport
        }
    }

    private func take(_ rows: [GoodreadsCSV.Row], for accountID: String, on db: any Database) async throws -> Reading.ImportReport {
        let now = clock.now()
        let today = calendar.day(of: now)
        let shelved = Set(try await ReadingBook.query(on: db).filter(\.$account.$id == accountID).all(\.$identity))
        var firstRowOf: [String: Int] = [:]
        var books: [ReadingBook] = []
        var memos: [ReadingMemo] = []
        var report = Reading.ImportReport(imported: [], skipped: [])
        for row in rows {
            let book = ReadingBook(id: ids.objectID(), accountID: accountID, addedAt: row.addedOn.flatMap(calendar.start(of:)) ?? now)
            var problems = row.unreadable
            do {
                try BookEdit.new(row.book, into: book, today: today)
            } catch let ReadingError.invalid(violations) {
                problems += violations.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\(Self.column(of: $0.key)): \($0.value.meaning)" }
            }
            if let review = row.review, review.count > Reading.MemoRules.textLength {
                problems.append("My Review: at most \(Reading.MemoRules.textLength) characters")
            }
            let title = String(row.title.prefix(Reading.BookRules.titleLength))
            if !problems.isEmpty {
                report.skipped.append(.init(row: row.number, title: title, reason: .invalid, detail: problems.joined(separator: ", ")))
            } else if shelved.contains(book.identity) {
                report.skipped.append(.init(row: row.number, title: title, reason: .alreadyInLibrary, detail: "Already in the library"))
            } else if let first = firstRowOf[book.identity] {
                report.skipped.append(.init(row: row.number, title: title, reason: .repeated, detail: "The same book as row \(first)"))
            } else {
                firstRowOf[book.identity] = row.number
                let bookID = try book.requireID()
                books.append(book)
                if let review = row.review {
                    memos.append(ReadingMemo(id: ids.objectID(), accountID: accountID, bookID: bookID, page: nil, text: review, at: now))
                }
                report.imported.append(.init(row: row.number, id: bookID, title: book.title))
            }
        }
        // In slices, to stay under the bound parameters SQLite allows in one statement.
        for slice in books.chunks(of: 200) { try await slice.create(on: db) }
        for slice in memos.chunks(of: 500) { try await slice.create(on: db) }
        let catalogue = LocalCatalogue(clock: clock)
        for book in books { try await catalogue.remember(book, on: db) }
        return report
    }

    /// A book's field by the column of the file it came from.
    private static func column(of field: Reading.BookField) -> String {
        switch field {
        case .isbn13: "ISBN13"
        case .title: "Title"
        case .author: "Author"
        case .publisher: "Publisher"
        case .pages: "Number of Pages"
        case .rating: "My Rating"
        case .startedOn: "Date Started"
        case .finishedOn: "Date Read"
        case .description, .cover, .link, .category: field.rawValue
        }
    }
}

private extension Array {
    func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
