import Foundation
import Platform
import PlatformCore

/// A database as an older Sprout left it, for upgrade tests: restored from
/// `Tests/Fixtures/upgrade/<commit>.sqlite` or, with `TEST_DATABASE_URL`, from
/// `<commit>.postgres.sql` (a plain `pg_dump`, restored by `psql`) into a database of its own.
/// `Tests/Fixtures/upgrade/README.md` says how a fixture was made.
public struct OlderDatabase: Sendable {
    public let storage: DatabaseStorage
    private let folder: URL
    private let scratch: ScratchDatabase?

    public static func restore(_ commit: String) async throws -> OlderDatabase {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/upgrade")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-upgrade-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard let adminURL = ProcessInfo.processInfo.environment["TEST_DATABASE_URL"], !adminURL.isEmpty else {
            let file = folder.appendingPathComponent("sprout.sqlite")
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("\(commit).sqlite"), to: file)
            return OlderDatabase(storage: .sqlite(path: file.path), folder: folder, scratch: nil)
        }
        let scratch = ScratchDatabase(adminURL: adminURL, name: "sprout_up_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20))
        try await scratch.execute("CREATE DATABASE \(scratch.name)")
        guard case let .postgres(url) = scratch.storage else { throw RestoreFailed(output: "not a PostgreSQL database") }
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        psql.arguments = ["psql", url, "--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", "-f", fixtures.appendingPathComponent("\(commit).postgres.sql").path]
        let output = Pipe()
        psql.standardOutput = output
        psql.standardError = output
        try psql.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        psql.waitUntilExit()
        guard psql.terminationStatus == 0 else {
            try? await scratch.drop()
            throw RestoreFailed(output: String(decoding: printed, as: UTF8.self))
        }
        return OlderDatabase(storage: scratch.storage, folder: folder, scratch: scratch)
    }

    /// A data folder for the Sprout that opens this database.
    public var dataDirectory: URL { folder }

    public func remove() async throws {
        try? FileManager.default.removeItem(at: folder)
        try await scratch?.drop()
    }

    struct RestoreFailed: Error, CustomStringConvertible {
        let output: String
        var description: String { "the fixture could not be restored: \(output)" }
    }
}
