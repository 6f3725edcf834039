import Foundation
import Vapor

public enum FileStoreError: Error, Equatable {
    case empty
    case tooLarge(limit: Int)
    case tooMany(limit: Int)
    case unsupportedType
}

/// A file as stored: `path` is relative (`uploads/<area>/<name>.<ext>`), the form the contracts
/// hand to clients, who append it to their base URL.
public struct StoredFile: Sendable, Equatable {
    public let path: String
    public let kind: FileKind
    public let byteCount: Int
}

/// Keeps uploaded files under the data directory with generated names, and serves them back.
public struct FileStore: Sendable {
    public static let pathPrefix = "uploads"

    let root: URL
    let ids: IdentifierGenerator
    let threadPool: NIOThreadPool
    public let maxBytes: Int
    public let maxCount: Int

    public init(root: URL, ids: IdentifierGenerator, threadPool: NIOThreadPool, maxBytes: Int, maxCount: Int) {
        self.root = root
        self.ids = ids
        self.threadPool = threadPool
        self.maxBytes = maxBytes
        self.maxCount = maxCount
    }

    /// Checks every file before writing any, so a rejected batch leaves nothing behind.
    public func save(_ files: [Data], area: String, allowed: Set<FileKind> = FileKind.images) async throws -> [StoredFile] {
        guard files.count <= maxCount else { throw FileStoreError.tooMany(limit: maxCount) }
        let kinds = try files.map { data -> FileKind in
            try checkSize(data)
            guard let kind = FileKind(sniffing: data), allowed.contains(kind) else { throw FileStoreError.unsupportedType }
            return kind
        }
        return try await write(Array(zip(files, kinds)), area: area)
    }

    /// The size rules every upload obeys, for callers that check before processing.
    public func checkSize(_ data: Data) throws {
        guard !data.isEmpty else { throw FileStoreError.empty }
        guard data.count <= maxBytes else { throw FileStoreError.tooLarge(limit: maxBytes) }
    }

    /// Writes files that were already checked (or made by Sprout), all or none.
    public func write(_ files: [(data: Data, kind: FileKind)], area: String) async throws -> [StoredFile] {
        precondition(Self.isSafeComponent(area), "file areas are fixed names chosen in code")
        let folder = root.appendingPathComponent(area, isDirectory: true)
        let stored = files.map { data, kind in
            (data, StoredFile(path: "\(Self.pathPrefix)/\(area)/\(ids.hex(byteCount: 16)).\(kind.fileExtension)", kind: kind, byteCount: data.count))
        }
        let root = root
        try await threadPool.runIfActive {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var written: [URL] = []
            do {
                for (data, file) in stored {
                    let url = root.deletingLastPathComponent().appendingPathComponent(file.path)
                    try data.write(to: url, options: .atomic)
                    written.append(url)
                }
            } catch {
                for url in written { try? FileManager.default.removeItem(at: url) }
                throw error
            }
        }
        return stored.map(\.1)
    }

    public func delete(path: String) async throws {
        guard let url = location(of: path.split(separator: "/").map(String.init)) else { return }
        try await threadPool.runIfActive { try? FileManager.default.removeItem(at: url) }
    }

    /// The file on disk for the path components after the server root, or nil when the path is not
    /// one this store could have generated: `..`, percent escapes, absolute paths, hidden files and
    /// anything outside `uploads/` never reach the file system.
    public func location(of components: [String]) -> URL? {
        guard components.count == 3, components[0] == Self.pathPrefix,
              components.dropFirst().allSatisfy(Self.isSafeComponent),
              let dot = components[2].lastIndex(of: "."),
              FileKind(fileExtension: String(components[2][components[2].index(after: dot)...])) != nil
        else { return nil }
        let url = root.appendingPathComponent(components[1], isDirectory: true).appendingPathComponent(components[2])
        guard url.standardizedFileURL.path.hasPrefix(root.standardizedFileURL.path + "/") else { return nil }
        return url
    }

    /// Whether `path` (as uploads return it) names a file this store holds.
    public func exists(_ path: String) -> Bool {
        guard let url = location(of: path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)) else { return false }
        return FileManager.default.fileExists(atPath: url.path)
    }

    /// Streams a stored file with its content type and caching headers. Stored files never change
    /// (a new upload gets a new name), so clients may cache them for good.
    public func serve(_ components: [String], for req: Request) async throws -> Response {
        guard let url = location(of: components),
              let kind = FileKind(fileExtension: url.pathExtension),
              FileManager.default.fileExists(atPath: url.path)
        else { throw Abort(.notFound) }
        let response = try await req.fileio.asyncStreamFile(
            at: url.path, mediaType: HTTPMediaType(type: "image", subType: kind.rawValue)
        )
        response.headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=31536000, immutable")
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        return response
    }

    public static func isSafeComponent(_ component: String) -> Bool {
        guard let first = component.unicodeScalars.first, first != ".", component.count <= 80 else { return false }
        return component.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == "."
        } && !component.contains("..")
    }
}
