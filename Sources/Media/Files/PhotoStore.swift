import Foundation

/// Photos from upload to stored path: each within the size limit, decoded and re-encoded without
/// metadata by the image pipeline, then written to the store's area. One batch is stored whole or
/// not at all. Lessons' post photos and profile pictures, reading memos' photos.
public struct PhotoStore: Sendable {
    let files: FileStore
    let images: ImagePipeline
    /// `uploads/<area>/…`
    let area: String

    public init(files: FileStore, images: ImagePipeline, area: String) {
        self.files = files
        self.images = images
        self.area = area
    }

    /// The relative paths of the stored photos, in upload order. Throws `FileStoreError` or
    /// `ImageError` for a batch that breaks the limits, and stores nothing then.
    public func store(_ uploads: [Data]) async throws -> [String] {
        guard uploads.count <= files.maxCount else { throw FileStoreError.tooMany(limit: files.maxCount) }
        for upload in uploads { try files.checkSize(upload) }
        let processed = try await images.process(uploads)
        return try await files.write(processed.map { (data: $0.original, kind: $0.kind) }, area: area).map(\.path)
    }

    /// Removes stored photos that were then not used.
    public func discard(_ paths: [String]) async {
        for path in paths { try? await files.delete(path: path) }
    }
}
