import FluentSQL
import Foundation
@testable import Platform
@testable import PlatformCore
import SproutTestSupport
import Testing

/// The counters read on the calling thread are the ones the pool's connections read, and a
/// commit on any connection is seen by the next read; anything unreadable answers nil.
@Suite struct SQLiteVersionReaderTests {
    @Test func readsWhatThePoolReadsAndSeesEveryCommit() async throws {
        try await withSprout { sprout in
            guard case let .sqlite(path) = sprout.platform.config.storage else { return }
            let reader = try #require(SQLiteVersionReader(path: path))
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            struct Row: Decodable { let version: Int64 }
            let pooled = { try await sql.raw("SELECT version FROM read_versions WHERE name = 'market'").first(decoding: Row.self)?.version }

            let before = try #require(reader.version("market"))
            #expect(before == (try await pooled()))
            for step in 1...3 {
                try await sql.raw("UPDATE read_versions SET version = version + 1 WHERE name = 'market'").run()
                #expect(reader.version("market") == before + Int64(step), "a commit on another connection")
                #expect(reader.version("market") == (try await pooled()))
            }
            #expect(reader.version("no-such-group") == nil)
        }
    }

    @Test func aFileWithoutTheTableOrNoFileAnswersNil() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("version-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(SQLiteVersionReader(path: folder.appendingPathComponent("absent.sqlite").path) == nil, "read-only: nothing is created")
        let empty = folder.appendingPathComponent("empty.sqlite")
        FileManager.default.createFile(atPath: empty.path, contents: Data())
        #expect(SQLiteVersionReader(path: empty.path)?.version("market") == nil)
    }
}
