import Foundation
import SproutAPI

// Where the reader is in a book (Goodreads' and 북적북적's progress updates), the days of its
// current reading, reading it again, and a timer stop that records the page reached.
extension ReadingClient {
    /// The book's updates, newest first, and where its current reading is.
    public func progress(bookID: String) async throws -> Reading.Progress {
        try await api.send(Endpoint(Reading.Routes.progress, bookID))
    }

    /// Records the page reached (1 to the book's pages) or, for a book whose pages are not known,
    /// the percent read (0 to 100). A 422 names what the book refuses. A book on the to-read shelf
    /// moves to reading; reaching the end does not finish it.
    public func recordProgress(bookID: String, _ draft: Reading.ProgressDraft) async throws -> Reading.ProgressUpdate {
        try await api.send(Endpoint(Reading.Routes.recordProgress, bookID, body: draft))
    }

    /// Sets the days the current reading started and finished (nil clears one): real days, not
    /// after today, the finish not before the start (422 otherwise).
    public func setDates(bookID: String, startedOn: String?, finishedOn: String?) async throws -> Reading.Book {
        try await api.send(Endpoint(Reading.Routes.setDates, bookID, body: Reading.BookDates(startedOn: startedOn, finishedOn: finishedOn)))
    }

    /// The book's readings, first first, and how many times it was read to the end.
    public func reads(bookID: String) async throws -> Reading.Reads {
        try await api.send(Endpoint(Reading.Routes.reads, bookID))
    }

    /// Starts a finished book again: the finished reading is kept (and counted), the book moves to
    /// reading today. 409 when it is not finished.
    public func readAgain(bookID: String) async throws -> Reading.Book {
        try await api.send(Endpoint(Reading.Routes.reread, bookID))
    }

    /// Stops the timer and records where the reader got to with the time; a page or percent the
    /// book refuses is a 422 and the timer runs on. `takenSecondsAgo` as for `pauseTimer`.
    public func stopTimer(reached: Reading.ProgressDraft, takenSecondsAgo: Int = 0) async throws -> Reading.TimerStopped {
        try await api.send(Endpoint(Reading.Routes.stopTimer, headers: Self.actionAge(takenSecondsAgo), body: reached))
    }
}
