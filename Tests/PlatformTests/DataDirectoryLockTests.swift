import Foundation
import Platform
import PlatformCore
import Testing

/// `restore` cannot replace the database under a running instance (issue 29): `serve` holds the
/// data folder shared, `restore` exclusive. `flock` locks belong to open files, so a second open
/// in this process contends as another process would.
@Suite struct DataDirectoryLockTests {
    @Test func restoreWaitsForEveryServerToStop() throws {
        let folder = try DataDirectory(FileManager.default.temporaryDirectory.appendingPathComponent("sprout-lock-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: folder.url) }
        var first: DataDirectoryLock? = try DataDirectoryLock.serving(folder)
        var second: DataDirectoryLock? = try DataDirectoryLock.serving(folder)
        #expect(throws: DataDirectoryLock.Failure.inUse(folder.url.path)) { try DataDirectoryLock.restoring(folder) }
        first = nil
        #expect(throws: DataDirectoryLock.Failure.inUse(folder.url.path), "one instance still serves") { try DataDirectoryLock.restoring(folder) }
        second = nil
        let restoring = try DataDirectoryLock.restoring(folder)
        #expect(throws: DataDirectoryLock.Failure.self, "nothing starts serving mid-restore") { try DataDirectoryLock.serving(folder) }
        withExtendedLifetime((first, second, restoring)) {}
    }
}
