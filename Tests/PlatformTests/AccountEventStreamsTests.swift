import Foundation
@testable import Platform
import Testing

/// The live streams one instance holds: how many an account may keep, and the one heartbeat
/// that reaches them all.
@Suite struct AccountEventStreamsTests {
    private func events() -> AccountEvents {
        AccountEvents(broadcast: InstanceBroadcast(storage: .sqlite(path: ":memory:")), clock: ManualClock().clock)
    }

    @Test func oneStreamMoreThanAnAccountMayHoldEndsItsOldestAndIsServed() async {
        let events = events()
        var open = (0..<AccountEvents.maxStreamsPerAccount).map { _ in events.wakes(of: "reloader").wakes.makeAsyncIterator() }
        let elsewhere = events.wakes(of: "someone else")
        for index in open.indices { #expect(await open[index].next() == .news, "every stream starts by reading what is new") }
        var newest = events.wakes(of: "reloader").wakes.makeAsyncIterator()
        #expect(await newest.next() == .news)
        #expect(await open[0].next() == nil, "the oldest stream ended")
        #expect(events.streamCount(of: "reloader") == AccountEvents.maxStreamsPerAccount)
        #expect(events.streamCount(of: "someone else") == 1, "another account's streams are untouched")
        events.beat()
        #expect(await newest.next() == .heartbeat)
        #expect(await open[1].next() == .heartbeat, "the second oldest stays open")
        _ = elsewhere
    }

    @Test func oneHeartbeatWakesEveryStreamOfEveryAccountAndADroppedStreamLeaves() async {
        let events = events()
        var first = events.wakes(of: "a").wakes.makeAsyncIterator(), second = events.wakes(of: "b").wakes.makeAsyncIterator()
        #expect(await first.next() == .news)
        #expect(await second.next() == .news)
        events.beat()
        #expect(await first.next() == .heartbeat)
        #expect(await second.next() == .heartbeat)
        do { _ = events.wakes(of: "c") }
        #expect(events.streamCount(of: "c") == 0, "a stream dropped by its reader is forgotten")
        #expect(!events.isStreaming(to: "c") && events.isStreaming(to: "a"))
    }

    @Test func aHeartbeatNeverHidesNewsTheStreamHasNotWokenFor() async {
        let events = events()
        let stream = events.wakes(of: "reader")
        var wakes = stream.wakes.makeAsyncIterator()
        #expect(await wakes.next() == .news)
        #expect(stream.news.take(), "a stream starts by reading what came since its starting point")
        events.beat()
        #expect(await wakes.next() == .heartbeat)
        #expect(!stream.news.take(), "a heartbeat alone reads nothing")
        events.wake(["reader"])
        events.beat()
        #expect(await wakes.next() == .heartbeat, "the stream keeps only its newest wake")
        #expect(stream.news.take(), "the news it replaced is still there to read")
    }
}
