@testable import Platform
import Testing

/// A long-polling Engine.IO session's outbox: what a GET answers, and when.
@Suite struct EngineSessionTests {
    func session() -> EngineSession { EngineSession(sid: "sid", namespaceSID: "nsid", socket: nil) { _ in } }

    @Test func packetsSentBetweenPollsWaitForTheNextInOrder() async {
        let session = session()
        await session.send("40{\"sid\":\"nsid\"}")
        await session.send("2")
        #expect(await session.poll() == .packets(["40{\"sid\":\"nsid\"}", "2"]))
    }

    @Test func aWaitingPollReturnsWithTheNextPacket() async {
        let session = session()
        async let poll = session.poll()
        while await !session.hasWaitingPoll { await Task.yield() }
        await session.send("42[\"chat\",{}]")
        #expect(await poll == .packets(["42[\"chat\",{}]"]))
    }

    @Test func aSecondPollWhileOneWaitsClosesTheSession() async {
        let session = session()
        async let first = session.poll()
        while await !session.hasWaitingPoll { await Task.yield() }
        #expect(await session.poll() == .overlap)
        #expect(await first == .packets(["1"]))
        #expect(await session.isClosed)
        #expect(await session.poll() == .packets(["1"]))
        await session.send("2")
        #expect(await session.poll() == .packets(["1"]), "nothing is queued on a closed session")
    }

    @Test func aProbeEndsTheWaitingPollWithANoop() async {
        let session = session()
        async let poll = session.poll()
        while await !session.hasWaitingPoll { await Task.yield() }
        await session.endWaitingPoll()
        #expect(await poll == .packets(["6"]))
        await session.endWaitingPoll()
        #expect(await session.isPolling, "the upgrade completes only with the client's 5")
    }
}
