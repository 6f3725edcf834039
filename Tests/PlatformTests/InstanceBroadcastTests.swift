import Foundation
import Platform
import PlatformCore
import Testing

/// The broadcast on SQLite (one instance): an event reaches this process's subscribers of its
/// channel only, and stopping ends every subscription. PostgreSQL's LISTEN/NOTIFY across
/// instances is tested black-box with two servers (`test_study_chat.py`).
@Suite struct InstanceBroadcastTests {
    @Test func eventsReachTheirChannelsSubscribersUntilStopped() async throws {
        let broadcast = InstanceBroadcast(storage: .sqlite(path: ":memory:"))
        let chats = broadcast.subscribe("chat"), alsoChats = broadcast.subscribe("chat"), other = broadcast.subscribe("other")
        try await broadcast.publish("chat", "안녕")
        var first = chats.makeAsyncIterator(), second = alsoChats.makeAsyncIterator(), third = other.makeAsyncIterator()
        #expect(await first.next() == "안녕")
        #expect(await second.next() == "안녕")
        await #expect(throws: (any Error).self) { try await broadcast.publish("chat", String(repeating: "가", count: InstanceBroadcast.maxPayload)) }
        await broadcast.stop()
        let afterStop = await first.next(), otherChannel = await third.next()
        #expect(afterStop == nil && otherChannel == nil, "stopping finishes every stream, and the other channel heard nothing")
    }
}
