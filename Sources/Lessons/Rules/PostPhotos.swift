import Foundation
import Platform

/// Photos for posts, from upload to stored path: each within the size limit, decoded and
/// re-encoded without metadata by the image pipeline, then written where post files live. One
/// batch is stored whole or not at all. Used by `posts/files`, the lesson form and the demo data.
struct PostPhotos: Sendable {
    let files: FileStore
    let images: ImagePipeline

    /// The relative paths of the stored photos, in upload order. Throws `FileStoreError` or
    /// `ImageError` for a batch that breaks the limits, and stores nothing then.
    func store(_ uploads: [Data]) async throws -> [String] {
        guard uploads.count <= files.maxCount else { throw FileStoreError.tooMany(limit: files.maxCount) }
        for upload in uploads { try files.checkSize(upload) }
        let processed = try await images.process(uploads)
        return try await files.write(processed.map { (data: $0.original, kind: $0.kind) }, area: PostBoard.fileArea).map(\.path)
    }

    /// Removes photos stored for a post that was then not saved.
    func discard(_ paths: [String]) async {
        for path in paths { try? await files.delete(path: path) }
    }
}
