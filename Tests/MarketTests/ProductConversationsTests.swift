import Fluent
import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// A buyer and a seller talking about a product through `/api/conversations`, and what a third
/// person, a blocked one and hostile input get.
@Suite struct ProductConversationsTests {
    struct Person {
        let id: String
        let auth: [String: String]
    }

    @Test func askingAboutAProductReachesItsSellerInOneConversation() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let buyer = try await sprout.person("buyer")
            let first = try await sprout.open(product, by: buyer, text: "  Still for sale?  ")
            #expect(first.status.code == 201)
            let conversation = try first.decode(Conversations.Conversation.self)
            #expect(conversation.other.id == seller.id)
            #expect(conversation.about?.title == "Oak chair" && conversation.about?.price == 27000 && conversation.about?.path == "/market/products/\(product)")
            #expect(conversation.lastMessage?.text == "Still for sale?", "trimmed")
            #expect(conversation.id.count == 24)
            let again = try await sprout.open(product, by: buyer, text: "Hello?")
            #expect(again.status.code == 200)
            #expect(try again.decode(Conversations.Conversation.self).id == conversation.id)

            let inbox = try await sprout.send(.GET, "api/conversations", headers: seller.auth).decode(Conversations.Inbox.self)
            #expect(inbox.conversations.map(\.id) == [conversation.id])
            #expect(inbox.conversations.first?.unreadCount == 2 && inbox.conversations.first?.other.id == buyer.id)
            #expect(try await sprout.send(.GET, "api/unread", headers: seller.auth).decode(Conversations.Unread.self) == .init(messages: 2, notifications: 2))
            let read = try await sprout.send(.POST, "api/conversations/\(conversation.id)/read", headers: seller.auth).decode(Conversations.ReadReceipt.self)
            #expect(read.readerID == seller.id && read.readUpTo == inbox.conversations.first?.lastMessage?.id)
            #expect(try await sprout.send(.GET, "api/unread", headers: seller.auth).decode(Conversations.Unread.self) == .init(messages: 0, notifications: 0),
                    "reading the conversation reads its message notifications too")
            #expect(try await sprout.send(.GET, "api/unread", headers: buyer.auth).decode(Conversations.Unread.self) == .init(messages: 0, notifications: 0),
                    "my own messages are never unread for me")
        }
    }

    @Test func anInboxPageShowsEachConversationsOwnProductAsItIsNow() async throws {
        try await withSprout { sprout in
            let buyer = try await sprout.person("browser")
            var expected: [String: String] = [:]
            let vendor = try await sprout.makeVendor()
            for name in ["Oak chair", "Pine desk", "Elm shelf"] {
                let product = try await sprout.registerProduct(by: vendor, name: name).id
                let conversation = try await sprout.open(product, by: buyer).decode(Conversations.Conversation.self)
                expected[conversation.id] = "/market/products/\(product)"
            }
            let inbox = try await sprout.send(.GET, "api/conversations", headers: buyer.auth).decode(Conversations.Inbox.self)
            #expect(Dictionary(uniqueKeysWithValues: inbox.conversations.map { ($0.id, $0.about?.path ?? "none") }) == expected)
            #expect(Set(inbox.conversations.compactMap(\.about?.title)) == ["Oak chair", "Pine desk", "Elm shelf"])
            #expect(inbox.conversations.allSatisfy { $0.about.map { "/market/products/\($0.id)" } == $0.about?.path && $0.about?.price == 27000 && $0.about?.photo != nil }, "what the buyer pays: 30,000 less 3,000")
        }
    }

    /// The inbox is kept per account; each thing it shows, written by anyone, is seen at the next read.
    @Test func aKeptInboxChangesWithEverythingItShows() async throws {
        try await withSprout { sprout in
            let (vendor, seller, product) = try await sprout.vendorWithProduct()
            let buyer = try await sprout.person("buyer")
            let conversation = try await sprout.open(product, by: buyer).decode(Conversations.Conversation.self)
            func sellersRow() async throws -> Conversations.Conversation {
                let response = try await sprout.send(.GET, "api/conversations", headers: seller.auth)
                #expect(response.status.code == 200 && response.headers.first(name: .eTag) != nil)
                return try #require(try response.decode(Conversations.Inbox.self).conversations.first)
            }
            #expect(try await sellersRow().unreadCount == 1)
            #expect(try await sellersRow().unreadCount == 1, "kept")

            _ = try await sprout.send(.POST, "api/conversations/\(conversation.id)/messages", headers: buyer.auth, json: Conversations.SendRequest(text: "Hello again"))
            #expect(try await sellersRow().lastMessage?.text == "Hello again", "a message the other person sent")
            _ = try await sprout.send(.POST, "api/conversations/\(conversation.id)/read", headers: seller.auth)
            #expect(try await sellersRow().unreadCount == 0, "my reading")
            _ = try await sprout.send(.POST, "api/blocks", headers: seller.auth, json: Conversations.BlockRequest(account: buyer.id))
            #expect(try await sellersRow().blocked, "my block")
            _ = try await sprout.send(.DELETE, "api/blocks/\(buyer.id)", headers: seller.auth)
            #expect(try await !sellersRow().blocked, "my unblock")

            try await Account.query(on: sprout.app.db).filter(\Account.$id == buyer.id).set(\Account.$displayName, to: "Renamed").update()
            #expect(try await sellersRow().other.name == "Renamed", "the other person's name, whoever wrote it")
            let edit = try await sprout.send(.PATCH, "api/products/\(product)", headers: ["identifier": vendor.identifier],
                                             json: Market.ProductParams(price: 25000, secret: vendor.secret))
            #expect(edit.status.code == 200)
            #expect(try await sellersRow().about?.price == 22000, "what the conversation is about, after its discount")
        }
    }

    /// What a message shows of its conversation is kept per conversation; each thing it shows,
    /// written by anyone, is seen by the next message.
    @Test func aMessageShowsItsPeopleAndItsThingAsTheyAreNow() async throws {
        try await withSprout { sprout in
            let (vendor, seller, product) = try await sprout.vendorWithProduct()
            let buyer = try await sprout.person("buyer")
            #expect(try await sprout.open(product, by: buyer).decode(Conversations.Conversation.self).about?.price == 27000)
            func sellersNewestNotification() async throws -> String {
                let page = try await sprout.send(.GET, "api/notifications", headers: seller.auth.merging(["Accept-Language": "en"]) { $1 })
                return try #require(try page.decode(Notifications.Page.self).notifications.first).text
            }
            #expect(try await sellersNewestNotification().hasPrefix("buyer: "))

            try await Account.query(on: sprout.app.db).filter(\Account.$id == buyer.id).set(\Account.$displayName, to: "Renamed").update()
            _ = try await sprout.open(product, by: buyer, text: "Still there?")
            #expect(try await sellersNewestNotification() == "Renamed: Still there?", "the sender's name, whoever wrote it")
            let edit = try await sprout.send(.PATCH, "api/products/\(product)", headers: ["identifier": vendor.identifier],
                                             json: Market.ProductParams(price: 25000, secret: vendor.secret))
            #expect(edit.status.code == 200)
            #expect(try await sprout.open(product, by: buyer).decode(Conversations.Conversation.self).about?.price == 22000, "what it is about")
        }
    }

    @Test func nobodyTalksAboutTheirOwnThingOrAboutNothing() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            #expect(try await sprout.open(product, by: seller).status.code == 403)
            let buyer = try await sprout.person("buyer")
            #expect(try await sprout.open(99999, by: buyer).status.code == 404)
            let unknownApp = try await sprout.send(.POST, "api/conversations", headers: buyer.auth,
                                                   json: Conversations.OpenRequest(about: .init(app: "bank", id: "1"), text: "hi"))
            #expect(unknownApp.status.code == 400)
            let hostileID = try await sprout.send(.POST, "api/conversations", headers: buyer.auth,
                                                  json: Conversations.OpenRequest(about: .init(app: "market", id: "99999999999999999999999"), text: "hi"))
            #expect(hostileID.status.code == 404)
            #expect(try await sprout.send(.POST, "api/conversations", json: Conversations.OpenRequest(about: .init(app: "market", id: "\(product)"), text: "hi"))
                .status.code == 401)
            let inbox = try await sprout.send(.GET, "api/conversations", headers: buyer.auth).decode(Conversations.Inbox.self)
            #expect(inbox.conversations.isEmpty, "nothing refused was stored")
        }
    }

    static let texts: [(String, UInt)] = [
        ("", 400), ("   \n ", 400), (String(repeating: "가", count: 1001), 400), ("bell\u{07}", 400), ("esc\u{1B}[31m", 400),
        (String(repeating: "가", count: 1000), 201), ("line one\nline two\ttabbed", 201),
    ]

    @Test(arguments: texts)
    func messageTextIsOneToAThousandCharactersWithoutControls(text: String, status: UInt) async throws {
        try await withSprout { sprout in
            let (_, product) = try await sprout.sellerWithProduct()
            let buyer = try await sprout.person("buyer")
            let conversation = try await sprout.open(product, by: buyer).decode(Conversations.Conversation.self)
            let sent = try await sprout.send(.POST, "api/conversations/\(conversation.id)/messages", headers: buyer.auth, json: Conversations.SendRequest(text: text))
            #expect(sent.status.code == status, "\(sent.body.string)")
            let page = try await sprout.send(.GET, "api/conversations/\(conversation.id)/messages", headers: buyer.auth).decode(Conversations.MessagePage.self)
            #expect(page.messages.count == (status == 201 ? 2 : 1), "a refused message is not stored")
        }
    }

    @Test func aThirdPersonHoldingTheIDGetsNothing() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let buyer = try await sprout.person("buyer")
            let stranger = try await sprout.person("stranger")
            let id = try await sprout.open(product, by: buyer, text: "private").decode(Conversations.Conversation.self).id
            for (method, path, json) in [
                (HTTPMethod.GET, "api/conversations/\(id)", nil), (.GET, "api/conversations/\(id)/messages", nil),
                (.POST, "api/conversations/\(id)/messages", Conversations.SendRequest(text: "let me in") as (any Encodable)?),
                (.POST, "api/conversations/\(id)/read", nil), (.POST, "api/conversations/\(id)/report", Conversations.ReportRequest(reason: "spam")),
            ] {
                let answer = try await sprout.send(method, path, headers: stranger.auth, json: json)
                #expect(answer.status.code == 404, "\(method) \(path)")
                #expect(!answer.body.string.contains("private"))
            }
            let page = try await sprout.send(.GET, "api/conversations/\(id)/messages", headers: seller.auth).decode(Conversations.MessagePage.self)
            #expect(page.messages.map(\.text) == ["private"])
            #expect(try await sprout.send(.GET, "api/conversations", headers: stranger.auth).decode(Conversations.Inbox.self).conversations.isEmpty)
        }
    }

    @Test func messagesAndTheInboxPageBackWithoutGapsOrRepeats() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let chair = try await sprout.open(product, by: try await sprout.person("first"), text: "m0").decode(Conversations.Conversation.self)
            let buyer = try await sprout.person("second")
            let other = try await sprout.open(product, by: buyer, text: "other").decode(Conversations.Conversation.self)
            for index in 1..<7 {
                _ = try await sprout.send(.POST, "api/conversations/\(chair.id)/messages", headers: seller.auth, json: Conversations.SendRequest(text: "m\(index)"))
            }
            var seen: [String] = []
            var before: Int?
            repeat {
                let query = before.map { "?limit=3&before=\($0)" } ?? "?limit=3"
                let page = try await sprout.send(.GET, "api/conversations/\(chair.id)/messages\(query)", headers: seller.auth).decode(Conversations.MessagePage.self)
                seen += page.messages.map(\.text)
                before = page.nextBefore
            } while before != nil
            #expect(seen == (0..<7).reversed().map { "m\($0)" })
            let first = try await sprout.send(.GET, "api/conversations?limit=1", headers: seller.auth).decode(Conversations.Inbox.self)
            #expect(first.conversations.map(\.id) == [chair.id], "the latest activity first")
            let rest = try await sprout.send(.GET, "api/conversations?limit=1&before=\(try #require(first.nextBefore))", headers: seller.auth)
                .decode(Conversations.Inbox.self)
            #expect(rest.conversations.map(\.id) == [other.id] && rest.nextBefore == nil)
            for bad in ["limit=0", "limit=51", "limit=x", "before=0", "before=-3", "before=99999999999999999999999"] {
                #expect(try await sprout.send(.GET, "api/conversations?\(bad)", headers: seller.auth).status.code == 400, "\(bad)")
                #expect(try await sprout.send(.GET, "api/conversations/\(chair.id)/messages?\(bad)", headers: seller.auth).status.code == 400, "\(bad)")
            }
        }
    }

    @Test func aBlockStopsBothSidesUntilLifted() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let buyer = try await sprout.person("buyer")
            let id = try await sprout.open(product, by: buyer).decode(Conversations.Conversation.self).id
            let blocked = try await sprout.send(.POST, "api/blocks", headers: seller.auth, json: Conversations.BlockRequest(account: buyer.id))
            #expect(try blocked.decode(Conversations.BlockStatus.self) == .init(account: buyer.id, blocked: true))
            #expect(try await sprout.send(.GET, "api/conversations/\(id)", headers: seller.auth).decode(Conversations.Conversation.self).blocked)
            for person in [buyer, seller] {
                let sent = try await sprout.send(.POST, "api/conversations/\(id)/messages", headers: person.auth, json: Conversations.SendRequest(text: "hello?"))
                #expect(sent.status.code == 403)
            }
            #expect(try await sprout.open(product, by: buyer).status.code == 403)
            #expect(try await sprout.send(.POST, "api/blocks", headers: seller.auth, json: Conversations.BlockRequest(account: seller.id)).status.code == 400)
            #expect(try await sprout.send(.POST, "api/blocks", headers: seller.auth, json: Conversations.BlockRequest(account: "nobody")).status.code == 404)
            #expect(try await sprout.send(.DELETE, "api/blocks/\(buyer.id)", headers: seller.auth).status.code == 200)
            #expect(try await sprout.send(.POST, "api/conversations/\(id)/messages", headers: buyer.auth, json: Conversations.SendRequest(text: "hi again"))
                .status.code == 201)
        }
    }

    @Test func twoOpensRacingMakeOneConversation() async throws {
        try await withSprout { sprout in
            let (_, product) = try await sprout.sellerWithProduct()
            let buyer = try await sprout.person("buyer")
            let answers = try await withThrowingTaskGroup(of: (UInt, String).self) { group in
                for index in 0..<6 {
                    group.addTask {
                        let answer = try await sprout.open(product, by: buyer, text: "ping \(index)")
                        return (answer.status.code, try answer.decode(Conversations.Conversation.self).id)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(answers.map(\.1)).count == 1)
            #expect(answers.filter { $0.0 == 201 }.count == 1 && answers.filter { $0.0 == 200 }.count == 5)
        }
    }

    /// The web names a conversation by an id of its own: a link, a notification or a push that
    /// leaves a member's device never carries the conversation's id, a lessons room's only key.
    @Test func aConversationsPageNotificationsAndLinksNameItByItsWebIDOnly() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let buyerBrowser = WebClient(sprout)
            let csrf = try await buyerBrowser.csrfToken(from: "/signup")
            try await buyerBrowser.post("/signup", form: ["name": "Buyer", "email": "buyer@sprout.test", "password": "long-password"], csrf: csrf)
            let opened = try await buyerBrowser.post("/inbox", form: ["app": "market", "id": "\(product)", "text": "Hello", "back": "/market"], csrf: csrf)
            let location = try #require(opened.headers.first(name: .location))
            let webID = String(location.dropFirst("/inbox/".count))
            let buyer = try #require(try await Account.query(on: sprout.app.db).filter(\.$emailKey == "buyer@sprout.test").first()?.requireID())
            let id = try await sprout.platform.messenger.inbox(of: buyer, before: nil, limit: 5, on: sprout.app.db).conversations[0].id
            #expect(webID.count == 16 && webID != id && !location.contains(id))

            let page = String(buffer: try await buyerBrowser.get(location).body)
            #expect(page.contains("Hello") && page.contains("/inbox/\(webID)/messages"))
            #expect(try await buyerBrowser.get("/inbox/\(id)").status == .notFound, "the conversation's id names no page")
            #expect(!String(buffer: try await buyerBrowser.get("/inbox").body).contains("href=\"/inbox/\(id)"))
            let notes = try await sprout.send(.GET, "api/notifications", headers: seller.auth).decode(Notifications.Page.self).notifications
            #expect(notes.map(\.link) == ["/inbox/\(webID)"])

            let stranger = WebClient(sprout)
            let strangerCSRF = try await stranger.csrfToken(from: "/signup")
            try await stranger.post("/signup", form: ["name": "Other", "email": "other@sprout.test", "password": "long-password"], csrf: strangerCSRF)
            #expect(try await stranger.get(location).status == .notFound, "a web id opens nothing for someone outside the conversation")
        }
    }

    @Test func everySpellingOfAProductsIDOpensItsOneConversation() async throws {
        try await withSprout { sprout in
            let (_, product) = try await sprout.sellerWithProduct()
            let buyer = try await sprout.person("buyer")
            let first = try await sprout.open(product, by: buyer).decode(Conversations.Conversation.self)
            for spelling in ["0\(product)", "000\(product)", "+\(product)"] {
                let again = try await sprout.send(.POST, "api/conversations", headers: buyer.auth,
                                                  json: Conversations.OpenRequest(about: .init(app: "market", id: spelling), text: "Hi"))
                #expect(again.status.code == 200 && (try? again.decode(Conversations.Conversation.self).id) == first.id, "\(spelling)")
            }
        }
    }

    /// Liking again and again, or many people liking, is one notification that counts them.
    @Test func likesOfOneProductMergeIntoOneNotificationThatCountsThePeople() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let fickle = try await sprout.person("fickle")
            for _ in 0..<10 {
                _ = try await sprout.send(.PUT, "api/market/likes/\(product)", headers: fickle.auth)
                _ = try await sprout.send(.DELETE, "api/market/likes/\(product)", headers: fickle.auth)
            }
            func notes() async throws -> [Notifications.Item] {
                try await sprout.send(.GET, "api/notifications", headers: seller.auth).decode(Notifications.Page.self).notifications
            }
            #expect(try await notes().map(\.text) == ["누군가 ‘Oak chair’을(를) 좋아해요"])
            for name in ["two", "three"] { _ = try await sprout.send(.PUT, "api/market/likes/\(product)", headers: try await sprout.person(name).auth) }
            let merged = try await notes()
            #expect(merged.map(\.text) == ["3명이 ‘Oak chair’에 관심을 보였어요"] && merged.allSatisfy { !$0.read })
            #expect(try await sprout.send(.GET, "api/unread", headers: seller.auth).decode(Conversations.Unread.self).notifications == 1)

            _ = try await sprout.send(.POST, "api/notifications/read", headers: seller.auth, json: Notifications.ReadRequest(upTo: try #require(merged.first?.id)))
            _ = try await sprout.send(.PUT, "api/market/likes/\(product)", headers: try await sprout.person("four").auth)
            #expect(try await notes().map(\.text) == ["누군가 ‘Oak chair’을(를) 좋아해요", "3명이 ‘Oak chair’에 관심을 보였어요"],
                    "after it was read, the next person starts a new one")
        }
    }

    @Test func notificationsSayWhatHappenedInTheReadersLanguageUnlessTurnedOff() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let buyer = try await sprout.person("Mina")
            _ = try await sprout.send(.PUT, "api/market/likes/\(product)", headers: buyer.auth)
            _ = try await sprout.open(product, by: buyer, text: "Is it oak?")
            var english = seller.auth
            english["Accept-Language"] = "en"
            let page = try await sprout.send(.GET, "api/notifications", headers: english).decode(Notifications.Page.self)
            #expect(page.notifications.map(\.kind) == ["message", "product_liked"])
            #expect(page.notifications.first?.text == "Mina: Is it oak?")
            let korean = try await sprout.send(.GET, "api/notifications", headers: seller.auth).decode(Notifications.Page.self)
            #expect(korean.notifications.first?.text == "Mina님의 메시지: Is it oak?")
            #expect(try await sprout.send(.GET, "api/notifications", headers: buyer.auth).decode(Notifications.Page.self).notifications.isEmpty)

            let upTo = try #require(page.notifications.last?.id)
            let left = try await sprout.send(.POST, "api/notifications/read", headers: seller.auth, json: Notifications.ReadRequest(upTo: upTo))
            #expect(try left.decode(Notifications.UnreadCount.self).unreadCount == 1)

            let off = try await sprout.send(.PUT, "api/notifications/settings", headers: seller.auth, json: Notifications.Setting(kind: "message", enabled: false))
            #expect(try off.decode(Notifications.Settings.self).kinds.contains(.init(kind: "message", enabled: false)))
            _ = try await sprout.open(product, by: buyer, text: "Still there?")
            let after = try await sprout.send(.GET, "api/notifications", headers: seller.auth).decode(Notifications.Page.self)
            #expect(after.notifications.count == 2, "a kind turned off adds nothing")
            #expect(try await sprout.send(.GET, "api/conversations", headers: seller.auth).decode(Conversations.Inbox.self).conversations.first?.lastMessage?.text
                    == "Still there?", "the message itself still arrives")
            #expect(try await sprout.send(.PUT, "api/notifications/settings", headers: seller.auth, json: Notifications.Setting(kind: "gossip", enabled: false))
                .status.code == 400)
        }
    }

    @Test func eachPersonsEventsAreKeptInOrderForAReconnect() async throws {
        try await withSprout { sprout in
            let (seller, product) = try await sprout.sellerWithProduct()
            let buyer = try await sprout.person("buyer")
            let before = try await sprout.platform.events.latestID(of: seller.id, on: sprout.app.db)
            let id = try await sprout.open(product, by: buyer, text: "one").decode(Conversations.Conversation.self).id
            _ = try await sprout.send(.POST, "api/conversations/\(id)/read", headers: seller.auth)
            let sellers = try await sprout.platform.events.events(of: seller.id, after: before, english: false, on: sprout.app.db)
            #expect(sellers.map(\.name) == ["message", "notification", "read"])
            let message = try JSONDecoder().decode(LiveEvents.MessageEvent.self, from: Data(sellers[0].data.utf8))
            #expect(message.message.text == "one" && message.conversation.other.id == buyer.id && message.conversation.unreadCount == 1)
            let replayed = try await sprout.platform.events.events(of: seller.id, after: sellers[0].id, english: false, on: sprout.app.db)
            #expect(replayed.map(\.id) == Array(sellers.dropFirst().map(\.id)), "after an id: exactly what came later")
            let buyers = try await sprout.platform.events.events(of: buyer.id, after: 0, english: false, on: sprout.app.db)
            #expect(buyers.map(\.name) == ["message", "read"], "the sender's other devices see their message; nobody else's events")
            #expect(try await sprout.send(.GET, "api/events", headers: ["Last-Event-ID": "abc", "Authorization": "Bearer \(seller.auth["Authorization"] ?? "")"])
                .status.code != 500)
            #expect(try await sprout.send(.GET, "api/events").status.code == 401)
        }
    }
}

