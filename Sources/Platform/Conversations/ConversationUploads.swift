import Fluent
import Foundation

/// Photos uploaded into a conversation before the message that carries them (the lessons
/// contract's `chats/{room}/files`): only a member nobody blocked uploads, a message carries
/// only its sender's uploads into that conversation, each once, and those no message took
/// within `keptUnsent` are deleted.
extension Messenger {
    /// How long an upload waits for its message: the apps upload, then send at once.
    static let keptUnsent: TimeInterval = 86_400
    /// Uploads looked at per sweep, so one sweep stays short.
    static let sweepBatch = 500

    /// Stores photos `me` uploads into the conversation `id` for a message to come; answers
    /// their paths.
    public func upload(_ uploads: [Data], into id: String, by me: String, on db: any Database) async throws -> [String] {
        let record = try await membership(id, of: me, on: db)
        guard try await !isBlocked(between: me, and: record.other(than: me), on: db) else { throw ConversationError.blocked }
        try await sweepUploadsNowAndThen(on: db)
        let paths = try await storedPhotos(uploads)
        do {
            let now = clock.now()
            for path in paths { try await ConversationUpload(path: path, conversationID: id, uploaderID: me, uploadedAt: now).create(on: db) }
        } catch {
            await photos.discard(paths)
            throw error
        }
        return paths
    }

    /// Refuses `files` for a message of `me` in the conversation `id` unless each is `me`'s
    /// upload into it, not yet sent.
    func checkUploads(_ files: [String], in id: String, by me: String, on db: any Database) async throws {
        guard !files.isEmpty else { return }
        guard Set(files).count == files.count, files.allSatisfy({ $0.utf8.count <= 256 }) else { throw ConversationError.foreignFiles }
        let mine = try await ConversationUpload.query(on: db).filter(\.$id ~~ files).filter(\.$conversationID == id).filter(\.$uploaderID == me).count()
        guard mine == files.count else { throw ConversationError.foreignFiles }
    }

    /// Forgets uploads a message now carries: they are the message's.
    func sent(_ files: [String], on db: any Database) async throws {
        guard !files.isEmpty else { return }
        try await ConversationUpload.query(on: db).filter(\.$id ~~ files).delete()
    }

    /// Deletes the uploads older than `keptUnsent` that no message took, at most once an hour,
    /// from whichever upload comes then. The number of photos deleted.
    @discardableResult
    func sweepUploads(on db: any Database) async throws -> Int {
        let stale = try await ConversationUpload.query(on: db).filter(\.$uploadedAt < clock.now().addingTimeInterval(-Self.keptUnsent))
            .sort(\.$uploadedAt).limit(Self.sweepBatch).all()
        guard !stale.isEmpty else { return 0 }
        let paths = try stale.map { try $0.requireID() }
        try await ConversationUpload.query(on: db).filter(\.$id ~~ paths).delete()
        await photos.discard(paths)
        return paths.count
    }

    private func sweepUploadsNowAndThen(on db: any Database) async throws {
        if uploadSweeps.isDue(at: clock.now()) { try await sweepUploads(on: db) }
    }
}
