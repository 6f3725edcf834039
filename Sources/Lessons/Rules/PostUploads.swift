import Fluent
import Foundation
import Media
import NIOConcurrencyHelpers
import Platform
import PlatformCore
import Vapor

/// Photos uploaded for posts (`posts/files`, the lesson form), remembered with who uploaded them
/// and when: a post may list only its author's own uploads (or photos already on the author's
/// posts), and an upload no post took within a day is deleted by `sweep`.
struct PostUploads: Sendable {
    /// How long an upload waits for a post: the app uploads, then creates the post at once.
    static let keptUnattached: TimeInterval = 86_400
    /// Uploads looked at per sweep, so one sweep stays short.
    static let sweepBatch = 500

    let photos: PhotoStore
    let clock: WallClock

    /// Stores the photos as `accountID`'s; throws `FileStoreError` or `ImageError` as `PhotoStore`.
    func store(_ uploads: [Data], by accountID: String, on db: any Database) async throws -> [String] {
        let paths = try await photos.store(uploads)
        do {
            let now = clock.now()
            for path in paths { try await LessonUpload(path: path, accountID: accountID, uploadedAt: now).create(on: db) }
        } catch {
            await discard(paths, on: db)
            throw error
        }
        return paths
    }

    /// Deletes photos stored for a post that was then not written.
    func discard(_ paths: [String], on db: any Database) async {
        try? await LessonUpload.query(on: db).filter(\.$id ~~ paths).delete()
        await photos.discard(paths)
    }

    /// Whether `accountID` may list `paths` on a post: each is its upload, or already on one of
    /// its posts.
    static func attachable(_ paths: [String], by accountID: String, on db: any Database) async throws -> Bool {
        guard !paths.isEmpty else { return true }
        let uploaded = try await LessonUpload.query(on: db).filter(\.$id ~~ paths).filter(\.$accountID == accountID).all(\.$id)
        let rest = Set(paths).subtracting(uploaded.compactMap { $0 })
        guard !rest.isEmpty else { return true }
        let posted = try await LessonPost.query(on: db).filter(\.$creatorID == accountID).all().flatMap(\.fileList)
        return rest.isSubset(of: posted)
    }

    /// Forgets the uploads a post now lists: they are the post's.
    static func attached(_ paths: [String], on db: any Database) async throws {
        guard !paths.isEmpty else { return }
        try await LessonUpload.query(on: db).filter(\.$id ~~ paths).delete()
    }

    /// Deletes the uploads older than `keptUnattached` that no post lists, and forgets any that one
    /// does. The number of photos deleted.
    @discardableResult
    func sweep(on db: any Database) async throws -> Int {
        let stale = try await LessonUpload.query(on: db).filter(\.$uploadedAt < clock.now().addingTimeInterval(-Self.keptUnattached))
            .sort(\.$uploadedAt).limit(Self.sweepBatch).all()
        var deleted = 0
        for upload in stale {
            let path = try upload.requireID()
            let listed = try await LessonPost.listing(path, on: db).count() > 0
            try await upload.delete(on: db)
            if !listed {
                await photos.discard([path])
                deleted += 1
            }
        }
        return deleted
    }
}

/// Sweeps the unattached uploads every hour.
struct PostUploadSweeper: ModuleService {
    let uploads: PostUploads
    private let sweeping = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(uploads: PostUploads) {
        self.uploads = uploads
    }

    var name: String { "lessons upload sweeper" }

    func start(on application: Application) async throws {
        let uploads = uploads
        let db = application.db
        let logger = application.logger
        sweeping.withLockedValue { $0 = Task {
            while !Task.isCancelled {
                do {
                    let deleted = try await uploads.sweep(on: db)
                    if deleted > 0 { logger.info("deleted \(deleted) lesson photos no post took") }
                } catch {
                    // A sweep cut short by shutdown (the pool closes under it) is no failure: the
                    // next start sweeps again.
                    if !Task.isCancelled { logger.warning("lesson upload sweep failed: \(String(reflecting: error))") }
                }
                try? await Task.sleep(for: .seconds(3_600))
            }
        } }
    }

    /// Waits for a sweep under way: the database closes after the services stop.
    func stop() async {
        let sweep = sweeping.withLockedValue { $0 }
        sweep?.cancel()
        await sweep?.value
    }
}
