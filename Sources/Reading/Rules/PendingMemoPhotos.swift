import Fluent
import Foundation
import Media
import Platform
import PlatformCore
import SproutAPI

/// Photos that came with a memo the rules refused, kept so the form comes back holding the photo:
/// a browser cannot be given a chosen file back, and choosing it again is the step people skip.
/// The photo goes through the image pipeline once, when it is kept; the memo saved with it takes
/// the stored file over. A reader's kept photos older than a day, or beyond the newest few, are
/// swept each time another is kept, so an abandoned form leaves nothing behind for long; removing
/// the book, erasing the reading log or the account takes them too (`Memos`, `ReadingErasure`).
struct PendingMemoPhotos: Sendable {
    let clock: WallClock
    let ids: IdentifierGenerator
    let photos: PhotoStore

    /// How many a reader's forms may hold at once, and for how long.
    static let kept = 5
    static let lifetime: TimeInterval = 86_400

    /// Stores the photo and keeps it for the reader's form on this book. A photo the pipeline
    /// refuses is the memo's `.photo` violation.
    func keep(_ upload: Data, on book: ReadingBook, on db: any Database) async throws -> PendingMemoPhoto {
        let stored: [String]
        do {
            stored = try await photos.store([upload])
        } catch {
            guard let refusal = PhotoRefusal(error) else { throw error }
            throw ReadingError.invalidMemo(.photo(refusal))
        }
        guard let name = stored.first else { throw ReadingError.invalidMemo(.photo(.empty)) }
        let pending = PendingMemoPhoto(id: ids.objectID(), accountID: book.$account.id, bookID: try book.requireID(), photo: name, createdAt: clock.now())
        do {
            try await pending.create(on: db)
        } catch {
            await photos.discard(stored)
            throw error
        }
        try await sweep(book.$account.id, on: db)
        return pending
    }

    /// The kept photo the form names, when it is this reader's for this book.
    func find(_ id: String, on book: ReadingBook, on db: any Database) async throws -> PendingMemoPhoto? {
        try await PendingMemoPhoto.query(on: db).filter(\.$id == id).filter(\.$account.$id == book.$account.id)
            .filter(\.$book.$id == book.requireID()).first()
    }

    /// Lets a kept photo go (the reader chose another, or none).
    func discard(_ pending: PendingMemoPhoto, on db: any Database) async throws {
        try await pending.delete(on: db)
        await photos.discard([pending.photo])
    }

    private func sweep(_ accountID: String, on db: any Database) async throws {
        let all = try await PendingMemoPhoto.query(on: db).filter(\.$account.$id == accountID)
            .sort(\.$createdAt, .descending).sort(\.$id, .descending).all()
        let oldest = clock.now().addingTimeInterval(-Self.lifetime)
        let gone = all.enumerated().filter { $0.offset >= Self.kept || $0.element.createdAt < oldest }.map(\.element)
        guard !gone.isEmpty else { return }
        try await PendingMemoPhoto.query(on: db).filter(\.$id ~~ gone.compactMap(\.id)).delete()
        await photos.discard(gone.map(\.photo))
    }
}
