import Fluent
import Media
import Platform

/// Erases a reader's whole reading log: every book (and with them, by the database's cascades,
/// their memos, sessions, progress, past readings, photos kept for refused memos and the timer)
/// and the goals; the photos are deleted once no row names them. The app promised that deleting
/// it erases everything; on a server, this keeps that promise. The account, and the catalogue's
/// knowledge of books, stay. A withdrawn account's photos are found here too.
struct ReadingErasure: AccountFileOwner {
    let photos: PhotoStore

    func files(ownedBy accountID: String, on db: any Database) async throws -> [String] {
        try await ReadingMemo.query(on: db).filter(\.$account.$id == accountID).filter(\.$photo != nil).all(\.$photo).compactMap { $0 }
            + PendingMemoPhoto.query(on: db).filter(\.$account.$id == accountID).all(\.$photo)
    }

    /// The number of books erased.
    func eraseEverything(of accountID: String, on db: any Database) async throws -> Int {
        let (books, photoNames) = try await db.writeTransaction { db in
            let names = try await files(ownedBy: accountID, on: db)
            let books = try await ReadingBook.query(on: db).filter(\.$account.$id == accountID).count()
            try await ReadingBook.query(on: db).filter(\.$account.$id == accountID).delete()
            try await ReadingGoalsRow.query(on: db).filter(\.$id == accountID).delete()
            return (books, names)
        }
        await photos.discard(photoNames)
        return books
    }
}
