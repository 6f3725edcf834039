import Fluent
import Platform
import SproutAPI
import Vapor

/// `/reading/books/…`: adding a book by hand, a book's page (status, rating, memos and the timer)
/// and removing it. Forms post and redirect back, so every page works without scripts.
struct ReadingBookPages: Sendable {
    let library: Library
    let memos: Memos
    let timer: ReadingTimer
    let uploadBodyLimit: ByteCount

    func register(on pages: any RoutesBuilder) {
        pages.get(ReadingPaths.newBook, use: newBook)
        pages.post(ReadingPaths.newBook, use: addBook)
        pages.get(ReadingPaths.book, use: detail)
        pages.post(ReadingPaths.bookStatus, use: changeStatus)
        pages.post(ReadingPaths.memos, upTo: uploadBodyLimit, use: addMemo)
        pages.post(ReadingPaths.memoRemoval, use: removeMemo)
        pages.get(ReadingPaths.bookRemoval, use: confirmRemove)
        pages.post(ReadingPaths.bookRemoval, use: remove)
    }

    struct BookForm: Content {
        var title: String?
        var author: String?
        var isbn13: String?
        var pages: String?
        var status: String?
    }

    /// The form, filled from the query: an empty search links here with what was searched for.
    func newBook(_ req: Request) async throws -> Response {
        let (context, _) = try await PageContext.signedIn(req)
        let prefill = (try? req.query.decode(BookForm.self)) ?? BookForm()
        return ReadingBookViews.newBook(context, form: BookForm(title: prefill.title, author: prefill.author, isbn13: prefill.isbn13), errors: [:])
    }

    func addBook(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let form = (try? req.content.decode(BookForm.self)) ?? BookForm()
        var errors: [Reading.BookField: String] = [:]
        let pagesText = (form.pages ?? "").filter { $0 != "," }.trimmingCharacters(in: .whitespaces)
        let pages = pagesText.isEmpty ? 0 : Int(pagesText.prefix(9))
        if pages == nil { errors[.pages] = ReadingBookViews.notANumber(context) }
        let draft = Reading.NewBook(
            isbn13: form.isbn13, title: form.title ?? "", author: form.author, pages: pages ?? 0,
            status: form.status.flatMap(Reading.BookStatus.init(rawValue:)) ?? .toRead
        )
        guard errors.isEmpty else { return ReadingBookViews.newBook(context, form: form, errors: errors) }
        do {
            let book = try await library.add(draft, for: try account.requireID(), on: req.db)
            return req.redirect(to: ReadingPaths.book.link(try book.requireID()), redirectType: .normal)
        } catch let ReadingError.invalid(violations) {
            return ReadingBookViews.newBook(context, form: form, errors: ReadingBookViews.messages(violations, context))
        } catch let ReadingError.duplicate(existingID) {
            return req.redirect(to: ReadingPaths.book.link(existingID, query: [("done", "exists")]), redirectType: .normal)
        }
    }

    func detail(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        return try await bookPage(of: try req.readingPageBookID, for: try account.requireID(), context, on: req.db,
                              exists: (try? req.query.get(String.self, at: "done")) == "exists")
    }

    /// A book's page: the book, its memos and the reader's timer, each read once.
    private func bookPage(
        of bookID: String, for accountID: String, _ context: PageContext, on db: any Database,
        memoProblem: MemoProblem? = nil, exists: Bool = false, status: HTTPResponseStatus = .ok
    ) async throws -> Response {
        let book = try await library.book(bookID, of: accountID, on: db)
        let bookMemos = try await memos.memos(on: book, on: db)
        let snapshot = try await timer.snapshot(for: accountID, on: db)
        return ReadingBookViews.detail(
            context, book: ReadingPresenter.book(book), memos: bookMemos.map(ReadingPresenter.memo), timer: ReadingPresenter.timer(snapshot),
            memoProblem: memoProblem, exists: exists, status: status
        )
    }

