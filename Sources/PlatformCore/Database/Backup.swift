import Fluent
import Foundation
import SQLKit

/// A consistent copy of everything a SQLite instance owns, taken while it serves: the database
/// (`VACUUM INTO`, which reads one snapshot of it), the uploads and the generated secrets, in a
/// folder that `restore` puts back. PostgreSQL deployments back the database up with `pg_dump`;
/// the folder then holds the uploads and secrets.
public enum Backup {
    static let databaseFile = "sprout.sqlite"
    static let secrets = ["jwt-secret", "dev-api-key", "vapid-private-key"]

    public enum Failure: Error, CustomStringConvertible {
        case destinationExists(String)
        case notABackup(String)

        public var description: String {
            switch self {
            case let .destinationExists(path): "\(path) already exists; back up into a new folder"
            case let .notABackup(path): "\(path) holds no \(Backup.databaseFile): not a Sprout backup"
            }
        }
    }

    /// Writes the backup into `destination`, a folder that must not exist yet.
    public static func write(to destination: URL, dataDirectory: DataDirectory, storage: DatabaseStorage, db: any Database) async throws {
        let files = FileManager.default
        guard !files.fileExists(atPath: destination.path) else { throw Failure.destinationExists(destination.path) }
        try files.createDirectory(at: destination, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if case .sqlite = storage {
            try await db.sql().raw("VACUUM INTO \(bind: destination.appendingPathComponent(databaseFile).path)").run()
        }
        try copyFiles(from: dataDirectory.url, to: destination)
    }

    /// Puts a backup back into `dataDirectory`, replacing its database, uploads and secrets. Run it
    /// with Sprout stopped: an instance serving from the folder would keep the old file open.
    public static func restore(from backup: URL, into dataDirectory: DataDirectory) throws {
        let files = FileManager.default
        let database = backup.appendingPathComponent(databaseFile)
        guard files.fileExists(atPath: database.path) else { throw Failure.notABackup(backup.path) }
        let live = dataDirectory.url.appendingPathComponent(databaseFile)
        for suffix in ["", "-wal", "-shm"] where files.fileExists(atPath: live.path + suffix) {
            try files.removeItem(atPath: live.path + suffix)
        }
        try files.copyItem(at: database, to: live)
        try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: live.path)
        if files.fileExists(atPath: dataDirectory.uploads.path) { try files.removeItem(at: dataDirectory.uploads) }
        try copyFiles(from: backup, to: dataDirectory.url)
    }

    /// The uploads folder and the secret files, wherever they exist.
    private static func copyFiles(from source: URL, to destination: URL) throws {
        let files = FileManager.default
        for name in ["uploads"] + secrets {
            let from = source.appendingPathComponent(name)
            let to = destination.appendingPathComponent(name)
            guard files.fileExists(atPath: from.path) else { continue }
            if files.fileExists(atPath: to.path) { try files.removeItem(at: to) }
            try files.copyItem(at: from, to: to)
        }
    }
}
