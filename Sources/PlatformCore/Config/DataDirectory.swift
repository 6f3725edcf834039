import Foundation

/// The folder that holds everything a Sprout instance owns on disk: the SQLite database, uploads
/// and the secrets generated on first run.
public struct DataDirectory: Sendable {
    public let url: URL

    /// Creates the folder readable by its owner alone (0700): it holds the database, secrets and
    /// everyone's uploads.
    public init(_ url: URL) throws {
        self.url = url
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        } catch {
            throw ConfigError.invalid(name: "SPROUT_DATA_DIR", value: url.path, expected: "a folder Sprout can create and write")
        }
    }

    public var uploads: URL { url.appendingPathComponent("uploads", isDirectory: true) }

    /// A secret kept before, without making one.
    public func existingSecret(named name: String) -> String? {
        guard let existing = try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8) else { return nil }
        let trimmed = existing.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Reads a secret file, creating it with `make()` on first use. The file is written with mode
    /// 0600 before any byte of the secret lands in it, so the secret is never world-readable.
    public func secret(named name: String, make: () -> String) throws -> String {
        if let existing = existingSecret(named: name) { return existing }
        let file = url.appendingPathComponent(name)
        let value = make()
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw DataDirectoryError.cannotWrite(file.path)
        }
        try Data((value + "\n").utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        return value
    }
}

public enum DataDirectoryError: Error, CustomStringConvertible {
    case cannotWrite(String)
    public var description: String {
        switch self {
        case let .cannotWrite(path): "cannot write \(path)"
        }
    }
}
