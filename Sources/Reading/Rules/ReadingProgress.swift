import Fluent
import Foundation
import Platform
import PlatformCore
import SQLKit
import SproutAPI

/// Where a reader is in their books, update by update, as Goodreads and 북적북적 keep it: the page
/// reached, or a percent for a book whose pages are not known, each kept with its calendar day.
/// Several updates on one day stay several (each is a moment the reader noted, and the timeline
/// shows every step); the newest is where the reader is.
///
/// An update belongs to the book's current reading (`Rereads`), so a book read again starts from
/// page 0. An update on a book still to be read moves it to reading, as picking it up means (the
/// timer's start does the same). Reaching the last page does not finish the book: the shelves are
/// the reader's to choose, as every other status change is, and the book's page offers it.
struct ReadingProgress: Sendable {
    let clock: WallClock
    let ids: IdentifierGenerator
    let calendar: ReadingCalendar
    let library: Library

    func record(_ draft: Reading.ProgressDraft, on bookID: String, for accountID: String, on db: any Database) async throws -> Reading.ProgressUpdate {
        try await db.writeTransaction { db in
            let book = try await library.book(bookID, of: accountID, on: db)
            let now = clock.now()
            return try await record(draft, on: book, day: calendar.day(of: now), at: now, on: db)
        }
    }

    /// Records an update on a book already found in the reader's library, inside the caller's
    /// write transaction (the timer's stop records the page reached with the time read).
    func record(_ draft: Reading.ProgressDraft, on book: ReadingBook, day: String, at now: Date, on db: any Database) async throws -> Reading.ProgressUpdate {
        let (page, percent) = try Self.position(draft, of: book)
        let bookID = try book.requireID()
        let read = try await Rereads.currentNumber(of: bookID, on: db)
        let newest = try await ReadingProgressRow.query(on: db).filter(\.$book.$id == bookID).sort(\.$sequence, .descending).first()
        let previous = newest.flatMap { $0.readNumber == read ? $0 : nil }
        if book.status == Reading.BookStatus.toRead.rawValue {
            try BookEdit.change(.init(status: .reading), of: book, today: calendar.day(of: now))
            try await book.update(on: db)
        }
        let row = ReadingProgressRow(id: ids.objectID(), accountID: book.$account.id, bookID: bookID, readNumber: read, day: day,
                                     page: page, percent: percent, recordedAt: now, sequence: (newest?.sequence ?? 0) + 1)
        try await row.create(on: db)
        return Self.update(row, after: previous)
    }

    /// The book's updates, newest first and at most `ProgressRules.listed`, with where its
    /// current reading is.
    func timeline(of bookID: String, for accountID: String, on db: any Database) async throws -> Reading.Progress {
        try await timeline(of: try await library.book(bookID, of: accountID, on: db), on: db)
    }

    /// The timeline of a book already found in the reader's library.
    func timeline(of book: ReadingBook, on db: any Database) async throws -> Reading.Progress {
        let bookID = try book.requireID()
        let read = try await Rereads.currentNumber(of: bookID, on: db)
        let total = try await ReadingProgressRow.query(on: db).filter(\.$book.$id == bookID).count()
        // One more than is listed: the last one listed is told the pages read since the one before it.
        let rows = try await ReadingProgressRow.query(on: db).filter(\.$book.$id == bookID)
            .sort(\.$sequence, .descending).limit(Reading.ProgressRules.listed + 1).all()
        let updates = rows.prefix(Reading.ProgressRules.listed).enumerated().map { index, row in
            Self.update(row, after: rows.indices.contains(index + 1) ? rows[index + 1] : nil)
        }
        return Reading.Progress(updates: updates, total: total, read: read, current: updates.first.flatMap { $0.read == read ? $0 : nil })
    }

    private struct Newest: Decodable {
        let book_id: String
        let read_number: Int
        let percent: Int
    }

    private struct PastCount: Decodable {
        let book_id: String
        let reads: Int
    }

    /// How far each of the reader's books is in its current reading, in percent, by book id: the
    /// shelves' bars. A book whose newest update belongs to an earlier reading has none.
    func positions(of accountID: String, on db: any Database) async throws -> [String: Int] {
        let sql = try db.sql()
        let newest = try await sql.raw("""
            SELECT p.book_id, p.read_number, p.percent FROM reading_progress p
            WHERE p.account_id = \(bind: accountID) AND NOT EXISTS (
                SELECT 1 FROM reading_progress q WHERE q.book_id = p.book_id
                AND q.sequence > p.sequence)
            """).all(decoding: Newest.self)
        guard !newest.isEmpty else { return [:] }
        let past = try await sql.raw("""
            SELECT book_id, COUNT(*) AS reads FROM reading_past_reads WHERE account_id = \(bind: accountID) GROUP BY book_id
            """).all(decoding: PastCount.self)
        let readsBefore = Dictionary(past.map { ($0.book_id, $0.reads) }) { first, _ in first }
        return Dictionary(newest.filter { $0.read_number == (readsBefore[$0.book_id] ?? 0) + 1 }.map { ($0.book_id, $0.percent) }) { first, _ in first }
    }

    /// The page and percent an update says, checked against the book: a page from 1 to the book's
    /// last when its pages are known, or a percent from 0 to 100; one of the two.
    static func position(_ draft: Reading.ProgressDraft, of book: ReadingBook) throws -> (page: Int?, percent: Int) {
        switch (draft.page, draft.percent) {
        case let (page?, nil):
            guard let pages = Reading.ProgressRules.pages(of: book.pages) else { throw ReadingError.invalidProgress(.pagesUnknown) }
            guard pages.contains(page) else { throw ReadingError.invalidProgress(.pageOutOfRange(pages)) }
            return (page, page * 100 / book.pages)
        case let (nil, percent?):
            guard Reading.ProgressRules.percent.contains(percent) else { throw ReadingError.invalidProgress(.percentOutOfRange(Reading.ProgressRules.percent)) }
            return (nil, percent)
        default:
            throw ReadingError.invalidProgress(.pageOrPercent)
        }
    }

    /// A stored update as the API shows it; `previous` is the update recorded just before it, if any.
    static func update(_ row: ReadingProgressRow, after previous: ReadingProgressRow?) -> Reading.ProgressUpdate {
        let before = previous.flatMap { $0.readNumber == row.readNumber ? $0 : nil }
        let pagesRead: Int? = switch (row.page, before) {
        case let (page?, nil): page
        case let (page?, earlier?): earlier.page.map { page - $0 }
        case (nil, _): nil
        }
        return Reading.ProgressUpdate(
            id: row.id ?? "", bookID: row.$book.id, read: row.readNumber, day: row.day, page: row.page, percent: row.percent,
            pagesRead: pagesRead, recordedAt: ReadingPresenter.timestamp(row.recordedAt)
        )
    }
}
