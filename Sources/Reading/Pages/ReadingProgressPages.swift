import Platform
import SproutAPI
import Vapor

/// The book page's forms for where the reader is (`/reading/books/{id}/progress`), the days of
/// the current reading (`…/dates`) and reading it again (`…/reread`). Each posts and comes back
/// to the book; a refused one draws the page again with what was typed and why.
struct ReadingProgressPages: Sendable {
    let library: Library
    let progress: ReadingProgress
    let rereads: Rereads
    let page: ReadingBookPage

    func register(on pages: any RoutesBuilder) {
        pages.post(ReadingPaths.bookProgress, use: record)
        pages.post(ReadingPaths.bookDates, use: setDates)
        pages.post(ReadingPaths.bookReread, use: reread)
    }

    struct ProgressForm: Content {
        var page: String?
        var percent: String?
    }

    func record(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let accountID = try account.requireID()
        let id = try req.readingPageBookID(at: ReadingPaths.bookProgress)
        let form = (try? req.content.decode(ProgressForm.self)) ?? ProgressForm()
        let typed = form.page ?? form.percent ?? ""
        let message: String
        if let page = TypedNumber(form.page), let percent = TypedNumber(form.percent) {
            do {
                _ = try await progress.record(Reading.ProgressDraft(page: page.value, percent: percent.value), on: id, for: accountID, on: req.db)
                return req.redirect(to: ReadingPaths.book.link(id, fragment: "progress"), redirectType: .normal)
            } catch let ReadingError.invalidProgress(violation) {
                message = ReadingProgressViews.message(violation, context)
            }
        } else {
            message = ReadingBookViews.notANumber(context)
        }
        let notes = ReadingBookPage.Notes(progress: ReadingBookPage.ProgressProblem(message: message, typed: typed))
        return try await page.draw(id, for: accountID, context, notes: notes, status: .unprocessableEntity, on: req.db)
    }

    struct DatesForm: Content {
        var startedOn: String?
        var finishedOn: String?

        enum CodingKeys: String, CodingKey {
            case startedOn = "started_on", finishedOn = "finished_on"
        }
    }

    func setDates(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let accountID = try account.requireID()
        let id = try req.readingPageBookID(at: ReadingPaths.bookDates)
        let form = (try? req.content.decode(DatesForm.self)) ?? DatesForm()
        do {
            _ = try await library.setDates(Reading.BookDates(startedOn: form.startedOn, finishedOn: form.finishedOn), of: id, for: accountID, on: req.db)
            return req.redirect(to: ReadingPaths.book.link(id, fragment: "dates"), redirectType: .normal)
        } catch let ReadingError.invalid(violations) {
            let problem = ReadingBookPage.DatesProblem(
                errors: ReadingBookViews.messages(violations, context), startedOn: form.startedOn ?? "", finishedOn: form.finishedOn ?? ""
            )
            return try await page.draw(id, for: accountID, context, notes: .init(dates: problem), status: .unprocessableEntity, on: req.db)
        }
    }

    func reread(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let id = try req.readingPageBookID(at: ReadingPaths.bookReread)
        do {
            _ = try await rereads.start(id, for: try account.requireID(), on: req.db)
        } catch ReadingError.notFinished {
            // Started again already (from another tab or device): the page shows it so.
        }
        return req.redirect(to: ReadingPaths.book.link(id, fragment: "progress"), redirectType: .normal)
    }
}
