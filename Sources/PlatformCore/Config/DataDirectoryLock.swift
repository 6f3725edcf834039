#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An advisory lock on a data folder (`flock` on `<data>/sprout.lock`), held as long as this value
/// lives: every `serve` holds it shared, so several instances may share a folder, and `restore`
/// takes it exclusive, so it cannot swap the database under a running instance (whose later
/// writes would be lost on its next start).
public final class DataDirectoryLock: Sendable {
    private let descriptor: Int32

    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Another process holds the folder: `restore` while something serves, or the reverse.
        case inUse(String)
        case cannotOpen(String)

        public var description: String {
            switch self {
            case let .inUse(path): "the data folder \(path) is in use by another sprout; stop it first"
            case let .cannotOpen(path): "cannot open \(path)"
            }
        }
    }

    /// Held by `serve`.
    public static func serving(_ directory: DataDirectory) throws -> DataDirectoryLock {
        try DataDirectoryLock(directory, operation: LOCK_SH)
    }

    /// Held by `restore`, which must be alone.
    public static func restoring(_ directory: DataDirectory) throws -> DataDirectoryLock {
        try DataDirectoryLock(directory, operation: LOCK_EX)
    }

    private init(_ directory: DataDirectory, operation: Int32) throws {
        let path = directory.url.appendingPathComponent("sprout.lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure.cannotOpen(path) }
        guard flock(descriptor, operation | LOCK_NB) == 0 else {
            close(descriptor)
            throw Failure.inUse(directory.url.path)
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
