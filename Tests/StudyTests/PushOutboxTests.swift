import Foundation
import Platform
import SproutTestSupport
import Testing

/// The push outbox sends in the background: what the provider asks to retry is sent again after
/// a back-off, up to its last attempt; a dead token goes back to the app that stored it; a push
/// is sent once however many deliveries run.
@Suite("Platform: the push outbox")
struct PushOutboxTests {
    @Test("a push the provider asks to retry is sent again after the back-off, and given up after the last attempt")
    func retriesWithBackOff() async throws {
        try await withSprout { sprout in
            let outbox = sprout.platform.pushes
            sprout.pushes.answer("busy-device", with: .retryLater(after: nil))
            try await outbox.enqueue(PushMessage(title: "t", body: "b"), to: "busy-device", app: "test", on: sprout.app.db)
            let sent = { await sprout.deliveredPushes().filter { $0.token == "busy-device" }.count }
            #expect(await sent() == 1)
            #expect(await sent() == 1, "not again before the back-off")
            sprout.clock.advance(by: 5)
            #expect(await sent() == 2, "5 s after the first")
            sprout.clock.advance(by: 5)
            #expect(await sent() == 2, "10 s after the second")
            sprout.clock.advance(by: 5)
            #expect(await sent() == 3)
            for _ in 0..<PushOutbox.maxAttempts {
                sprout.clock.advance(by: 3600)
                _ = await sent()
            }
            #expect(await sent() == PushOutbox.maxAttempts, "given up after the last attempt")
        }
    }

    @Test("a provider's own wait is respected, and a dead token goes back to the app that stored it")
    func providerWaitAndDeadTokens() async throws {
        try await withSprout { sprout in
            let outbox = sprout.platform.pushes
            sprout.pushes.answer("slow-device", with: .retryLater(after: 120))
            try await outbox.enqueue(PushMessage(title: "t", body: "b"), to: "slow-device", app: "test", on: sprout.app.db)
            #expect(await sprout.deliveredPushes().count == 1)
            sprout.clock.advance(by: 60)
            #expect(await sprout.deliveredPushes().count == 1, "the provider asked for two minutes")
            sprout.clock.advance(by: 61)
            #expect(await sprout.deliveredPushes().count == 2)

            let forgotten = TokenList()
            outbox.onDeadToken(app: "test") { token, _ in await forgotten.add(token) }
            sprout.pushes.answer("dead-device", with: .dropToken(reason: "UNREGISTERED"))
            try await outbox.enqueue(PushMessage(title: "t", body: "b"), to: "dead-device", app: "test", on: sprout.app.db)
            _ = await sprout.deliveredPushes()
            #expect(await forgotten.tokens == ["dead-device"])
        }
    }

    @Test("deliveries racing on one instance or several send each push once")
    func oneSendPerPush() async throws {
        try await withSprout { sprout in
            let outbox = sprout.platform.pushes
            for index in 0..<20 {
                try await outbox.enqueue(PushMessage(title: "t", body: "\(index)"), to: "device", app: "test", on: sprout.app.db)
            }
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 { group.addTask { await outbox.deliverDue(on: sprout.app.db) } }
            }
            let bodies = sprout.pushes.sent.filter { $0.token == "device" }.map(\.message.body)
            #expect(bodies.count == 20 && Set(bodies).count == 20)
        }
    }
}

private actor TokenList {
    var tokens: [String] = []
    func add(_ token: String) { tokens.append(token) }
}
