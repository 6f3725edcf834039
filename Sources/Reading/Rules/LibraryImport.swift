import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// A Goodreads export taken into one reader's library. Every row is held to the rules a book added
/// by hand is; a row that breaks one, or names a book earlier in the file, is skipped and reported.
/// A row for a book already on a shelf (`ImportMatch`) brings what the library lacks (`ImportMerge`):
/// its rating, a later shelf, its review, … and is reported as merged, or as skipped when it brings
/// nothing. What is taken is written in one transaction: all of it or, when the
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
            // It reads the library before it writes: on SQLite the write lock is taken first, or
            // a page loading in the background in between fails it (SQLITE_BUSY_SNAPSHOT).
            return try await db.writeTransaction { db in try await take(rows, for: accountID, on: db) }
        } catch let error where (error as? any DatabaseError)?.isConstraintFailure == true {
            throw ReadingError.libraryChangedDuringImport
        }
    }

    private func take(_ rows: [GoodreadsCSV.Row], for accountID: String, on db: any Database) async throws -> Reading.ImportReport {
        let now = clock.now()
        let today = calendar.day(of: now)
        let shelved = try await ReadingBook.query(on: db).filter(\.$account.$id == accountID).all()
        let shelvedIDs = Set(shelved.compactMap(\.id))
        var match = ImportMatch(shelved)
        // The texts already on each shelved book: its memos, and all of them as one review (what
        // this library's own export wrote), so a file imported twice adds no memo twice.
        var reviewsOf: [String: Set<String>] = [:]
        for memos in Dictionary(grouping: try await ReadingMemo.query(on: db).filter(\.$account.$id == accountID).sort(\.$createdAt).sort(\.$id).all(), by: \.$book.id) {
            reviewsOf[memos.key] = Set(memos.value.map(\.text) + [memos.value.map(\.text).joined(separator: "\n\n")])
        }
        var firstRowOf: [String: Int] = [:]
        var books: [ReadingBook] = []
        var mergedBooks: [String: ReadingBook] = [:]
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
            } else if let found = match.book(for: book), let foundID = found.id, let first = firstRowOf[foundID] {
                report.skipped.append(.init(row: row.number, title: title, reason: .repeated, detail: "The same book as row \(first)"))
            } else if let found = match.book(for: book), let foundID = found.id, shelvedIDs.contains(foundID) {
                firstRowOf[foundID] = row.number
                var columns = try ImportMerge.merge(book, into: found, today: today)
                // Found by the ISBN it may have just taken, should a later row bring it again.
                match.add(found)
                if let review = row.review, !(reviewsOf[foundID]?.contains(review) ?? false) {
                    memos.append(ReadingMemo(id: ids.objectID(), accountID: accountID, bookID: foundID, page: nil, text: review, at: now))
                    columns.append("My Review")
                }
                if columns.isEmpty {
                    report.skipped.append(.init(row: row.number, title: title, reason: .alreadyInLibrary, detail: "Already in the library"))
                } else {
                    mergedBooks[foundID] = found
                    report.merged.append(.init(row: row.number, id: foundID, title: found.title, columns: columns))
                }
            } else {
                let bookID = try book.requireID()
                firstRowOf[bookID] = row.number
                match.add(book)
                books.append(book)
                if let review = row.review {
                    memos.append(ReadingMemo(id: ids.objectID(), accountID: accountID, bookID: bookID, page: nil, text: review, at: now))
                }
                report.imported.append(.init(row: row.number, id: bookID, title: book.title))
            }
        }
        for book in mergedBooks.values { try await book.update(on: db) }
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
