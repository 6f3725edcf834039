import Fluent
import Foundation
import SproutAPI

/// One reader's library as a Goodreads export, newest added first as Goodreads writes it; a book's
/// memos, oldest first, become its review, and its Read Count counts each reading finished.
struct LibraryExport: Sendable {
    let calendar: ReadingCalendar

    func goodreads(for accountID: String, on db: any Database) async throws -> String {
        let books = try await ReadingBook.query(on: db).filter(\.$account.$id == accountID)
            .sort(\.$addedAt, .descending).sort(\.$id, .descending).all()
        let memos = try await ReadingMemo.query(on: db).filter(\.$account.$id == accountID)
            .sort(\.$createdAt).sort(\.$id).all()
        let reviews = Dictionary(grouping: memos, by: \.$book.id).mapValues { $0.map(\.text).joined(separator: "\n\n") }
        let pastReads = try await PastRead.query(on: db).filter(\.$account.$id == accountID).all(\.$book.$id)
        let earlier = Dictionary(grouping: pastReads) { $0 }.mapValues(\.count)
        return GoodreadsCSV.write(books.map { book in
            GoodreadsCSV.Entry(book: ReadingPresenter.book(book), addedOn: calendar.day(of: book.addedAt), review: reviews[book.id ?? ""] ?? "",
                               earlierReads: earlier[book.id ?? ""] ?? 0)
        })
    }
}
