import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

/// One conversation: pages, sending (pending, sent, failed, retried), photos, read state, blocks,
/// and live events of this conversation and of others.
@MainActor @Suite(.timeLimit(.minutes(1))) struct ConversationViewModelTests {
    static let seller = "seller"

    /// "c1" with the seller holding `count` messages, alternating theirs and mine, and "c2" beside it.
    func server(messages count: Int = 0, blocked: Bool = false) async -> FakeConversationServer {
        let server = FakeConversationServer()
        await server.addConversation("c1", with: Self.seller, blocked: blocked)
        await server.addConversation("c2", with: "someone-else")
        for index in 0..<count {
            await server.post("message \(index + 1)", in: "c1", from: index.isMultiple(of: 2) ? Self.seller : FakeConversationServer.me, quietly: true)
        }
        return server
    }

    func model(_ server: FakeConversationServer) -> ConversationViewModel {
        ConversationViewModel(conversationID: "c1", conversations: server.conversations, live: server.live)
    }

    @Test func theNewestPageThenOlderPagesHoldEveryMessageOnceWhileNewOnesArrive() async throws {
        let server = await server(messages: 75)
        let chat = model(server)
        await server.hold("GET /api/conversations/c1/messages")
        let appearing = Task { await chat.viewDidAppear() }
        await eventually { chat.isLoading }
        // Sent while the page is on its way: the page has it, and so does an event.
        await server.post("during the load", in: "c1", from: Self.seller)
        await server.release("GET /api/conversations/c1/messages")
        await appearing.value
        await settle()
        #expect(chat.messages.compactMap(\.messageID) == Array(47...76), "oldest first, each once")
        #expect(chat.messages.map(\.isMine) == (47...75).map { $0.isMultiple(of: 2) } + [false], "the seller wrote the odd ones and the last")
        #expect(chat.hasOlder && chat.conversation?.other.id == Self.seller)
        #expect(await server.calls == ["GET /api/conversations/c1", "GET /api/conversations/c1/messages?limit=30", "POST /api/conversations/c1/read"])

        await server.post("new 1", in: "c1", from: Self.seller)
        await server.post("new 2", in: "c1", from: Self.seller)
        await eventually { chat.messages.count == 32 }
        await chat.willDisplayMessage(at: 10)
        #expect(chat.messages.count == 32, "a row far from the top fetches nothing")
        await chat.willDisplayMessage(at: 0)
        await chat.willDisplayMessage(at: 1)
        #expect(chat.messages.compactMap(\.messageID) == Array(1...78))
        #expect(!chat.hasOlder)
        await until { await server.calls.filter { $0 == "POST /api/conversations/c1/read" }.count == 3 }
        let calls = await server.calls
        #expect(calls.filter { $0.contains("messages?") } == [
            "GET /api/conversations/c1/messages?limit=30", "GET /api/conversations/c1/messages?before=47&limit=30",
            "GET /api/conversations/c1/messages?before=17&limit=30",
        ])
        #expect(calls.filter { $0 == "POST /api/conversations/c1/read" }.count == 3, "on appearing, and for each of theirs that arrived after")
    }

    @Test func aSentMessageShowsAtOnceThenAsSentOnceEvenWhenItsEventComesFirst() async throws {
        let server = await server(messages: 1)
        let chat = model(server)
        await chat.viewDidAppear()
        #expect(!chat.isSendEnabled)
        chat.draftChanged("   ")
        #expect(!chat.isSendEnabled)
        chat.draftChanged(String(repeating: "가", count: Conversations.maxTextLength + 1))
        #expect(!chat.isSendEnabled)
        chat.draftChanged("  안녕하세요 \n")
        #expect(chat.isSendEnabled)

        await server.hold("POST /api/conversations/c1/messages")
        let sending = Task { await chat.sendTapped() }
        await eventually { chat.messages.count == 2 }
        let pending = try #require(chat.messages.last)
        #expect(pending.text == "안녕하세요" && pending.delivery == .sending && pending.isMine && pending.messageID == nil)
        #expect(chat.draft.isEmpty)
        await server.release("POST /api/conversations/c1/messages")
        await sending.value
        // The server published the message's event before it answered the send.
        await settle()
        let sent = try #require(chat.messages.last)
        #expect(chat.messages.count == 2, "the event and the answer are one message")
        #expect(sent.id == pending.id && sent.delivery == .sent && sent.messageID == 2 && sent.sentAt != nil)
        #expect(await server.messageIDs(in: "c1") == [1, 2])
    }

    @Test func aFailedSendStaysFailedUntilARetrySucceeds() async throws {
        let server = await server(messages: 1)
        let chat = model(server)
        await chat.viewDidAppear()
        await server.fail("POST /api/conversations/c1/messages", status: 0)
        chat.draftChanged("are you there?")
        await chat.sendTapped()
        let failed = try #require(chat.messages.last)
        #expect(failed.delivery == .failed && failed.messageID == nil && chat.alert == .network)
        #expect(await server.messageIDs(in: "c1") == [1], "nothing stored")
        chat.alertDismissed()

        await server.post("yes!", in: "c1", from: Self.seller)
        await eventually { chat.messages.count == 3 }
        #expect(chat.messages.map(\.text) == ["message 1", "yes!", "are you there?"], "a failed message stays after the stored ones")

        await chat.retryTapped(failed.id)
        let retried = try #require(chat.messages.last)
        #expect(retried.id == failed.id && retried.delivery == .sent && retried.messageID == 3)
        #expect(chat.alert == nil)
        await chat.retryTapped(failed.id)
        #expect(await server.messageIDs(in: "c1") == [1, 2, 3], "a sent message is not sent again")
    }

    @Test func aPhotoIsSentWithTheDraftAsItsCaption() async throws {
        let server = await server(messages: 1)
        let chat = model(server)
        await chat.viewDidAppear()
        chat.draftChanged("이 의자요")
        await server.hold("POST /api/conversations/c1/messages")
        let photo = ImageUpload(filename: "chair.jpg", data: Data([0xFF, 0xD8, 0xFF]))
        let sending = Task { await chat.photoPicked(photo) }
        await eventually { chat.messages.count == 2 }
        #expect(chat.messages.last?.upload == photo && chat.messages.last?.delivery == .sending)
        await server.release("POST /api/conversations/c1/messages")
        await sending.value
        let sent = try #require(chat.messages.last)
        #expect(sent.delivery == .sent && sent.text == "이 의자요" && sent.upload == nil)
        #expect(sent.photo?.hasPrefix("uploads/") == true)
        #expect(chat.draft.isEmpty)
    }

    @Test func myMessagesShowAsReadFromTheOtherSidesReceiptsOnly() async throws {
        let server = await server(messages: 3)
        let chat = model(server)
        await chat.viewDidAppear()
        #expect(chat.readByOtherUpTo == 3, "they wrote message 3, so they read message 2")
        #expect(chat.isRead(chat.messages[1]) && !chat.isRead(chat.messages[0]), "only mine show as read")

        chat.draftChanged("first")
        await chat.sendTapped()
        chat.draftChanged("second")
        await chat.sendTapped()
        let (first, second) = (chat.messages[3], chat.messages[4])
        #expect(!chat.isRead(first) && !chat.isRead(second))

        await server.live.emit(.read(.init(conversationID: "c2", readerID: "someone-else", readUpTo: 99)))
        await server.live.emit(.read(.init(conversationID: "c1", readerID: FakeConversationServer.me, readUpTo: 99)))
        await server.live.emit(.read(.init(conversationID: "c1", readerID: Self.seller, readUpTo: try #require(first.messageID))))
        await eventually { chat.isRead(first) }
        #expect(chat.isRead(first) && !chat.isRead(second), "another conversation's receipt and my own change nothing")
    }

    @Test func anEventOfAnotherConversationLeavesThisOneAlone() async throws {
        let server = await server(messages: 2)
        let chat = model(server)
        await chat.viewDidAppear()
        let before = chat.messages
        let calls = await server.calls.count
        await server.post("elsewhere", in: "c2", from: "someone-else")
        await server.live.emit(.notification(.init(id: 1, app: "market", kind: "message", text: "x", link: "/inbox/c2", read: false, createdAt: "")))
        await settle()
        #expect(chat.messages == before && chat.conversation?.id == "c1")
        #expect(await server.calls.count == calls, "nothing is marked read")

        chat.viewDidDisappear()
        await server.post("while away", in: "c1", from: Self.seller)
        await settle()
        #expect(chat.messages == before, "a hidden conversation does not listen")
        #expect(await server.calls.count == calls, "nor mark read")
        await chat.viewDidAppear()
        #expect(chat.messages.map(\.text) == ["message 1", "message 2", "while away"])
    }

    @Test func blockingStopsSendingAndABlockFromTheOtherSideFailsTheSend() async throws {
        let server = await server(messages: 1, blocked: true)
        let chat = model(server)
        await chat.viewDidAppear()
        chat.draftChanged("hello")
        #expect(chat.isBlocked && !chat.isSendEnabled)
        await chat.sendTapped()
        #expect(chat.messages.count == 1)

        await chat.unblockTapped()
        #expect(!chat.isBlocked && chat.isSendEnabled)
        await server.fail("POST /api/conversations/c1/messages", status: 403)
        await chat.sendTapped()
        #expect(chat.messages.last?.delivery == .failed && chat.alert == .blocked)
        await chat.blockTapped()
        #expect(chat.isBlocked)
        #expect(await server.calls.filter { $0.contains("blocks") } == ["DELETE /api/blocks/seller", "POST /api/blocks"])

        await chat.reportSubmitted(reason: "spam", note: nil)
        #expect(chat.alert == .reported)
    }

    @Test func aMissingConversationAlertsAndListensToNothing() async throws {
        let server = await server()
        let chat = ConversationViewModel(conversationID: "gone", conversations: server.conversations, live: server.live)
        await chat.viewDidAppear()
        #expect(chat.alert == .notFound && chat.conversation == nil && !chat.isLoading)
        await until { await server.live.listeners == 0 }
        #expect(await server.live.listeners == 0)
    }
}
