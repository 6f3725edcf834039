import Fluent
import Foundation
import Media
import Platform
import PlatformCore
import SproutAPI

/// A reader's notes on their books. A memo is reached through its book, so another reader's book
/// or memo is simply not found.
struct Memos: Sendable {
    let clock: WallClock
    let ids: IdentifierGenerator
    let library: Library
    let photos: PhotoStore

    func memos(of bookID: String, for accountID: String, on db: any Database) async throws -> [ReadingMemo] {
        try await memos(on: try await library.book(bookID, of: accountID, on: db), on: db)
    }

    /// The memos of a book already found in the reader's library.
    func memos(on book: ReadingBook, on db: any Database) async throws -> [ReadingMemo] {
        try await ReadingMemo.query(on: db).filter(\.$book.$id == book.requireID())
            .sort(\.$createdAt, .descending).sort(\.$id, .descending).all()
    }

    /// A new memo, with a photo when one comes along: the text and page are checked before the
    /// photo is stored, and a memo that cannot be written leaves no photo behind. Without an
    /// upload, `kept` (a photo kept when the memo was refused before) becomes its photo.
    func add(
        _ draft: Reading.MemoDraft, photo upload: Data? = nil, kept: PendingMemoPhoto? = nil, to bookID: String, for accountID: String, on db: any Database
    ) async throws -> ReadingMemo {
        let book = try await library.book(bookID, of: accountID, on: db)
        let text = try Self.text(draft.text ?? "")
        let page = try Self.page(draft.page ?? nil, of: book)
        let stored = try await store(upload)
        let memo = ReadingMemo(id: ids.objectID(), accountID: accountID, bookID: try book.requireID(), page: page, text: text, at: clock.now())
        let taken = upload == nil ? kept : nil
        memo.photo = stored.first ?? taken?.photo
        do {
            try await db.writeTransaction { db in
                try await memo.create(on: db)
                // The memo takes the kept photo's file over; only the row that kept it goes.
                try await taken?.delete(on: db)
            }
        } catch {
            await photos.discard(stored)
            throw error
        }
        return memo
    }

    func change(_ memoID: String, of bookID: String, with draft: Reading.MemoDraft, for accountID: String, on db: any Database) async throws -> ReadingMemo {
        let (book, memo) = try await find(memoID, of: bookID, for: accountID, on: db)
        if let text = draft.text { memo.text = try Self.text(text) }
        if let page = draft.page { memo.page = try Self.page(page, of: book) }
        memo.updatedAt = clock.now()
        try await memo.update(on: db)
        return memo
    }

    func remove(_ memoID: String, of bookID: String, for accountID: String, on db: any Database) async throws {
        let memo = try await find(memoID, of: bookID, for: accountID, on: db).memo
        try await memo.delete(on: db)
        await photos.discard(memo.photo.map { [$0] } ?? [])
    }

    /// Removes a book from the reader's library; the database takes its memos, sessions, progress,
    /// past readings, kept photos and, if it is being timed, the timer along, and the photos are
    /// deleted once no row names them.
    func removeBook(_ bookID: String, for accountID: String, on db: any Database) async throws {
        let photoNames = try await db.writeTransaction { db in
            let book = try await library.book(bookID, of: accountID, on: db)
            let names = try await ReadingMemo.query(on: db).filter(\.$book.$id == book.requireID()).filter(\.$photo != nil).all(\.$photo)
            let kept = try await PendingMemoPhoto.query(on: db).filter(\.$book.$id == book.requireID()).all(\.$photo)
            try await book.delete(on: db)
            return names.compactMap { $0 } + kept
        }
        await photos.discard(photoNames)
    }

    /// Puts a photo on a memo, or takes it away (`upload` nil); the photo it had is deleted once
    /// the memo no longer names it.
    func setPhoto(_ upload: Data?, on memoID: String, of bookID: String, for accountID: String, on db: any Database) async throws -> ReadingMemo {
        let memo = try await find(memoID, of: bookID, for: accountID, on: db).memo
        let previous = memo.photo
        let stored = try await store(upload)
        memo.photo = stored.first
        memo.updatedAt = clock.now()
        do {
            try await memo.update(on: db)
        } catch {
            await photos.discard(stored)
            throw error
        }
        await photos.discard(previous.map { [$0] } ?? [])
        return memo
    }

    /// The upload through the image pipeline, or nothing; what is not a photo is the memo's
    /// `.photo` violation.
    private func store(_ upload: Data?) async throws -> [String] {
        guard let upload else { return [] }
        do {
            return try await photos.store([upload])
        } catch {
            guard let refusal = PhotoRefusal(error) else { throw error }
            throw ReadingError.invalidMemo(.photo(refusal))
        }
    }

    func find(_ memoID: String, of bookID: String, for accountID: String, on db: any Database) async throws -> (book: ReadingBook, memo: ReadingMemo) {
        let book = try await library.book(bookID, of: accountID, on: db)
        guard let memo = try await ReadingMemo.query(on: db).filter(\.$id == memoID).filter(\.$book.$id == book.requireID()).first() else {
            throw ReadingError.memoNotFound
        }
        return (book, memo)
    }

    private static func text(_ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ReadingError.invalidMemo(.textRequired) }
        guard trimmed.count <= Reading.MemoRules.textLength else { throw ReadingError.invalidMemo(.textTooLong(maximum: Reading.MemoRules.textLength)) }
        return trimmed
    }

    /// From page 1 to the book's last page when the book knows it, or to the thickest book's.
    private static func page(_ page: Int?, of book: ReadingBook) throws -> Int? {
        guard let page else { return nil }
        let pages = 1...(book.pages > 0 ? book.pages : Reading.BookRules.pages.upperBound)
        guard pages.contains(page) else { throw ReadingError.invalidMemo(.pageOutOfRange(pages)) }
        return page
    }
}
