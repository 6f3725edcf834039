import Foundation
import NIOCore
import NIOPosix
@testable import Platform
import SproutTestSupport
import Synchronization
import Testing
import Vapor

/// The live streams one instance holds: how many an account may keep, the one heartbeat that
/// reaches them all without reading, and a stream whose client left.
@Suite struct AccountEventStreamsTests {
    /// Stands in for the HTTP response a stream writes to; `leave()` is the client going away.
    final class RecordingWriter: BodyStreamWriter {
        let eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.next()
        private let state = Mutex((written: [String](), ended: false, left: false))

        func write(_ result: BodyStreamResult, promise: EventLoopPromise<Void>?) {
            let failed = state.withLock { state -> Bool in
                guard !state.left else { return true }
                switch result {
                case .buffer(let buffer): state.written.append(String(buffer: buffer))
                case .end, .error: state.ended = true
                }
                return false
            }
            if failed { promise?.fail(ChannelError.ioOnClosedChannel) } else { promise?.succeed() }
        }

        func leave() { state.withLock { $0.left = true } }
        var written: [String] { state.withLock { $0.written } }
        var ended: Bool { state.withLock { $0.ended } }
    }

    /// The streams' accounts are names, not accounts: the access watch must not end them meanwhile.
    static func checkedOnlyWhenAsked(_ config: inout SproutConfig) {
        config.liveAccessCheckInterval = .seconds(3600)
    }

    private func open(_ accountID: String, in sprout: TestSprout) async throws -> RecordingWriter {
        let writer = RecordingWriter()
        await sprout.platform.events.open(try stream(of: accountID, writingTo: writer, in: sprout))
        return writer
    }

    private func stream(of accountID: String, writingTo writer: RecordingWriter, in sprout: TestSprout) throws -> LiveStream {
        LiveStream(grant: AccessGrant(accountID: accountID, session: .none), ticket: try sprout.platform.liveConnections.admit("192.0.2.1").get(),
                   from: 0, english: false, writer: writer)
    }

    @Test func oneStreamMoreThanAnAccountMayHoldEndsItsOldestAndIsServed() async throws {
        try await withSprout(configure: Self.checkedOnlyWhenAsked) { sprout in
            let events = sprout.platform.events
            var held: [RecordingWriter] = []
            for _ in 0..<AccountEvents.maxStreamsPerAccount { held.append(try await open("reloader", in: sprout)) }
            _ = try await open("someone else", in: sprout)
            let newest = try await open("reloader", in: sprout)
            // The end is written on the response's event loop.
            for _ in 0..<100 where !held[0].ended { try await Task.sleep(for: .milliseconds(10)) }
            #expect(held[0].ended, "the oldest stream ended")
            #expect(!held[1].ended && !newest.ended)
            #expect(newest.written.first?.hasPrefix("retry: 3000\nid: 0") == true)
            #expect(events.streamCount(of: "reloader") == AccountEvents.maxStreamsPerAccount)
            #expect(events.streamCount(of: "someone else") == 1, "another account's streams are untouched")
        }
    }

    @Test func oneHeartbeatWritesAKeepAliveToEveryStreamAndAGoneClientIsForgotten() async throws {
        try await withSprout(configure: Self.checkedOnlyWhenAsked) { sprout in
            let events = sprout.platform.events
            let first = try await open("a", in: sprout), second = try await open("b", in: sprout), leaving = try await open("c", in: sprout)
            leaving.leave()
            events.beat()
            // Each write happens on its stream's event loop: wait for all three, however busy the machine.
            let kept = { first.written.last == ": keep-alive\n\n" && second.written.last == ": keep-alive\n\n" }
            for _ in 0..<500 where !kept() || events.isStreaming(to: "c") { try await Task.sleep(for: .milliseconds(10)) }
            #expect(kept())
            #expect(!events.isStreaming(to: "c") && events.isStreaming(to: "a"), "a stream whose client left is forgotten at the write that fails")
        }
    }

    /// Events just committed are written as they are by a stream whose cursor is at the event
    /// before them; a stream that is not (an announcement overtaken by a later one) reads, and
    /// so never skips an event. The rows are changed behind the stream's back to tell which it did.
    @Test func committedEventsRightAfterTheCursorAreWrittenWithoutReadingAndAGapIsRead() async throws {
        try await withSprout(configure: Self.checkedOnlyWhenAsked) { sprout in
            let (events, db) = (sprout.platform.events, sprout.app.db)
            let ana = try await sprout.account("ana"), ben = try await sprout.account("ben")
            let stream = RecordingWriter(), live = try self.stream(of: ana, writingTo: stream, in: sprout)
            await events.open(live)
            func draft(_ account: String, _ data: String) -> AccountEvents.Draft {
                AccountEvents.Draft(account: account, name: .read, data: data, dataEn: nil)
            }
            func commit(_ drafts: [AccountEvents.Draft]) async throws -> [AccountEvents.Stored] {
                try await db.writeTransaction { db in try await events.store(drafts, on: try db.sql()) }
            }
            func changeBehindTheStream(_ id: Int) async throws {
                try await db.sql().raw("UPDATE account_events SET data = 'changed' WHERE id = \(bind: id)").run()
            }
            // Written from a task of its own: waited for however busy the machine (a full parallel run stalls
            // for a minute at times, long enough for the 20-second heartbeat to write in between).
            func frames(_ count: Int) async throws -> [String] {
                let eventWrites = { stream.written.dropFirst().filter { $0 != ": keep-alive\n\n" } }
                for _ in 0..<12_000 where eventWrites().count < count { try await Task.sleep(for: .milliseconds(10)) }
                return eventWrites().flatMap { $0.split(separator: "\n\n").map(String.init) }
            }

            // The opening read done, as a stream waiting for news is.
            for _ in 0..<12_000 where live.isWriting { try await Task.sleep(for: .milliseconds(10)) }
            let first = try await commit([draft(ana, "one"), draft(ben, "elsewhere"), draft(ana, "two")])
            #expect(first.map(\.previous) == [0, 0, first[0].id], "each account's own chain")
            try await changeBehindTheStream(first[0].id)
            await events.announce(first, on: db)
            let written = try await frames(1)
            #expect(written == ["id: \(first[0].id)\nevent: read\ndata: one", "id: \(first[2].id)\nevent: read\ndata: two"],
                    "written as committed, not read back: \(written)")

            for _ in 0..<12_000 where live.isWriting { try await Task.sleep(for: .milliseconds(10)) }
            let late = try await commit([draft(ana, "three")])
            let next = try await commit([draft(ana, "four")])
            #expect(late[0].previous == first[2].id && next[0].previous == late[0].id)
            try await changeBehindTheStream(next[0].id)
            await events.announce(next, on: db)
            let read = try await frames(2)
            #expect(read.suffix(2) == ["id: \(late[0].id)\nevent: read\ndata: three", "id: \(next[0].id)\nevent: read\ndata: changed"],
                    "the gap read from the database, nothing skipped: \(read)")
        }
    }
}
