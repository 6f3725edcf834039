import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// `/api/reading/library/{id}/progress`, `…/dates`, `…/reads` and `…/reread`: where the reader is
/// in one of their books, the days of its current reading, and reading it again.
struct ProgressController: Sendable {
    let library: Library
    let progress: ReadingProgress
    let rereads: Rereads

    func register(on routes: DocumentedRoutes) {
        let signedIn = LibraryController.signedIn
        routes.on(Reading.Routes.progress, doc: .init(
            "A book's progress", description: "Its updates, newest first (at most \(Reading.ProgressRules.listed); total counts them all), and the current reading's newest.",
            responses: signedIn.merging([200: "{updates, total, read, current}", 404: "Not in my library"]) { $1 }
        ), use: timeline)
        routes.onResponse(Reading.Routes.recordProgress, doc: .init(
            "Record where I am",
            description: "`page` (1 to the book's pages, when they are known) or `percent` (0 to 100), one of the two, kept with today's day; several a day are kept as several. A book on the to-read shelf moves to reading; reaching the end does not finish it (the status is the reader's to set).",
            responses: signedIn.merging([
                201: "The update, with the pages read since the one before it", 400: "A body that cannot be read (a page that is not a whole number)",
                404: "Not in my library", 422: "Neither or both of page and percent, or one out of range",
            ]) { $1 }
        ), use: record)
        routes.on(Reading.Routes.setDates, doc: .init(
            "Set the days of the current reading",
            description: "Both replaced; null or absent clears one. Each a real day (yyyy-MM-dd) not after today in the server's reading time zone, the finish not before the start. The status stays.",
            responses: signedIn.merging([200: "The book", 400: "A body that cannot be read", 404: "Not in my library", 422: "A day refused, each named"]) { $1 }
        ), use: setDates)
        routes.on(Reading.Routes.reads, doc: .init(
            "A book's readings", description: "Each earlier reading kept when the book was read again, then the current one; times_read counts those read to the end.",
            responses: signedIn.merging([200: "{reads, times_read}", 404: "Not in my library"]) { $1 }
        ), use: reads)
        routes.on(Reading.Routes.reread, doc: .init(
            "Read it again",
            description: "A finished book starts a new reading today: the finished one is kept (the statistics count its finish and count re-reads), the book moves to reading, and its progress starts again from page 0.",
            responses: signedIn.merging([200: "The book, reading again", 404: "Not in my library", 409: "Not finished (only a book on the read shelf is read again)"]) { $1 }
        ), use: reread)
    }

    func timeline(_ req: Request) async throws -> Reading.Progress {
        try await progress.timeline(of: try req.readingBookID(at: Reading.Routes.progress), for: try req.authenticatedAccountID, on: req.db)
    }

    func record(_ req: Request) async throws -> ReadingReply<Reading.ProgressUpdate> {
        let bookID = try req.readingBookID(at: Reading.Routes.recordProgress)
        let draft = try req.decodeBody(Reading.ProgressDraft.self)
        return ReadingReply(status: .created, body: try await progress.record(draft, on: bookID, for: try req.authenticatedAccountID, on: req.db))
    }

    func setDates(_ req: Request) async throws -> Reading.Book {
        let bookID = try req.readingBookID(at: Reading.Routes.setDates)
        let dates = try req.decodeBody(Reading.BookDates.self)
        return ReadingPresenter.book(try await library.setDates(dates, of: bookID, for: try req.authenticatedAccountID, on: req.db))
    }

    func reads(_ req: Request) async throws -> Reading.Reads {
        try await rereads.reads(of: try req.readingBookID(at: Reading.Routes.reads), for: try req.authenticatedAccountID, on: req.db)
    }

    func reread(_ req: Request) async throws -> Reading.Book {
        ReadingPresenter.book(try await rereads.start(try req.readingBookID(at: Reading.Routes.reread), for: try req.authenticatedAccountID, on: req.db))
    }
}