    struct StatusForm: Content {
        var status: String?
        var rating: Int?
    }

    func changeStatus(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let id = try req.readingPageBookID
        let form = (try? req.content.decode(StatusForm.self)) ?? StatusForm()
        let changes = Reading.BookChanges(status: form.status.flatMap(Reading.BookStatus.init(rawValue:)), rating: form.rating)
        _ = try await library.change(id, with: changes, for: try account.requireID(), on: req.db)
        return req.redirect(to: ReadingPaths.book.link(id), redirectType: .normal)
    }

    struct MemoForm: Content {
        var text: String?
        var page: String?
    }

    /// A refused memo: what was typed, and the message beside the field it is about.
    struct MemoProblem {
        enum Field { case text, page, photo }

        var field: Field
        var message: String
        var form: MemoForm
    }

    func addMemo(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let accountID = try account.requireID()
        let id = try req.readingPageBookID
        let (form, photo) = try Self.memoSubmission(req)
        let pageText = (form.page ?? "").filter { $0 != "," }.trimmingCharacters(in: .whitespaces)
        let page = Int(pageText.prefix(9))
        let problem: MemoProblem
        if !pageText.isEmpty && page == nil {
            problem = MemoProblem(field: .page, message: ReadingBookViews.notANumber(context), form: form)
        } else {
            do {
                _ = try await memos.add(Reading.MemoDraft(text: form.text ?? "", page: .some(page)), photo: photo, to: id, for: accountID, on: req.db)
                return req.redirect(to: ReadingPaths.book.link(id, fragment: "memos"), redirectType: .normal)
            } catch let ReadingError.invalidMemo(violation) {
                let field: MemoProblem.Field = switch violation {
                case .textRequired, .textTooLong: .text
                case .pageOutOfRange: .page
                case .photo: .photo
                }
                problem = MemoProblem(field: field, message: ReadingBookViews.message(violation, context), form: form)
            }
        }
        return try await bookPage(of: id, for: accountID, context, on: req.db, memoProblem: problem, status: .unprocessableEntity)
    }

    /// The memo form as posted: multipart with the photo chosen, if any (a browser sends an empty
    /// file part when none is), or URL-encoded, as scripts and forms queued offline before photos
    /// send it.
    static func memoSubmission(_ req: Request) throws -> (MemoForm, Data?) {
        guard req.headers.contentType?.type == "multipart" else {
            return ((try? req.content.decode(MemoForm.self)) ?? MemoForm(), nil)
        }
        let parts = try req.multipartParts()
        func text(_ name: String) -> String? { parts.first { $0.name == name }?.text }
        let photo = parts.first { $0.name == "photo" && $0.body.readableBytes > 0 }.map { Data(buffer: $0.body) }
        return (MemoForm(text: text("text"), page: text("page")), photo)
    }

    func removeMemo(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let id = try req.readingPageBookID
        guard let memoID = req.parameters.get("memo"), Request.isBookID(memoID) else { throw Abort(.notFound) }
        try await memos.remove(memoID, of: id, for: try account.requireID(), on: req.db)
        return req.redirect(to: ReadingPaths.book.link(id, fragment: "memos"), redirectType: .normal)
    }

    func confirmRemove(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let book = try await library.book(try req.readingPageBookID, of: try account.requireID(), on: req.db)
        return ReadingBookViews.confirmRemove(context, book: ReadingPresenter.book(book))
    }

    func remove(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        try await memos.removeBook(try req.readingPageBookID, for: try account.requireID(), on: req.db)
        return req.redirect(to: ReadingPaths.shelves.link, redirectType: .normal)
    }
}

extension Request {
    /// A book id from a page's path; anything else is the site's 404 page.
    var readingPageBookID: String {
        get throws {
            guard let id = parameters.get("id"), Self.isBookID(id) else { throw Abort(.notFound) }
            return id
        }
    }
}
