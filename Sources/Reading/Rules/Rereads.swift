import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Reading a finished book again (Goodreads' "read again", 북적북적's 다시 읽기). A book's current
/// reading is its own `started_on` and `finished_on`; starting again keeps that reading as a
/// numbered `PastRead` and begins a new one today, as becoming a book being read always has, so
/// the statistics still count the earlier finish and tell re-reads apart, and the progress
/// timeline starts again from page 0.
///
/// Only a finished book starts again. A status change from read back to reading stays what it
/// was, a correction of the one reading (its finish cleared), so a mistaken tap on the shelves
/// never makes a second reading.
struct Rereads: Sendable {
    let clock: WallClock
    let ids: IdentifierGenerator
    let calendar: ReadingCalendar
    let library: Library

    func start(_ bookID: String, for accountID: String, on db: any Database) async throws -> ReadingBook {
        do {
            return try await db.writeTransaction { db in
                let book = try await library.book(bookID, of: accountID, on: db)
                guard book.status == Reading.BookStatus.read.rawValue else { throw ReadingError.notFinished }
                let id = try book.requireID()
                let now = clock.now()
                let past = PastRead(id: ids.objectID(), accountID: accountID, bookID: id, number: try await Self.currentNumber(of: id, on: db),
                                    startedOn: book.startedOn, finishedOn: book.finishedOn, keptAt: now)
                try await past.create(on: db)
                try BookEdit.change(.init(status: .reading), of: book, today: calendar.day(of: now))
                try await book.update(on: db)
                return book
            }
        } catch let error where (error as? any DatabaseError)?.isConstraintFailure == true {
            // Another device started it again first, so it is no longer finished.
            throw ReadingError.notFinished
        }
    }

    /// The book's readings, first first, and how many were read to the end: each kept one (only a
    /// finished book is started again) and the current one when it is finished.
    func reads(of bookID: String, for accountID: String, on db: any Database) async throws -> Reading.Reads {
        try await reads(of: try await library.book(bookID, of: accountID, on: db), on: db)
    }

    /// The readings of a book already found in the reader's library.
    func reads(of book: ReadingBook, on db: any Database) async throws -> Reading.Reads {
        let past = try await PastRead.query(on: db).filter(\.$book.$id == book.requireID()).sort(\.$number).all()
        var reads = past.map { Reading.Read(number: $0.number, startedOn: $0.startedOn, finishedOn: $0.finishedOn, current: false) }
        let status = Reading.BookStatus(rawValue: book.status) ?? .toRead
        if status != .toRead || !past.isEmpty {
            reads.append(Reading.Read(number: past.count + 1, startedOn: book.startedOn, finishedOn: book.finishedOn, current: true))
        }
        return Reading.Reads(reads: reads, timesRead: past.count + (status == .read ? 1 : 0))
    }

    /// The number of the book's current reading: one more than the readings kept before it.
    static func currentNumber(of bookID: String, on db: any Database) async throws -> Int {
        try await PastRead.query(on: db).filter(\.$book.$id == bookID).count() + 1
    }
}
