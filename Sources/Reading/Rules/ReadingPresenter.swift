import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Stored rows as the API's wire types.
enum ReadingPresenter {
    static func book(_ book: ReadingBook) -> Reading.Book {
        Reading.Book(
            id: book.id ?? "", isbn13: book.isbn13, title: book.title, author: book.author, publisher: book.publisher,
            description: book.description, cover: book.cover, link: book.link, category: book.category, pages: book.pages,
            status: Reading.BookStatus(rawValue: book.status) ?? .toRead, rating: book.rating, addedAt: timestamp(book.addedAt),
            startedOn: book.startedOn, finishedOn: book.finishedOn, readingSeconds: book.readingSeconds
        )
    }

    static func memo(_ memo: ReadingMemo) -> Reading.Memo {
        Reading.Memo(
            id: memo.id ?? "", bookID: memo.$book.id, page: memo.page, text: memo.text, photo: memo.photo.map { "/" + $0 },
            createdAt: timestamp(memo.createdAt), updatedAt: timestamp(memo.updatedAt)
        )
    }

    static func timer(_ snapshot: TimerSnapshot) -> Reading.Timer {
        Reading.Timer(
            state: snapshot.state, bookID: snapshot.bookID, elapsedSeconds: snapshot.elapsedSeconds,
            startedAt: snapshot.startedAt.map(timestamp), serverTime: timestamp(snapshot.readAt)
        )
    }

    /// ISO 8601 in UTC, to the millisecond.
    static func timestamp(_ date: Date) -> String {
        UTCTimestamp.format(date, fractionDigits: 3) + "Z"
    }
}
