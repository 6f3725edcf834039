import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// The timer as a reader sees it at one moment.
struct TimerSnapshot: Sendable, Equatable {
    var state: Reading.TimerState
    var bookID: String?
    var elapsedSeconds: Int
    var startedAt: Date?
    var readAt: Date
}

/// What a stop recorded: the sessions (one per day the timer ran on, none for a timer at zero),
/// the book with its new total, and the progress update when the reader said where they got to.
struct TimerStop: Sendable {
    var snapshot: TimerSnapshot
    var sessions: [ReadingSession]
    var book: ReadingBook
    var progress: Reading.ProgressUpdate?
}

/// The reading timer, held by the server: one per account, on the injected clock, so it keeps
/// counting through app restarts, device switches and a closed browser. Elapsed time is always
/// derived from timestamps, never ticked. Every change runs in a write transaction with the
/// timer's row locked, so two devices acting at once leave one consistent timer.
struct ReadingTimer: Sendable {
    let clock: WallClock
    let ids: IdentifierGenerator
    let calendar: ReadingCalendar
    let progress: ReadingProgress

    func snapshot(for accountID: String, on db: any Database) async throws -> TimerSnapshot {
        snapshot(of: try await ReadingTimerRow.find(accountID, on: db), at: clock.now())
    }

    /// Starts timing a book. A book still on the to-read shelf moves to reading, as picking it up
    /// means. With a timer already there (this book's or another's) it is refused, naming that book.
    func start(_ bookID: String, for accountID: String, library: Library, on db: any Database) async throws -> TimerSnapshot {
        do {
            return try await db.writeTransaction { db in
                if let running = try await ReadingTimerRow.findLocked(accountID, on: db) {
                    throw ReadingError.timerBusy(bookTitle: try await running.$book.get(on: db).title)
                }
                let book = try await library.book(bookID, of: accountID, on: db)
                let now = clock.now()
                if book.status == Reading.BookStatus.toRead.rawValue {
                    try BookEdit.change(.init(status: .reading), of: book, today: calendar.day(of: now))
                    try await book.update(on: db)
                }
                let row = ReadingTimerRow(accountID: accountID, bookID: bookID, startedAt: now)
                try await row.create(on: db)
                return snapshot(of: row, at: now)
            }
        } catch let error where (error as? any DatabaseError)?.isConstraintFailure == true {
            // Another device's start won the race for the account's one timer.
            guard let running = try await ReadingTimerRow.find(accountID, on: db) else { throw error }
            throw ReadingError.timerBusy(bookTitle: try await running.$book.get(on: db).title)
        }
    }

    /// Pauses the run. `takenSecondsAgo`: how long ago the reader paused, for a tap kept offline
    /// and sent late; the run ends then, though never before it began.
    func pause(for accountID: String, takenSecondsAgo: Int = 0, on db: any Database) async throws -> TimerSnapshot {
        try await db.writeTransaction { db in
            guard let row = try await ReadingTimerRow.findLocked(accountID, on: db), let since = row.runningSince else {
                throw ReadingError.timerNot(.running)
            }
            let now = clock.now()
            let end = Self.end(of: since, takenSecondsAgo: takenSecondsAgo, now: now)
            row.banked = Self.encode(Self.merge(Self.decode(row.banked), calendar.split(from: since, to: end)))
            row.runningSince = nil
            try await row.update(on: db)
            return snapshot(of: row, at: now)
        }
    }

    func resume(for accountID: String, on db: any Database) async throws -> TimerSnapshot {
        try await db.writeTransaction { db in
            guard let row = try await ReadingTimerRow.findLocked(accountID, on: db), row.runningSince == nil else {
                throw ReadingError.timerNot(.paused)
            }
            let now = clock.now()
            row.runningSince = now
            try await row.update(on: db)
            return snapshot(of: row, at: now)
        }
    }

    /// Ends the timer and records what it timed, one session per day it ran on, adding it to the
    /// book's total. A timer stopped at zero records nothing. `takenSecondsAgo` as for `pause`.
    /// `reached`, where the reader got to, is recorded as a progress update on the day the run
    /// ended, in the same transaction: one the book refuses (a page past its last) refuses the
    /// stop, and the timer runs on.
    func stop(for accountID: String, takenSecondsAgo: Int = 0, reached: Reading.ProgressDraft? = nil, on db: any Database) async throws -> TimerStop {
        try await db.writeTransaction { db in
            guard let row = try await ReadingTimerRow.findLocked(accountID, on: db) else { throw ReadingError.timerNot(.running) }
            let now = clock.now()
            let end = row.runningSince.map { Self.end(of: $0, takenSecondsAgo: takenSecondsAgo, now: now) } ?? now
            let perDay = Self.perDay(of: row, at: end, calendar: calendar)
            let book = try await row.$book.get(on: db)
            let bookID = try book.requireID()
            var update: Reading.ProgressUpdate?
            if let reached { update = try await progress.record(reached, on: book, day: calendar.day(of: end), at: now, on: db) }
            let sessions = perDay.map { ReadingSession(id: ids.objectID(), accountID: accountID, bookID: bookID, day: $0.day, seconds: $0.seconds, recordedAt: now) }
            for session in sessions { try await session.create(on: db) }
            book.readingSeconds += sessions.reduce(0) { $0 + $1.seconds }
            try await book.update(on: db)
            try await row.delete(on: db)
            return TimerStop(snapshot: snapshot(of: nil, at: now), sessions: sessions, book: book, progress: update)
        }
    }

    /// Throws the timer away without recording anything (the app's 초기화; its elapsed time is
    /// cleared too, which the app forgot).
    func reset(for accountID: String, on db: any Database) async throws -> TimerSnapshot {
        try await db.writeTransaction { db in
            try await ReadingTimerRow.findLocked(accountID, on: db)?.delete(on: db)
            return snapshot(of: nil, at: clock.now())
        }
    }

    /// When a run that began at `since` ended, for a tap taken `secondsAgo`: between the two.
    private static func end(of since: Date, takenSecondsAgo secondsAgo: Int, now: Date) -> Date {
        max(since, now.addingTimeInterval(-Double(max(secondsAgo, 0))))
    }

    private func snapshot(of row: ReadingTimerRow?, at now: Date) -> TimerSnapshot {
        guard let row else { return TimerSnapshot(state: .idle, bookID: nil, elapsedSeconds: 0, startedAt: nil, readAt: now) }
        return TimerSnapshot(
            state: row.runningSince == nil ? .paused : .running, bookID: row.$book.id,
            elapsedSeconds: Self.perDay(of: row, at: now, calendar: calendar).reduce(0) { $0 + $1.seconds },
            startedAt: row.startedAt, readAt: now
        )
    }

    /// The banked runs plus the one in progress, per day, in day order.
    private static func perDay(of row: ReadingTimerRow, at now: Date, calendar: ReadingCalendar) -> [(day: String, seconds: Int)] {
        var days = decode(row.banked)
        if let since = row.runningSince { days = merge(days, calendar.split(from: since, to: now)) }
        return days.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private static func merge(_ days: [String: Int], _ pieces: [(day: String, seconds: Int)]) -> [String: Int] {
        pieces.reduce(into: days) { $0[$1.day, default: 0] += $1.seconds }
    }

    private static func decode(_ banked: String) -> [String: Int] {
        (try? JSONDecoder().decode([String: Int].self, from: Data(banked.utf8))) ?? [:]
    }

    private static func encode(_ days: [String: Int]) -> String {
        (try? String(decoding: JSONEncoder().encode(days), as: UTF8.self)) ?? "{}"
    }
}
