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

    private func open(_ accountID: String, in sprout: TestSprout) async -> RecordingWriter {
        let writer = RecordingWriter()
        await sprout.platform.events.open(LiveStream(accountID: accountID, from: 0, english: false, writer: writer))
        return writer
    }

    @Test func oneStreamMoreThanAnAccountMayHoldEndsItsOldestAndIsServed() async throws {
        try await withSprout { sprout in
            let events = sprout.platform.events
            var held: [RecordingWriter] = []
            for _ in 0..<AccountEvents.maxStreamsPerAccount { held.append(await open("reloader", in: sprout)) }
            _ = await open("someone else", in: sprout)
            let newest = await open("reloader", in: sprout)
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
        try await withSprout { sprout in
            let events = sprout.platform.events
            let first = await open("a", in: sprout), second = await open("b", in: sprout), leaving = await open("c", in: sprout)
            leaving.leave()
            events.beat()
            // Each write happens on its stream's event loop: wait for all three, however busy the machine.
            let kept = { first.written.last == ": keep-alive\n\n" && second.written.last == ": keep-alive\n\n" }
            for _ in 0..<500 where !kept() || events.isStreaming(to: "c") { try await Task.sleep(for: .milliseconds(10)) }
            #expect(kept())
            #expect(!events.isStreaming(to: "c") && events.isStreaming(to: "a"), "a stream whose client left is forgotten at the write that fails")
        }
    }
}
