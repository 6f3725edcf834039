import Foundation
import Vapor

/// Where uploaded files' bytes live: the data directory's `uploads` folder (`LocalUploadFolder`,
/// the default) or an S3-compatible bucket (`S3UploadBucket`). Keys are `<area>/<name>.<ext>`,
/// already checked by `FileStore` (safe characters only, never `..`).
public protocol UploadStorage: Sendable {
    /// Stores every file or none: a failure removes those already stored.
    func put(_ files: [(key: String, data: Data, kind: FileKind)]) async throws
    func delete(_ key: String) async throws
    func exists(_ key: String) async throws -> Bool
    /// The file as an answer to `req` (streamed, or a redirect to a public copy); 404 when absent.
    func serve(_ key: String, kind: FileKind, for req: Request) async throws -> Response
    func shutdown() async
}

/// The storage could not be reached or refused to work: the request is answered 503 with
/// `Retry-After` in its contract's shape, and nothing half-written is kept.
public struct UploadStorageUnavailable: AbortError, Equatable {
    public static let retryAfterSeconds = 30
    public let detail: String

    public init(_ detail: String) {
        self.detail = detail
    }

    public var status: HTTPResponseStatus { .serviceUnavailable }
    public var reason: String { "File storage is unavailable; try again shortly." }
    public var headers: HTTPHeaders { ["Retry-After": "\(Self.retryAfterSeconds)"] }
}

/// The uploads folder in the data directory.
public struct LocalUploadFolder: UploadStorage {
    let root: URL
    let threadPool: NIOThreadPool

    public init(root: URL, threadPool: NIOThreadPool) {
        self.root = root
        self.threadPool = threadPool
    }

    public func put(_ files: [(key: String, data: Data, kind: FileKind)]) async throws {
        let root = root
        try await threadPool.runIfActive {
            var written: [URL] = []
            do {
                for file in files {
                    let url = root.appendingPathComponent(file.key)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try file.data.write(to: url, options: .atomic)
                    written.append(url)
                }
            } catch {
                for url in written { try? FileManager.default.removeItem(at: url) }
                throw error
            }
        }
    }

    public func delete(_ key: String) async throws {
        let url = root.appendingPathComponent(key)
        try await threadPool.runIfActive { try? FileManager.default.removeItem(at: url) }
    }

    public func exists(_ key: String) async throws -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(key).path)
    }

    public func serve(_ key: String, kind: FileKind, for req: Request) async throws -> Response {
        let path = root.appendingPathComponent(key).path
        guard FileManager.default.fileExists(atPath: path) else { throw Abort(.notFound) }
        return try await req.fileio.asyncStreamFile(at: path, mediaType: HTTPMediaType(type: "image", subType: kind.rawValue))
    }

    public func shutdown() async {}
}
