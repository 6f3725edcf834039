import Fluent
import Foundation
@testable import Platform
@testable import PlatformCore
import SQLKit
import SproutTestSupport
import Synchronization
import Testing
import Vapor

/// On PostgreSQL each instance holds the read counters in memory while it hears their changes:
/// what it holds only grows, is dropped when the listening connection stops, and a hot read asks
/// the database nothing; a change made in plain SQL, or while the connection was down, is still
/// seen (issue 50).
@Suite struct ListenedReadVersionsTests {
    @Test func noticesRoundTripAndHostileOnesAreIgnored() {
        for notice in [Notice.group("market", 7), .group("market", nil), .account(group: "reading", account: "a b\tc", 3),
                       .account(group: "reading", account: "x", nil), .caughtUp("token")] {
            #expect(Notice(notice.payload) == notice)
        }
        for hostile in ["", "g", "g 1", "x 1 market", "a 1 reading", "g 99999999999999999999 market", "c"] {
            let parsed = Notice(hostile)
            #expect(parsed == nil || parsed == .group("market", nil), "\(hostile)")
        }
    }

    @Test func heldCountersOnlyGrowAndNothingIsHeldWhileDeaf() {
        let listened = ListenedReadVersions()
        listened.heard("g 5 market")
        #expect(listened.version("market") == nil, "not listening yet")
        listened.listening(["market": 3, "lessons": 1], hangUp: {}, announce: { _ in })
        #expect(listened.all() == ["market": 5, "lessons": 1], "heard while the counters were read, and newer")
        listened.heard("g 9 market")
        listened.heard("g 8 market")
        #expect(listened.version("market") == 9, "a notice overtaken by a newer one does not go back")
        listened.heard("g - lessons")
        #expect(listened.version("lessons") == nil, "a deleted counter is read from the database")
        listened.stopped()
        #expect(listened.all() == nil && listened.version("market") == nil)
    }

    @Test func anAccountCounterReadWhileAChangeWasHeardKeepsTheNewer() {
        let listened = ListenedReadVersions(accountCapacity: 2)
        listened.listening([:], hangUp: {}, announce: { _ in })
        guard case .notHeld(let epoch) = listened.version("reading", account: "ann") else { Issue.record("held before read"); return }
        listened.heard("a 4 reading ann")  // committed after the database read below began
        listened.remember("reading", account: "ann", version: 3, readAt: epoch)
        #expect(listened.version("reading", account: "ann") == .version(4))

        guard case .notHeld(let before) = listened.version("reading", account: "bob") else { Issue.record("held before read"); return }
        listened.stopped()
        listened.listening([:], hangUp: {}, announce: { _ in })
        listened.remember("reading", account: "bob", version: 1, readAt: before)
        #expect(listened.version("reading", account: "bob") != .version(1), "read before the counters were forgotten")

        listened.heard("a 1 reading bob")
        listened.heard("a 1 reading cy")
        #expect(listened.version("reading", account: "cy") == .version(1))
        listened.heard("a 1 reading dee")
        #expect(listened.version("reading", account: "cy") != .version(1), "past its capacity everything is forgotten")
    }

    @Test func catchingUpWaitsForItsOwnNoticeAndDistrustsAChannelThatFails() async throws {
        let listened = ListenedReadVersions()
        #expect(await listened.catchUp() == false, "not listening")
        let hungUp = Mutex(0)
        listened.listening(["market": 1], hangUp: { hungUp.withLock { $0 += 1 } }, announce: { listened.heard($0) })
        #expect(await listened.catchUp() && listened.isListening)

        struct Unreachable: Error {}
        listened.listening(["market": 1], hangUp: { hungUp.withLock { $0 += 1 } }, announce: { _ in throw Unreachable() })
        #expect(await listened.catchUp() == false)
        #expect(!listened.isListening && listened.version("market") == nil)
        #expect(hungUp.withLock { $0 } == 1, "the connection is opened again and the counters read afresh")
        listened.stopped()
    }

    /// A read rides only a notice sent after it arrived: reads arriving while one is under way
    /// share the next, so the database sees one notice per round, not one per read.
    @Test func readsArrivingMeanwhileShareTheNextNotice() async throws {
        let listened = ListenedReadVersions()
        let sent = Mutex<[String]>([])
        listened.listening([:], hangUp: {}, announce: { notice in sent.withLock { $0.append(notice) } })
        defer { listened.stopped() }
        let first = Task { await listened.catchUp() }
        try await Self.waitUntil { sent.withLock { $0.count } == 1 }
        let later = (0..<5).map { _ in Task { await listened.catchUp() } }
        try await Self.waitUntil { listened.waitingCount == 6 }
        #expect(sent.withLock { $0.count } == 1, "the later reads do not ride on a notice sent before they came")

        listened.heard("g 2 market")
        listened.heard(sent.withLock { $0[0] })
        #expect(await first.value)
        try await Self.waitUntil { sent.withLock { $0.count } == 2 }
        listened.heard(sent.withLock { $0[1] })
        for read in later { #expect(await read.value) }
        #expect(sent.withLock { $0.count } == 2 && listened.version("market") == 2)
    }

    @Test func anUnheardNoticeEndsTheTrustAfterItsPatience() async throws {
        let listened = ListenedReadVersions(patience: .milliseconds(40))
        let hungUp = Mutex(false)
        listened.listening(["market": 1], hangUp: { hungUp.withLock { $0 = true } }, announce: { _ in })
        #expect(await listened.catchUp() == false)
        #expect(hungUp.withLock { $0 } && !listened.isListening)
        listened.stopped()
    }

    /// On PostgreSQL: once listening, a read asks nothing of the database; a counter moved by
    /// plain SQL on another connection is heard; after the listening connection is ended from
    /// the database side, reads go to the database until it listens again and reads afresh.
    @Test func postgresReadsAreAnsweredFromMemoryAndSurviveADroppedListener() async throws {
        try await withSprout { sprout in
            guard let listened = sprout.platform.readVersions.listened else {
                #expect((sprout.app.db as? any SQLDatabase)?.dialect.name != "postgresql", "SQLite reads its counters on the calling thread")
                return
            }
            let versions = sprout.platform.readVersions
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            try await Self.waitUntil { listened.isListening }
            let asked = Mutex(0)
            let counted: () -> any Database = { asked.withLock { $0 += 1 }; return sprout.app.db }
            let before = try #require(try await versions.current("market", on: counted()))

            try await sql.raw("UPDATE read_versions SET version = version + 1 WHERE name = 'market'").run()
            #expect(await listened.catchUp())
            let after = try await versions.current("market", on: counted())
            #expect(after == before + 1)
            _ = try await versions.current("credentials", for: sprout.request())
            #expect(asked.withLock { $0 } == 0, "no read of a counter reached the database")

            try await sql.raw("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND application_name = \(bind: InstanceBroadcast.listenerName)
                """).run()
            try await Self.waitUntil { !listened.isListening }
            try await sql.raw("UPDATE read_versions SET version = version + 5 WHERE name = 'market'").run()
            let whileDeaf = try await versions.current("market", on: counted())
            #expect(whileDeaf == before + 6)
            #expect(asked.withLock { $0 } == 1, "while deaf, the database is asked")
            try await Self.waitUntil { listened.isListening }
            #expect(listened.version("market") == before + 6, "read afresh once listening again")
        }
    }

    /// Waits for the listening connection, which lives on real sockets and real time.
    private static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<200 where !condition() { try await Task.sleep(for: .milliseconds(50)) }
        #expect(condition())
    }
}
