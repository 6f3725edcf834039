import Fluent
import Platform
import SproutAPI
import Vapor

/// A book's page as every form on it draws it: the book, where the reader is in it, its days and
/// readings, its memos and the reader's timer, each read once, with what a refused form or a
/// redirect has to say beside them.
struct ReadingBookPage: Sendable {
    let library: Library
    let memos: Memos
    let timer: ReadingTimer
    let progress: ReadingProgress
    let rereads: Rereads

    /// What the page shows besides the book.
    struct Shown {
        var memos: [Reading.Memo]
        var timer: Reading.Timer
        var progress: Reading.Progress
        var reads: Reading.Reads
        /// `yyyy-MM-dd` in the reading time zone: the latest day the dates form takes.
        var today: String
    }

    /// What a form sent back says beside its fields (and what was typed in them), or what a
    /// redirect asked the page to confirm.
    struct Notes {
        var memo: MemoProblem?
        var progress: ProgressProblem?
        var dates: DatesProblem?
        var exists = false
        var stopped: ReadingTimerViews.Stopped?
    }

    /// A refused memo: what was typed, the message beside each field it is about, and the photo
    /// that came with it, kept (`PendingMemoPhotos`) so it need not be chosen again.
    struct MemoProblem {
        enum Field { case text, page, photo }

        var errors: [Field: String]
        var text: String
        var page: String
        var kept: KeptPhoto?
    }

    /// A photo kept for a memo form: the id the form sends back, and where it is shown.
    struct KeptPhoto {
        var id: String
        var src: String
    }

    struct ProgressProblem {
        var message: String
        var typed: String
    }

    struct DatesProblem {
        var errors: [Reading.BookField: String]
        var startedOn: String
        var finishedOn: String
    }

    func draw(
        _ bookID: String, for accountID: String, _ context: PageContext, notes: Notes = Notes(), status: HTTPResponseStatus = .ok, on db: any Database
    ) async throws -> Response {
        let book = try await library.book(bookID, of: accountID, on: db)
        let shown = Shown(
            memos: try await memos.memos(on: book, on: db).map(ReadingPresenter.memo),
            timer: ReadingPresenter.timer(try await timer.snapshot(for: accountID, on: db)),
            progress: try await progress.timeline(of: book, on: db),
            reads: try await rereads.reads(of: book, on: db),
            today: progress.calendar.day(of: progress.clock.now())
        )
        return ReadingBookViews.detail(context, book: ReadingPresenter.book(book), shown: shown, notes: notes, status: status)
    }
}
