import Platform
import SproutAPI
import Vapor

/// `/reading/timer`: the reader's one timer, held by the server, so the page shows the same
/// count after a reload or on another device. Each action posts and comes back to the page
/// it was taken on.
struct ReadingTimerPages: Sendable {
    let library: Library
    let timer: ReadingTimer

    func register(on pages: any RoutesBuilder) {
        pages.get(ReadingPaths.timer, use: show)
        pages.post(ReadingPaths.timerAction, use: act)
    }

    func show(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let accountID = try account.requireID()
        let snapshot = try await timer.snapshot(for: accountID, on: req.db)
        var timed: ReadingBook?
        if let bookID = snapshot.bookID { timed = try await library.book(bookID, of: accountID, on: req.db) }
        let shelf = try await library.books(of: accountID, on: Library.Shelf(status: .reading), on: req.db)
            + library.books(of: accountID, on: Library.Shelf(status: .toRead), on: req.db)
        let problem = try req.queryFields(TimerNotice.self).problem
        return ReadingTimerViews.page(context, timer: ReadingPresenter.timer(snapshot), book: timed.map(ReadingPresenter.book), choices: shelf,
                                      problem: problem, stopped: ReadingTimerViews.Stopped(req))
    }

    struct ActionForm: Content {
        var bookID: String?
        var next: String?
        /// Where a stop's reader got to, as typed: a page, or a percent for a book without pages.
        var page: String?
        var percent: String?

        enum CodingKeys: String, CodingKey {
            case bookID = "book_id", next, page, percent
        }
    }

    func act(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let accountID = try account.requireID()
        let form = (try? req.content.decode(ActionForm.self)) ?? ActionForm()
        let back = form.next.map(LocalPath.sanitized).flatMap { $0 == "/" ? nil : $0 } ?? ReadingPaths.timer.link
        do {
            switch ReadingPaths.timerAction.parameters(in: req) {
            case "start":
                guard let bookID = form.bookID, Request.isBookID(bookID) else { throw ReadingError.bookNotFound }
                _ = try await timer.start(bookID, for: accountID, library: library, on: req.db)
            case "pause": _ = try await timer.pause(for: accountID, takenSecondsAgo: req.readingActionAge, on: req.db)
            case "resume": _ = try await timer.resume(for: accountID, on: req.db)
            case "stop":
                guard let page = TypedNumber(form.page), let percent = TypedNumber(form.percent) else { throw ReadingError.invalidProgress(.pageOrPercent) }
                let reached = page.value == nil && percent.value == nil ? nil : Reading.ProgressDraft(page: page.value, percent: percent.value)
                let stop = try await timer.stop(for: accountID, takenSecondsAgo: req.readingActionAge, reached: reached, on: req.db)
                let stopped = ReadingTimerViews.Stopped(seconds: stop.sessions.reduce(0) { $0 + $1.seconds }, page: stop.progress?.page,
                                                        percent: stop.progress.flatMap { $0.page == nil ? $0.percent : nil })
                return req.redirect(to: stopped.link(to: back), redirectType: .normal)
            case "reset": _ = try await timer.reset(for: accountID, on: req.db)
            default: throw Abort(.notFound)
            }
        } catch ReadingError.timerBusy, ReadingError.timerNot {
            // Another device moved the timer first: show it as it is now.
            return req.redirect(to: ReadingPaths.timer.link(query: TimerNotice(problem: .changed)), redirectType: .normal)
        } catch ReadingError.invalidProgress {
            return req.redirect(to: ReadingPaths.timer.link(query: [("problem", ReadingTimerViews.Problem.reached.rawValue)]), redirectType: .normal)
        }
        return req.redirect(to: back, redirectType: .normal)
    }
}

/// Why the timer's page came back instead of doing what was asked.
struct TimerNotice: Codable {
    var problem: ReadingTimerViews.Problem?
}
