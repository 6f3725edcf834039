import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import SproutTestSupport
import Testing

/// Conversations, their live events and the view models against the real server over real
/// sockets: the event stream here is `URLSessionEventSourceConnector` reading a chunked response
/// through FoundationNetworking.
@Suite(.timeLimit(.minutes(2))) struct ConversationsLiveTests {
    /// Waits past the 20-second heartbeat at most, so a missing event fails instead of hanging.
    static let patience = Duration.seconds(30)

    @Test func aBuyersMessageReachesTheSellerLiveAndAReconnectReplaysWhatWasMissed() async throws {
        try await withListeningSprout { sprout, url in
            // A seller with a product.
            let sellerSession = AuthSession()
            let seller = try await AccountsClient(baseURL: url, session: sellerSession).join(email: "seller@sprout.test", password: "long-password", name: "Seller")
            let market = MarketClient(baseURL: url, session: sellerSession)
            let vendor = try await market.becomeVendor(name: "acorn77")
            let photo = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/images/exif-rotated.jpg"))
            let product = try await market.register(
                Market.ProductParams(name: "Chair", description: "A solid chair.", price: 45000, currency: .krw, discountedPrice: 0, stock: 1, secret: nil),
                images: [ImageUpload(filename: "chair.jpeg", data: photo)],
                as: VendorKey(identifier: vendor.identifier, secret: try #require(vendor.secret))
            )
            let fast: @Sendable (Duration) async throws -> Void = { _ in try await Task.sleep(for: .milliseconds(50)) }
            let sellerStream = LiveEventStream(baseURL: url, session: sellerSession, pause: fast)
            let sellerUpdates = Updates(await sellerStream.events())
            await sellerStream.connect()
            #expect(try await sellerUpdates.next() == .connected(resumed: false))

            // A buyer asks about it.
            let buyerSession = AuthSession()
            let buyer = try await AccountsClient(baseURL: url, session: buyerSession).join(email: "buyer@sprout.test", password: "long-password", name: "Buyer")
            let conversations = ConversationsClient(baseURL: url, session: buyerSession)
            let opened = try await conversations.open(about: .init(app: "market", id: String(product.id)), text: "아직 있나요?")
            #expect(opened.created)
            #expect(opened.conversation.other.id == seller.userID && opened.conversation.about?.title == "Chair")
            let id = opened.conversation.id

            let first = try await sellerUpdates.nextMessage()
            #expect(first.message.text == "아직 있나요?" && first.message.senderID == buyer.userID)
            #expect(first.conversation.id == id && first.conversation.other.id == buyer.userID, "the conversation as the seller sees it")
            #expect(first.conversation.unreadCount == 1)
            #expect(try await conversations.open(about: .init(app: "market", id: String(product.id)), text: "혹시요?").created == false)
            #expect(try await sellerUpdates.nextMessage().message.text == "혹시요?")
            let heard = try #require(await sellerStream.lastEventID)

            // The seller goes away; meanwhile the buyer writes twice and the access tokens expire.
            await sellerStream.disconnect()
            try await sellerUpdates.skip(until: .disconnected)
            _ = try await conversations.send("네고 되나요?", in: id)
            let photoMessage = try await conversations.send(photo: ImageUpload(filename: "dent.jpeg", data: photo), text: "여기 흠집", in: id)
            #expect(photoMessage.photo != nil && photoMessage.text == "여기 흠집")
            sprout.clock.advance(by: sprout.platform.tokens.accessLifetime + 1)

            await sellerStream.connect()
            #expect(try await sellerUpdates.next() == .connected(resumed: true), "the expired token was refreshed on the way")
            let missed = [try await sellerUpdates.nextMessage(), try await sellerUpdates.nextMessage()]
            #expect(missed.map(\.message.text) == ["네고 되나요?", "여기 흠집"], "replayed after Last-Event-ID \(heard), in order")
            #expect(missed.last?.message.photo == photoMessage.photo)
            #expect(try #require(Int(await sellerStream.lastEventID ?? "")) > Int(heard) ?? .max)

            // The seller's screens: the inbox shows the conversation, opening it reads it, and the
            // buyer hears of both the reading and the answer.
            let buyerStream = LiveEventStream(baseURL: url, session: buyerSession, pause: fast)
            let buyerUpdates = Updates(await buyerStream.events())
            await buyerStream.connect()
            #expect(try await buyerUpdates.next() == .connected(resumed: false))
            let sellerClient = ConversationsClient(baseURL: url, session: sellerSession)
            let inbox = await InboxViewModel(conversations: sellerClient, live: sellerStream)
            await inbox.viewDidAppear()
            #expect(await inbox.conversations.map(\.id) == [id])
            #expect(await inbox.unreadCount == 4)

            let chat = await ConversationViewModel(conversationID: id, conversations: sellerClient, live: sellerStream)
            await chat.viewDidAppear()
            #expect(await chat.messages.map(\.text) == ["아직 있나요?", "혹시요?", "네고 되나요?", "여기 흠집"])
            let receipt = try await buyerUpdates.nextRead()
            #expect(receipt.readerID == seller.userID && receipt.readUpTo == photoMessage.id)
            try await until { await inbox.unreadCount == 0 }

            await chat.draftChanged("네, 조금요")
            await chat.sendTapped()
            #expect(await chat.messages.last?.delivery == .sent)
            let answer = try await buyerUpdates.nextMessage()
            #expect(answer.message.text == "네, 조금요" && answer.message.senderID == seller.userID && answer.conversation.unreadCount == 1)
            try await until { await inbox.conversations.first?.lastMessage?.text == "네, 조금요" }
            #expect(await inbox.unreadCount == 0, "my own answer is not unread")

            _ = try await conversations.markRead(id)
            try await until { await chat.readByOtherUpTo == answer.message.id }
            let mine = try #require(await chat.messages.last)
            #expect(await chat.isRead(mine), "the buyer's receipt reached the seller's screen")

            await chat.viewDidDisappear()
            await inbox.viewDidDisappear()
            await sellerStream.disconnect()
            await buyerStream.disconnect()
        }
    }

    @Test func aStreamWithoutAValidTokenStops() async throws {
        try await withListeningSprout { _, url in
            let stream = LiveEventStream(baseURL: url, session: AuthSession(tokens: AuthTokens(accessToken: "forged", refreshToken: "forged")))
            let updates = Updates(await stream.events())
            await stream.connect()
            guard case let .stopped(.http(status, _, _))? = try await updates.next() else {
                Issue.record("a forged token should stop the stream")
                return
            }
            #expect(status == 401)
            await stream.disconnect()
        }
    }
}

/// A stream's updates, each waited for at most `ConversationsLiveTests.patience`.
private final class Updates: Sendable {
    private let stream: AsyncStream<LiveEventStream.Update>

    init(_ stream: AsyncStream<LiveEventStream.Update>) { self.stream = stream }

    func next() async throws -> LiveEventStream.Update? {
        let stream = stream
        return try await withThrowingTaskGroup(of: LiveEventStream.Update?.self) { group in
            // One waiting call at a time: each takes the stream's next update.
            group.addTask {
                var iterator = stream.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try await Task.sleep(for: ConversationsLiveTests.patience)
                throw TimedOut()
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    func skip(until wanted: LiveEventStream.Update) async throws {
        while let update = try await next() {
            if update == wanted { return }
        }
        throw TimedOut()
    }

    /// The next message event, skipping the notifications and receipts before it.
    func nextMessage() async throws -> LiveEvents.MessageEvent {
        while let update = try await next() {
            if case let .event(_, .message(event)) = update { return event }
        }
        throw TimedOut()
    }

    func nextRead() async throws -> Conversations.ReadReceipt {
        while let update = try await next() {
            if case let .event(_, .read(receipt)) = update { return receipt }
        }
        throw TimedOut()
    }

    struct TimedOut: Error {}
}

/// Polls `condition` until it holds, for at most `ConversationsLiveTests.patience`.
private func until(_ condition: () async -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let deadline = ContinuousClock.now + ConversationsLiveTests.patience
    while ContinuousClock.now < deadline {
        if await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("never came true", sourceLocation: sourceLocation)
}
