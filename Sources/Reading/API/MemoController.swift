import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// `/api/reading/library/{id}/memos`: the signed-in reader's notes on one of their books.
struct MemoController: Sendable {
    let memos: Memos
    /// The platform's upload limit: a photo at the file store's size limit and the form around it.
    let uploadBodyLimit: ByteCount

    func register(on routes: DocumentedRoutes) {
        let notFound = "Not my book, or no such memo on it"
        routes.on(Reading.Routes.memos, doc: .init(
            "A book's memos", description: "Newest first.",
            responses: LibraryController.signedIn.merging([200: "{memos, total}", 404: notFound]) { $1 }
        ), use: list)
        routes.onResponse(Reading.Routes.addMemo, doc: .init(
            "Write a memo", description: "`text` (1 to 20,000 characters once trimmed) and, if it is about one, the `page` (1 to the book's pages when known).",
            responses: LibraryController.signedIn.merging([201: "The memo (Location: its path)", 400: "A body that cannot be read", 404: notFound, 422: "text or page refused"]) { $1 }
        ), use: add)
        routes.on(Reading.Routes.memo, doc: .init(
            "One memo", responses: LibraryController.signedIn.merging([200: "The memo", 404: notFound]) { $1 }
        ), use: show)
        routes.on(Reading.Routes.changeMemo, doc: .init(
            "Change a memo", description: "Only the keys sent change; `\"page\": null` takes the page away.",
            responses: LibraryController.signedIn.merging([200: "The memo", 400: "A body that cannot be read", 404: notFound, 422: "text or page refused"]) { $1 }
        ), use: change)
        routes.on(Reading.Routes.putMemoPhoto, body: .collect(maxSize: uploadBodyLimit), doc: .init(
            "Put a photo on a memo", description: "Multipart with one `photo` part: a JPEG, PNG, GIF, WebP or HEIC, re-encoded without its metadata (location included). It replaces the memo's photo.",
            body: .multipart([.init("photo", required: true, .file, "A JPEG, PNG, GIF, WebP or HEIC")]),
            responses: LibraryController.signedIn.merging([200: "The memo", 400: "No photo part", 404: notFound, 413: "Too large", 422: "photo: not an image, too large or too many pixels"]) { $1 }
        ), use: putPhoto)
        routes.on(Reading.Routes.removeMemoPhoto, doc: .init(
            "Take a memo's photo away", responses: LibraryController.signedIn.merging([200: "The memo", 404: notFound]) { $1 }
        ), use: removePhoto)
        routes.on(Reading.Routes.removeMemo, doc: .init(
            "Remove a memo", responses: LibraryController.signedIn.merging([200: "{id, deleted}", 404: notFound]) { $1 }
        ), use: remove)
    }

    func list(_ req: Request) async throws -> Reading.Memos {
        let memos = try await memos.memos(of: try req.readingBookID(at: Reading.Routes.memos), for: try req.authenticatedAccountID, on: req.db)
        return Reading.Memos(memos: memos.map(ReadingPresenter.memo), total: memos.count)
    }

    func add(_ req: Request) async throws -> ReadingReply<Reading.Memo> {
        let bookID = try req.readingBookID(at: Reading.Routes.addMemo)
        let draft = try req.decodeBody(Reading.MemoDraft.self)
        let memo = ReadingPresenter.memo(try await memos.add(draft, to: bookID, for: try req.authenticatedAccountID, on: req.db))
        return ReadingReply(status: .created, headers: ["Location": Reading.Routes.memo.pathTemplate.encodedPath((bookID, memo.id))], body: memo)
    }

    func show(_ req: Request) async throws -> Reading.Memo {
        let (book, memo) = Reading.Routes.memo.parameters(in: req) ?? ("", "")
        let found = try await memos.find(try Request.readingMemoID(memo), of: try Request.readingBookID(book), for: try req.authenticatedAccountID, on: req.db)
        return ReadingPresenter.memo(found.memo)
    }

    func change(_ req: Request) async throws -> Reading.Memo {
        let (book, memo) = Reading.Routes.changeMemo.parameters(in: req) ?? ("", "")
        let (bookID, memoID) = (try Request.readingBookID(book), try Request.readingMemoID(memo))
        let draft = try req.decodeBody(Reading.MemoDraft.self)
        return ReadingPresenter.memo(try await memos.change(memoID, of: bookID, with: draft, for: try req.authenticatedAccountID, on: req.db))
    }

    func putPhoto(_ req: Request) async throws -> Reading.Memo {
        let (book, memo) = Reading.Routes.putMemoPhoto.parameters(in: req) ?? ("", "")
        let (bookID, memoID) = (try Request.readingBookID(book), try Request.readingMemoID(memo))
        let accountID = try req.authenticatedAccountID
        guard let part = try req.multipartParts().first(where: { $0.name == "photo" }) else {
            throw ReadingError.badQuery("The form has no photo part.")
        }
        return ReadingPresenter.memo(try await memos.setPhoto(Data(buffer: part.body), on: memoID, of: bookID, for: accountID, on: req.db))
    }

    func removePhoto(_ req: Request) async throws -> Reading.Memo {
        let (book, memo) = Reading.Routes.removeMemoPhoto.parameters(in: req) ?? ("", "")
        let (bookID, memoID) = (try Request.readingBookID(book), try Request.readingMemoID(memo))
        return ReadingPresenter.memo(try await memos.setPhoto(nil, on: memoID, of: bookID, for: try req.authenticatedAccountID, on: req.db))
    }

    func remove(_ req: Request) async throws -> Reading.Deleted {
        let (book, memo) = Reading.Routes.removeMemo.parameters(in: req) ?? ("", "")
        let memoID = try Request.readingMemoID(memo)
        try await memos.remove(memoID, of: try Request.readingBookID(book), for: try req.authenticatedAccountID, on: req.db)
        return Reading.Deleted(id: memoID, deleted: true)
    }
}