extension TestSprout {
    func person(_ name: String) async throws -> ProductConversationsTests.Person {
        let account = try await platform.accounts.register(email: "\(name)-\(UUID().uuidString.prefix(6))@sprout.test", password: "pw12345", displayName: name, on: app.db)
        let token = try await platform.tokens.issue(for: try account.requireID(), on: app.db).accessToken
        return .init(id: try account.requireID(), auth: ["Authorization": "Bearer \(token)"])
    }

    func sellerWithProduct() async throws -> (ProductConversationsTests.Person, Int) {
        let (_, seller, product) = try await vendorWithProduct()
        return (seller, product)
    }

    /// A vendor (for the market contract's calls), the same account as a person (for Sprout's
    /// own API) and the product they sell.
    func vendorWithProduct() async throws -> (TestVendor, ProductConversationsTests.Person, Int) {
        let vendor = try await makeVendor()
        let product = try await registerProduct(by: vendor)
        guard case let .valid(id) = await platform.tokens.check(accessToken: vendor.accessToken) else { throw Abort(.unauthorized) }
        return (vendor, .init(id: id, auth: ["Authorization": "Bearer \(vendor.accessToken)"]), product.id)
    }

    func open(_ product: Int, by person: ProductConversationsTests.Person, text: String = "Hello!") async throws -> TestingHTTPResponse {
        try await send(.POST, "api/conversations", headers: person.auth, json: Conversations.OpenRequest(about: .init(app: "market", id: "\(product)"), text: text))
    }
}
