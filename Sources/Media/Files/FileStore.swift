import Foundation
import PlatformCore
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

/// Keeps uploaded files with generated names in an `UploadStorage` (the data directory's folder,
/// or a bucket), and serves them back at their stable `/uploads/…` paths.
public struct FileStore: Sendable {
    public static let pathPrefix = "uploads"

    let storage: any UploadStorage
    let ids: IdentifierGenerator
    public let maxBytes: Int
    public let maxCount: Int

    public init(storage: any UploadStorage, ids: IdentifierGenerator, maxBytes: Int, maxCount: Int) {
        self.storage = storage
        self.ids = ids
        self.maxBytes = maxBytes
        self.maxCount = maxCount
    }

    /// Files in the folder `root`.
    public init(root: URL, ids: IdentifierGenerator, threadPool: NIOThreadPool, maxBytes: Int, maxCount: Int) {
        self.init(storage: LocalUploadFolder(root: root, threadPool: threadPool), ids: ids, maxBytes: maxBytes, maxCount: maxCount)
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
        let named = files.map { data, kind in (key: "\(area)/\(ids.hex(byteCount: 16)).\(kind.fileExtension)", data: data, kind: kind) }
        try await storage.put(named)
        return named.map { StoredFile(path: "\(Self.pathPrefix)/\($0.key)", kind: $0.kind, byteCount: $0.data.count) }
    }

    public func delete(path: String) async throws {
        guard let key = key(of: path.split(separator: "/").map(String.init)) else { return }
        try await storage.delete(key)
    }

    /// The storage key for the path components after the server root, or nil when the path is
    /// not one this store could have generated: `..`, percent escapes, absolute paths, hidden
    /// files and anything outside `uploads/` never reach the storage.
    func key(of components: [String]) -> String? {
        guard components.count == 3, components[0] == Self.pathPrefix,
              components.dropFirst().allSatisfy(Self.isSafeComponent),
              let dot = components[2].lastIndex(of: "."),
              FileKind(fileExtension: String(components[2][components[2].index(after: dot)...])) != nil
        else { return nil }
        return components[1] + "/" + components[2]
    }

    /// Whether `path` (as uploads return it) names a file this store holds.
    public func exists(_ path: String) async throws -> Bool {
        guard let key = key(of: path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)) else { return false }
        return try await storage.exists(key)
    }

    /// A stored file with its content type and caching headers. Stored files never change (a new
    /// upload gets a new name), so clients may cache them for good.
    public func serve(_ components: [String], for req: Request) async throws -> Response {
        guard let key = key(of: components), let dot = key.lastIndex(of: "."), let kind = FileKind(fileExtension: String(key[key.index(after: dot)...])) else {
            throw Abort(.notFound)
        }
        let response = try await storage.serve(key, kind: kind, for: req)
        if response.status == .ok {
            response.headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=31536000, immutable")
            response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        }
        return response
    }

    public func shutdown() async {
        await storage.shutdown()
    }

    public static func isSafeComponent(_ component: String) -> Bool {
        guard let first = component.unicodeScalars.first, first != ".", component.count <= 80 else { return false }
        return component.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == "."
        } && !component.contains("..")
    }
}
