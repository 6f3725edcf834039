import Fluent
import Platform
import SproutAPI
import Vapor

/// `/reading/books/…`: adding a book by hand, a book's page (status, rating, progress, memos and
/// the timer) and removing it. Forms post and redirect back, so every page works without scripts.
/// Progress, days and reading again are `ReadingProgressPages`'.
struct ReadingBookPages: Sendable {
    let library: Library
    let memos: Memos
    let page: ReadingBookPage
    let pendingPhotos: PendingMemoPhotos
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
        let prefill = try req.queryFields(BookForm.self)
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
            return req.redirect(to: ReadingPaths.book.link(existingID, query: BookNotice(done: .exists)), redirectType: .normal)
        }
    }

    func detail(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let notes = ReadingBookPage.Notes(exists: try req.queryFields(BookNotice.self).done == .exists, stopped: ReadingTimerViews.Stopped(req))
        return try await page.draw(try req.readingPageBookID(at: ReadingPaths.book), for: try account.requireID(), context, notes: notes, on: req.db)
    }

    struct StatusForm: Content {
        var status: String?
        var rating: Int?
    }

    func changeStatus(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let id = try req.readingPageBookID(at: ReadingPaths.bookStatus)
        let form = (try? req.content.decode(StatusForm.self)) ?? StatusForm()
        let changes = Reading.BookChanges(status: form.status.flatMap(Reading.BookStatus.init(rawValue:)), rating: form.rating)
        _ = try await library.change(id, with: changes, for: try account.requireID(), on: req.db)
        return req.redirect(to: ReadingPaths.book.link(id), redirectType: .normal)
    }

    struct MemoForm: Content {
        var text: String?
        var page: String?
        /// The id of a photo kept when this memo was refused before, and whether the reader let it go.
        var keptPhoto: String?
        var dropKeptPhoto: String?

        enum CodingKeys: String, CodingKey {
            case text, page, keptPhoto = "kept_photo", dropKeptPhoto = "drop_kept_photo"
        }
    }

    /// A memo, with a photo chosen now or kept from a refused try. Refused again, the form comes
    /// back with what was typed and the photo kept, so only the mistake needs fixing.
    func addMemo(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let accountID = try account.requireID()
        let id = try req.readingPageBookID(at: ReadingPaths.memos)
        let (form, photo) = try Self.memoSubmission(req)
        let book = try await library.book(id, of: accountID, on: req.db)
        var kept: PendingMemoPhoto?
        if let keptID = form.keptPhoto, Request.isBookID(keptID) { kept = try await pendingPhotos.find(keptID, on: book, on: req.db) }
        if let letGo = kept, photo != nil || form.dropKeptPhoto != nil {
            try await pendingPhotos.discard(letGo, on: req.db)
            kept = nil
        }
        var errors: [ReadingBookPage.MemoProblem.Field: String] = [:]
        if kept == nil, photo == nil, form.dropKeptPhoto == nil, form.keptPhoto?.isEmpty == false {
            // The photo the form held was swept (a day passed) or was never this reader's.
            errors[.photo] = context.pick(ko: "사진을 다시 골라 주세요", en: "Choose the photo again")
        }
        let typedPage = TypedNumber(form.page)
        if typedPage == nil { errors[.page] = ReadingBookViews.notANumber(context) }
        if errors.isEmpty {
            do {
                let draft = Reading.MemoDraft(text: form.text ?? "", page: .some(typedPage?.value))
                _ = try await memos.add(draft, photo: photo, kept: kept, to: id, for: accountID, on: req.db)
                return req.redirect(to: ReadingPaths.book.link(id, fragment: "memos"), redirectType: .normal)
            } catch let ReadingError.invalidMemo(violation) {
                let field: ReadingBookPage.MemoProblem.Field = switch violation {
                case .textRequired, .textTooLong: .text
                case .pageOutOfRange: .page
                case .photo: .photo
                }
                errors[field] = ReadingBookViews.message(violation, context)
            }
        }
        if let photo, errors[.photo] == nil {
            do {
                kept = try await pendingPhotos.keep(photo, on: book, on: req.db)
            } catch let ReadingError.invalidMemo(violation) {
                errors[.photo] = ReadingBookViews.message(violation, context)
            }
        }
        let problem = ReadingBookPage.MemoProblem(
            errors: errors, text: form.text ?? "", page: form.page ?? "", kept: kept.map { ReadingBookPage.KeptPhoto(id: $0.id ?? "", src: "/" + $0.photo) }
        )
        return try await page.draw(id, for: accountID, context, notes: .init(memo: problem), status: .unprocessableEntity, on: req.db)
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
        return (MemoForm(text: text("text"), page: text("page"), keptPhoto: text("kept_photo"), dropKeptPhoto: text("drop_kept_photo")), photo)
    }

    func removeMemo(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        guard let (id, memoID) = ReadingPaths.memoRemoval.parameters(in: req), Request.isBookID(id), Request.isBookID(memoID) else {
            throw Abort(.notFound)
        }
        try await memos.remove(memoID, of: id, for: try account.requireID(), on: req.db)
        return req.redirect(to: ReadingPaths.book.link(id, fragment: "memos"), redirectType: .normal)
    }

    func confirmRemove(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let book = try await library.book(try req.readingPageBookID(at: ReadingPaths.bookRemoval), of: try account.requireID(), on: req.db)
        return ReadingBookViews.confirmRemove(context, book: ReadingPresenter.book(book))
    }

    func remove(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        try await memos.removeBook(try req.readingPageBookID(at: ReadingPaths.bookRemoval), for: try account.requireID(), on: req.db)
        return req.redirect(to: ReadingPaths.shelves.link, redirectType: .normal)
    }
}

extension Request {
    /// The book id `path` holds; anything else is the site's 404 page.
    func readingPageBookID(at path: PagePath<String>) throws -> String {
        guard let id = path.parameters(in: self), Self.isBookID(id) else { throw Abort(.notFound) }
        return id
    }
}

/// What a book's page says it was sent for: the book asked for was already in the library.
struct BookNotice: Codable {
    enum Done: String, Codable {
        case exists
    }

    var done: Done?
}
