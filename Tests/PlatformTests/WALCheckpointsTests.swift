import Fluent
import Foundation
import Logging
@testable import Platform
@testable import PlatformCore
import SproutTestSupport
import SQLKit
import Testing

/// No commit copies SQLite's WAL into the database file; `WALCheckpoints` does, beside the writes.
@Suite struct WALCheckpointsTests {
    struct Count: Decodable {
        let total: Int
    }

    struct Setting: Decodable {
        let wal_autocheckpoint: Int
    }

    /// A scratch database in WAL mode, and a connection to it with the process's settings.
    private func scratch() throws -> (path: String, connection: DirectSQLiteConnection) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wal-\(UUID().uuidString).sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let connection = try DirectSQLiteConnection(path: path, logger: .init(label: "test"))
        try connection.run(SQLRaw("PRAGMA journal_mode=WAL")) { _ in }
        return (path, connection)
    }

    private func remove(_ path: String) {
        for file in [path, path + "-wal", path + "-shm"] { try? FileManager.default.removeItem(atPath: file) }
    }

    /// The rows of `table` in the database file itself, without the WAL; 0 while the table is
    /// only in the WAL.
    private func rowsInTheFile(_ table: String, at path: String) async throws -> Int {
        let file = try DirectSQLiteConnection(path: "file:\(path)?immutable=1", logger: .init(label: "test"))
        defer { file.close() }
        let tables = try await file.raw("SELECT count(*) AS total FROM sqlite_master WHERE name = \(bind: table)").first(decoding: Count.self)?.total
        guard tables == 1 else { return 0 }
        return try await file.raw("SELECT count(*) AS total FROM \(ident: table)").first(decoding: Count.self)?.total ?? 0
    }

    /// A connection in a read transaction that has read: it holds its snapshot until `COMMIT`.
    private func snapshotReader(of path: String) async throws -> DirectSQLiteConnection {
        let reader = try DirectSQLiteConnection(path: path, logger: .init(label: "test"))
        try reader.run(SQLRaw("BEGIN")) { _ in }
        _ = try await reader.raw("SELECT count(*) AS total FROM pages").first(decoding: Count.self)
        return reader
    }

    @Test func everyConnectionOfTheServerLeavesCheckpointsToIt() async throws {
        try await withSprout { sprout in
            guard case let .sqlite(path) = sprout.platform.config.storage else { return }
            for eventLoop in sprout.app.eventLoopGroup.makeIterator() {
                let sql = try #require(sprout.app.databases.database(logger: sprout.app.logger, on: eventLoop) as? any SQLDatabase)
                #expect(try await sql.raw("PRAGMA wal_autocheckpoint").first(decoding: Setting.self)?.wal_autocheckpoint == 0)
            }
            let direct = try DirectSQLiteConnection(path: path, logger: sprout.app.logger)
            defer { direct.close() }
            #expect(try await direct.raw("PRAGMA wal_autocheckpoint").first(decoding: Setting.self)?.wal_autocheckpoint == 0)
        }
    }

    @Test func commitsLeaveTheWALToTheCheckpointWhichCopiesItIntoTheFile() async throws {
        try await withSprout { sprout in
            let (path, writer) = try scratch()
            defer { writer.close(); remove(path) }
            try await writer.raw("CREATE TABLE pages (body BLOB)").run()
            let checkpoints = WALCheckpoints(storage: .sqlite(path: path), interval: .seconds(3600))
            #expect(try await checkpoints.checkpoint() == nil, "nothing before the start")
            try await checkpoints.start(on: sprout.app)
            // 300 commits of about 4 pages each: SQLite's own checkpoint would have started the
            // WAL over at 1,000 pages.
            for _ in 0..<300 {
                try await writer.immediateTransaction {
                    try await writer.insert(into: "pages").columns("body").values(SQLBind(Data(count: 12_000))).run()
                }
            }
            #expect(try await rowsInTheFile("pages", at: path) == 0, "nothing copied by a commit")

            let outcome = try #require(try await checkpoints.checkpoint())
            await checkpoints.stop()
            #expect(outcome.frames > 1_000 && outcome.copied == outcome.frames && !outcome.truncated, "\(outcome)")
            #expect(try await rowsInTheFile("pages", at: path) == 300)
            #expect(try await checkpoints.checkpoint() == nil, "nothing after the stop")
        }
    }

    @Test func aReaderKeepsItsFramesUntilItIsDone() async throws {
        try await withSprout { sprout in
            let (path, writer) = try scratch()
            defer { writer.close(); remove(path) }
            try await writer.raw("CREATE TABLE pages (body BLOB)").run()
            let reader = try await snapshotReader(of: path)
            defer { reader.close() }
            try await writer.insert(into: "pages").columns("body").values(SQLBind(Data(count: 12_000))).run()

            let checkpoints = WALCheckpoints(storage: .sqlite(path: path), interval: .seconds(3600))
            try await checkpoints.start(on: sprout.app)
            let held = try #require(try await checkpoints.checkpoint())
            #expect(held.copied < held.frames, "the reader's snapshot is not overwritten: \(held)")
            try reader.run(SQLRaw("COMMIT")) { _ in }
            let done = try #require(try await checkpoints.checkpoint())
            await checkpoints.stop()
            #expect(done.copied == done.frames && done.frames == held.frames, "\(done)")
        }
    }

    /// A long reader lets the WAL grow; once it ends, the next checkpoint empties the WAL into the
    /// file and truncates it, and a start truncates what an earlier run left.
    @Test func aWALHeldBackByAReaderIsTruncatedOnceTheReaderEnds() async throws {
        try await withSprout { sprout in
            let (path, writer) = try scratch()
            defer { writer.close(); remove(path) }
            try await writer.raw("CREATE TABLE pages (body BLOB)").run()
            let reader = try await snapshotReader(of: path)
            defer { reader.close() }

            let checkpoints = WALCheckpoints(storage: .sqlite(path: path), interval: .seconds(3600), sizeLimit: 100_000)
            try await checkpoints.start(on: sprout.app)
            for _ in 0..<200 {
                try await writer.immediateTransaction {
                    try await writer.insert(into: "pages").columns("body").values(SQLBind(Data(count: 12_000))).run()
                }
            }
            let held = try #require(try await checkpoints.checkpoint())
            #expect(held.isHeldBack && !held.truncated && WALCheckpoints.walBytes(of: path) > 2_000_000, "\(held)")
            try reader.run(SQLRaw("COMMIT")) { _ in }
            let done = try #require(try await checkpoints.checkpoint())
            #expect(done.truncated && WALCheckpoints.walBytes(of: path) == 0, "\(done), \(WALCheckpoints.walBytes(of: path)) bytes")
            #expect(try await rowsInTheFile("pages", at: path) == 200)
            let small = try #require(try await checkpoints.checkpoint())
            #expect(!small.truncated, "an empty WAL is left alone")
            await checkpoints.stop()

            for _ in 0..<50 { try await writer.insert(into: "pages").columns("body").values(SQLBind(Data(count: 12_000))).run() }
            #expect(WALCheckpoints.walBytes(of: path) > 500_000)
            let next = WALCheckpoints(storage: .sqlite(path: path), interval: .seconds(3600))
            try await next.start(on: sprout.app)
            #expect(WALCheckpoints.walBytes(of: path) == 0, "a start empties what was left")
            await next.stop()
        }
    }

    @Test func aReaderHoldingCheckpointsBackForLongIsToldOnceAStretch() {
        let checkpoints = WALCheckpoints(storage: .sqlite(path: "/nonexistent"), interval: .seconds(3600))
        let start = ContinuousClock.now
        let held = WALCheckpoints.Outcome(frames: 10, copied: 4), free = WALCheckpoints.Outcome(frames: 10, copied: 10)
        #expect(checkpoints.heldBackLong(held, at: start) == nil)
        #expect(checkpoints.heldBackLong(held, at: start + .seconds(59)) == nil)
        #expect(checkpoints.heldBackLong(held, at: start + .seconds(61)) == .seconds(61))
        #expect(checkpoints.heldBackLong(held, at: start + .seconds(120)) == nil, "said once")
        #expect(checkpoints.heldBackLong(free, at: start + .seconds(121)) == nil)
        #expect(checkpoints.heldBackLong(held, at: start + .seconds(130)) == nil, "a new stretch starts over")
        #expect(checkpoints.heldBackLong(held, at: start + .seconds(191)) == .seconds(61))
    }

    @Test func stoppingDuringACheckpointLogsNothing() async throws {
        try await withSprout { sprout in
            let (path, writer) = try scratch()
            defer { writer.close(); remove(path) }
            // On PostgreSQL the read counters are read once the listening connection listens,
            // through the application's logger: before the log is captured, not during it.
            for _ in 0..<500 where sprout.platform.readVersions.listened?.isListening == false { try await Task.sleep(for: .milliseconds(20)) }
            let log = CapturedLog()
            sprout.app.logger = Logger(label: "test") { _ in log }
            // Stopped at every point of the loop: while it sleeps, and between its waking and its
            // checkpoint, where the cancellation is seen.
            for _ in 0..<100 {
                let checkpoints = WALCheckpoints(storage: .sqlite(path: path), interval: .microseconds(100))
                try await checkpoints.start(on: sprout.app)
                await Task.yield()
                await checkpoints.stop()
            }
            #expect(log.lines.all.isEmpty, "\(log.lines.all.prefix(3))")
        }
    }

    @Test func theServersCheckpointsCopyItsWrites() async throws {
        try await withSprout { sprout in
            guard case let .sqlite(path) = sprout.platform.config.storage else { return }
            let sql = try sprout.app.db.sql()
            try await sql.raw("CREATE TABLE written (body TEXT)").run()
            try await sprout.app.db.writeTransaction { db in try await db.sql().insert(into: "written").columns("body").values(SQLBind("kept")).run() }
            // The service's own loop, every quarter of a second; a busy machine may take longer.
            var copied = 0
            for _ in 0..<600 where copied == 0 {
                copied = try await rowsInTheFile("written", at: path)
                if copied == 0 { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(copied == 1)
        }
    }
}
