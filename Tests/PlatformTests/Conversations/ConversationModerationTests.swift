import Fluent
import Foundation
@testable import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// A reported conversation in the operator console: its last lines before the report, and one
/// message removed for the other person (the API, the web page, the inbox and its cached answer,
/// the badge and the notification that quoted it) while its author still sees it, marked.
@Suite struct ConversationModerationTests {
    static let notice = "운영 정책에 따라 가려진 메시지예요. 상대방에게는 보이지 않아요."

    @Test func aReportedConversationShowsItsLastTwentyLinesBeforeTheReportWithTheirAuthors() async throws {
        try await withSprout { sprout in
            let (messenger, db) = (sprout.platform.messenger, sprout.app.db)
            let ana = try await sprout.account("ana"), ben = try await sprout.account("ben")
            let room = try await messenger.room(in: "market", between: ana, and: ben, on: db)
            let webID = try await messenger.conversation(room.id, for: ana, on: db).webID
            for number in 1...21 {
                _ = try await messenger.send(text: "line \(number)", photo: nil, in: room.id, by: number.isMultiple(of: 2) ? ben : ana, on: db)
            }
            let photo = try await messenger.upload([try ImagePipelineTests.fixture("transparent.png")], into: room.id, by: ben, on: db)
            _ = try await messenger.send(text: "line 22", files: photo, in: room.id, by: ben, on: db)
            #expect(try await messenger.report(room.id, by: ben, reason: "abusive", note: "", on: db) == .filed)
            let reportedAt = sprout.clock.now
            sprout.clock.advance(by: 60)
            _ = try await messenger.send(text: "after the report", photo: nil, in: room.id, by: ana, on: db)

            let thing = try #require(try await ConversationModeration(messenger: messenger).reported(room.id, reportedAt: reportedAt, on: db))
            #expect(thing.item == ModeratedItem(kind: "conversation", id: room.id))
            #expect(thing.kindName == ReportedThing.Words(ko: "대화", en: "Conversation") && thing.title == "ana · ben", "who started it first")
            #expect(thing.link == PlatformPaths.conversation.link(webID) && thing.ownerID == nil && thing.hidden == nil)
            #expect(thing.parts.map(\.text) == (3...21).map { "line \($0)" } + ["[사진] line 22"], "the last twenty before the report, oldest first")
            #expect(thing.parts.map(\.authorID) == (3...22).map { $0.isMultiple(of: 2) ? ben : ana })
            #expect(thing.parts.map(\.authorName) == (3...22).map { $0.isMultiple(of: 2) ? "ben" : "ana" })
            #expect(thing.parts.allSatisfy { $0.item.kind == "message" && !$0.hidden && $0.at <= reportedAt })
            #expect(thing.photos == photo.map { "/" + $0 })
            #expect(thing.partsNote == ReportedThing.Words(ko: "신고된 대화라서 신고 전 마지막 메시지 20개를 보여 줘요.",
                                                           en: "Shown because the conversation was reported: its last 20 messages before the report."))
        }
    }

    @Test func aRemovedMessageIsGoneForTheOtherPersonOnlyAndARestoreBringsItBack() async throws {
        try await withSprout { sprout in
            let (messenger, db) = (sprout.platform.messenger, sprout.app.db)
            let moderation = ConversationModeration(messenger: messenger)
            let ana = try await sprout.account("ana"), ben = try await sprout.account("ben")
            let room = try await messenger.room(in: "market", between: ana, and: ben, on: db)
            let page = PlatformPaths.conversation.link(try await messenger.conversation(room.id, for: ana, on: db).webID)
            _ = try await messenger.send(text: "hello", photo: nil, in: room.id, by: ben, on: db)
            let spam = try await messenger.send(text: "spam line", photo: nil, in: room.id, by: ana, on: db)
            let (anaAPI, benAPI) = (try await sprout.bearer(ana), try await sprout.bearer(ben))
            let lines = { (headers: [String: String]) in
                try await sprout.send(.GET, Conversations.Routes.messages.path(room.id), headers: headers)
                    .decode(Conversations.MessagePage.self).messages.map(\.text)
            }
            let lastLine = { (headers: [String: String]) in
                try await sprout.send(.GET, Conversations.Routes.inbox.path, headers: headers)
                    .decode(Conversations.Inbox.self).conversations.first?.lastMessage?.text
            }
            #expect(try await lastLine(benAPI) == "spam line", "read once, so the inbox answer is kept")
            #expect(try await UnreadBadges.count(of: ben, on: db).messages == 1)
            #expect(try await sprout.notified(ben, of: .message).map(\.text) == ["ana님의 메시지: spam line"])

            #expect(try await moderation.setHidden(true, ModeratedItem(kind: "message", id: String(spam.id)), on: db) == ana, "answers its author")
            #expect(try await lines(benAPI) == ["hello"])
            #expect(try await lastLine(benAPI) == "hello", "the kept inbox answer is not served again")
            #expect(try await UnreadBadges.count(of: ben, on: db).messages == 0)
            #expect(try await sprout.notified(ben, of: .message).isEmpty, "the notification quoted it")
            #expect(try await messenger.room(room.id, in: "market", for: ben, on: db).lastMessage?.text == "hello")
            #expect(try await messenger.messages(in: room.id, for: ben, after: nil, on: db).map(\.text) == ["hello"])
            #expect(try await messenger.message(spam.id, in: room.id, on: db) == nil, "a room's sockets do not relay it")
            #expect(try await lines(anaAPI) == ["spam line", "hello"], "its author's list keeps it as it was")
            #expect(try await lastLine(anaAPI) == "spam line")
            #expect(try await messenger.room(room.id, in: "market", for: ana, on: db).lastMessage?.text == "spam line")

            let (anaWeb, benWeb) = (try await Self.signedIn(sprout, ana), try await Self.signedIn(sprout, ben))
            let bensPage = try await benWeb.get(page).body.string
            #expect(bensPage.contains("hello") && !bensPage.contains("spam line") && !bensPage.contains(Self.notice))
            #expect(try await !benWeb.get(PlatformPaths.inbox.link).body.string.contains("spam line"))
            let anasPage = try await anaWeb.get(page).body.string
            #expect(anasPage.contains("spam line") && anasPage.contains(Self.notice), "its author sees why the other does not")
            #expect(try await moderation.reported(room.id, reportedAt: sprout.clock.now, on: db)?.parts.map(\.hidden) == [false, true],
                    "the console sees it, marked")

            #expect(try await moderation.setHidden(false, ModeratedItem(kind: "message", id: String(spam.id)), on: db) == ana)
            #expect(try await lines(benAPI) == ["spam line", "hello"])
            #expect(try await lastLine(benAPI) == "spam line")
            #expect(try await messenger.message(spam.id, in: room.id, on: db)?.text == "spam line")
            #expect(try await benWeb.get(page).body.string.contains("spam line"))
            #expect(try await !anaWeb.get(page).body.string.contains(Self.notice))
        }
    }

    @Test func unknownAndHostileSubjectsAndOtherKindsAreNothing() async throws {
        try await withSprout { sprout in
            let (messenger, db) = (sprout.platform.messenger, sprout.app.db)
            let moderation = ConversationModeration(messenger: messenger)
            let ana = try await sprout.account("ana"), ben = try await sprout.account("ben")
            let room = try await messenger.room(in: "market", between: ana, and: ben, on: db)
            let message = try await messenger.send(text: "hello", photo: nil, in: room.id, by: ana, on: db)
            for subject in ["", "0", String(room.id.dropLast()), "' OR 1=1 --", String(repeating: "a", count: 10_000), "\u{0}"] {
                #expect(try await moderation.reported(subject, reportedAt: sprout.clock.now, on: db) == nil, "\(subject.prefix(20))")
            }
            for id in ["", "0", "-1", "abc", " 1", "99999999999999999999", String(message.id + 1000), String(repeating: "9", count: 5_000)] {
                #expect(try await moderation.setHidden(true, ModeratedItem(kind: "message", id: id), on: db) == nil, "\(id.prefix(20))")
            }
            for kind in ["conversation", "comment", "product", "Message", ""] {
                let id = kind == "conversation" ? room.id : String(message.id)
                #expect(try await moderation.setHidden(true, ModeratedItem(kind: kind, id: id), on: db) == nil, "\(kind)")
            }
            #expect(try await messenger.messages(in: room.id, for: ben, before: nil, limit: 10, on: db).messages.map(\.text) == ["hello"], "nothing was hidden")
        }
    }

    /// A browser signed in as `accountID` (made by `TestSprout.account`).
    static func signedIn(_ sprout: TestSprout, _ accountID: String) async throws -> WebClient {
        let browser = WebClient(sprout)
        let email = try #require(try await Account.find(accountID, on: sprout.app.db)?.email)
        let login = try await browser.post(PlatformPaths.login.link, form: ["email": email, "password": "pw12345"],
                                           csrf: try await browser.csrfToken(from: PlatformPaths.login.link))
        #expect(login.status.code == 303, "\(login.body.string)")
        return browser
    }
}
