import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// `/api/reading/timer`: the reader's one timer, held by the server.
struct TimerController: Sendable {
    let timer: ReadingTimer
    let library: Library

    static let actionAge = APIOperation.Parameter(
        Request.actionAgeHeader, required: false,
        "Seconds since the reader paused or stopped, for a tap kept offline and sent late: the run ends then (never before it began)"
    )

    func register(on routes: DocumentedRoutes) {
        let signedIn = LibraryController.signedIn
        routes.on(Reading.Routes.timer, doc: .init(
            "My timer", description: "idle, running or paused; elapsed_seconds as of server_time.",
            responses: signedIn.merging([200: "The timer"]) { $1 }
        ), use: show)
        routes.on(Reading.Routes.startTimer, doc: .init(
            "Start timing a book", description: "A book on the to-read shelf moves to reading.",
            responses: signedIn.merging([200: "The running timer", 400: "A body that cannot be read", 404: "Not in my library", 409: "A timer is already there (the reason names its book)"]) { $1 }
        ), use: start)
        routes.on(Reading.Routes.pauseTimer, doc: .init(
            "Pause", headers: [Self.actionAge], responses: signedIn.merging([200: "The paused timer", 409: "No timer is running"]) { $1 }
        ), use: pause)
        routes.on(Reading.Routes.resumeTimer, doc: .init(
            "Resume", responses: signedIn.merging([200: "The running timer", 409: "The timer is not paused"]) { $1 }
        ), use: resume)
        routes.on(Reading.Routes.stopTimer, doc: .init(
            "Stop and record",
            description: "Records one session per calendar day the timer ran on and adds them to the book's total; a timer at zero records nothing. The body is optional: a `page` or `percent` (as for the book's progress) records where the reader got to, on the day the run ended; one the book refuses refuses the stop and the timer runs on.",
            headers: [Self.actionAge], body: APIOperation.Body.json(Reading.ProgressDraft.self).optional,
            responses: signedIn.merging([200: "{timer, recorded, book, progress}", 400: "A body that cannot be read", 409: "No timer to stop",
                                         422: "A page or percent the book refuses (the timer runs on)"]) { $1 }
        ), use: stop)
        routes.on(Reading.Routes.resetTimer, doc: .init(
            "Throw the timer away", description: "Records nothing; an idle timer stays idle.",
            responses: signedIn.merging([200: "The idle timer"]) { $1 }
        ), use: reset)
    }

    func show(_ req: Request) async throws -> Reading.Timer {
        ReadingPresenter.timer(try await timer.snapshot(for: try req.authenticatedAccountID, on: req.db))
    }

    func start(_ req: Request) async throws -> Reading.Timer {
        let body = try req.decodeBody(Reading.TimerStart.self)
        guard Request.isBookID(body.bookID) else { throw ReadingError.bookNotFound }
        return ReadingPresenter.timer(try await timer.start(body.bookID, for: try req.authenticatedAccountID, library: library, on: req.db))
    }

    func pause(_ req: Request) async throws -> Reading.Timer {
        ReadingPresenter.timer(try await timer.pause(for: try req.authenticatedAccountID, takenSecondsAgo: req.readingActionAge, on: req.db))
    }

    func resume(_ req: Request) async throws -> Reading.Timer {
        ReadingPresenter.timer(try await timer.resume(for: try req.authenticatedAccountID, on: req.db))
    }

    func stop(_ req: Request) async throws -> Reading.TimerStopped {
        // Published clients send no body; `{}` says nothing either.
        var reached: Reading.ProgressDraft?
        if let body = req.body.data, body.readableBytes > 0 {
            let sent = try req.decodeBody(Reading.ProgressDraft.self)
            if sent.page != nil || sent.percent != nil { reached = sent }
        }
        let stop = try await timer.stop(for: try req.authenticatedAccountID, takenSecondsAgo: req.readingActionAge, reached: reached, on: req.db)
        return Reading.TimerStopped(
            timer: ReadingPresenter.timer(stop.snapshot),
            recorded: stop.sessions.map { Reading.Session(bookID: $0.$book.id, day: $0.day, seconds: $0.seconds) },
            book: ReadingPresenter.book(stop.book),
            progress: stop.progress
        )
    }

    func reset(_ req: Request) async throws -> Reading.Timer {
        ReadingPresenter.timer(try await timer.reset(for: try req.authenticatedAccountID, on: req.db))
    }
}
