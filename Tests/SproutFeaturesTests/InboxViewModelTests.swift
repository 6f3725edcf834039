import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

/// The inbox: pages, live messages moving conversations up, read receipts, and a fresh stream.
@MainActor @Suite(.timeLimit(.minutes(1))) struct InboxViewModelTests {
    /// `count` conversations "c01"… with one message from their other side each, c01 oldest.
    func server(conversations count: Int) async -> FakeConversationServer {
        let server = FakeConversationServer()
        for index in 1...count {
            let id = String(format: "c%02d", index)
            await server.addConversation(id, with: "other-\(index)")
            await server.post("hello \(index)", in: id, from: "other-\(index)", quietly: true)
        }
        return server
    }

    @Test func pagesOlderConversationsWithNoGapAndNoDuplicateWhileOneMovesUp() async throws {
        let server = await server(conversations: 25)
        let inbox = InboxViewModel(conversations: server.conversations, live: server.live, pageSize: 10)
        await inbox.viewDidAppear()
        #expect(inbox.conversations.map(\.id) == (16...25).reversed().map { String(format: "c%02d", $0) })
        #expect(inbox.hasOlder && !inbox.isLoading)

        // c05, not loaded yet, gets a message: it comes to the top now and is not paged in again.
        await server.post("still there?", in: "c05", from: "other-5")
        await eventually { inbox.conversations.first?.id == "c05" }
        #expect(inbox.conversations.first?.unreadCount == 2)
        await inbox.willDisplayConversation(at: 2)
        #expect(inbox.conversations.count == 11, "a row far from the end fetches nothing")
        await inbox.willDisplayConversation(at: 10)
        await inbox.willDisplayConversation(at: 20)
        #expect(await server.calls.filter { $0.hasPrefix("GET /api/conversations") } == [
            "GET /api/conversations?limit=10", "GET /api/conversations?before=16&limit=10", "GET /api/conversations?before=6&limit=10",
        ])
        let ids = inbox.conversations.map(\.id)
        #expect(ids == ["c05"] + (1...25).reversed().filter { $0 != 5 }.map { String(format: "c%02d", $0) })
        #expect(Set(ids).count == 25 && !inbox.hasOlder)
        #expect(inbox.unreadCount == 26)
    }

    @Test func aMessageMovesItsConversationUpAndCountsUnlessItIsMine() async throws {
        let server = await server(conversations: 3)
        let inbox = InboxViewModel(conversations: server.conversations, live: server.live)
        await inbox.viewDidAppear()
        #expect(inbox.conversations.map(\.id) == ["c03", "c02", "c01"])
        #expect(inbox.conversations.map(\.unreadCount) == [1, 1, 1])

        await server.post("is it sold?", in: "c01", from: "other-1")
        await eventually { inbox.conversations.first?.id == "c01" }
        #expect(inbox.conversations.map(\.id) == ["c01", "c03", "c02"])
        #expect(inbox.conversations.first?.unreadCount == 2, "theirs counts")
        #expect(inbox.conversations.first?.lastMessage?.text == "is it sold?")

        let mine = await server.post("yes, sorry", in: "c02", from: FakeConversationServer.me)
        await eventually { inbox.conversations.first?.id == "c02" }
        #expect(inbox.conversations.first?.unreadCount == 0, "mine does not, and writing reads theirs")
        #expect(!inbox.isLastMessageRead(in: inbox.conversations[0]))
        await server.live.emit(.read(.init(conversationID: "c02", readerID: "other-2", readUpTo: mine.id)))
        await eventually { inbox.isLastMessageRead(in: inbox.conversations[0]) }
        #expect(inbox.isLastMessageRead(in: inbox.conversations[0]), "the other side read my message")

        // Read on another device: my own receipt clears the count.
        _ = try await server.conversations.markRead("c01")
        await eventually { inbox.conversations[1].unreadCount == 0 }
        #expect(inbox.conversations.map(\.unreadCount) == [0, 0, 1])
        #expect(inbox.unreadCount == 1)
    }

    @Test func aMessageSentWhileThePageLoadsIsKeptOnceAndAStaleEventChangesNothing() async throws {
        let server = await server(conversations: 2)
        let inbox = InboxViewModel(conversations: server.conversations, live: server.live)
        await server.hold("GET /api/conversations")
        let appearing = Task { await inbox.viewDidAppear() }
        await eventually { inbox.isLoading }
        // Published after the view model joined the feed, before the page was read.
        let late = await server.post("while loading", in: "c01", from: "other-1")
        await server.release("GET /api/conversations")
        await appearing.value
        await eventually { inbox.conversations.first?.id == "c01" }
        #expect(inbox.conversations.map(\.id) == ["c01", "c02"])
        #expect(inbox.conversations.first?.unreadCount == 2, "counted once: the page already had it")
        #expect(inbox.conversations.first?.lastMessage == late)

        // A replayed event older than what is shown leaves the conversation as it is.
        let old = try #require(await server.view("c02"))
        var stale = old
        stale.unreadCount = 9
        await server.live.emit(.message(.init(conversation: stale, message: try #require(old.lastMessage))))
        await server.live.emit(.read(.init(conversationID: "c02", readerID: "other-2", readUpTo: 1)))
        await settle()
        #expect(inbox.conversations[1].unreadCount == 1)
    }

    @Test func aFailedLoadAlertsAndAStreamStartingFromNowReloads() async throws {
        let server = await server(conversations: 2)
        await server.fail("GET /api/conversations", status: 0)
        let inbox = InboxViewModel(conversations: server.conversations, live: server.live)
        await inbox.viewDidAppear()
        #expect(inbox.alert == .network && inbox.conversations.isEmpty)
        inbox.alertDismissed()

        // The feed reconnected without Last-Event-ID: what happened before is fetched.
        await server.post("missed", in: "c01", from: "other-1", quietly: true)
        await server.live.emit(.connected(resumed: true))
        await server.live.emit(.connected(resumed: false))
        await eventually { inbox.conversations.count == 2 }
        #expect(inbox.conversations.map(\.id) == ["c01", "c02"])
        #expect(await server.calls.filter { $0.hasPrefix("GET /api/conversations") }.count == 2, "only the fresh stream reloads")

        inbox.conversationTapped(id: "c01")
        #expect(inbox.route == .conversation(id: "c01"))
        inbox.viewDidDisappear()
        await until { await server.live.listeners == 0 }
        #expect(await server.live.listeners == 0, "leaving stops listening")
    }
}
