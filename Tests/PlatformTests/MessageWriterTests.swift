import Fluent
import Foundation
@testable import Platform
import SproutAPI
import SproutTestSupport
import Testing

/// A batch of messages written together reads, for everyone in it, as the same messages sent one
/// after another would: unread counts, read marks, last messages, events and notifications.
@Suite struct MessageWriterTests {
    @Test func aBatchCountsAndMarksAsItsMessagesWouldOneByOne() async throws {
        try await withSprout { sprout in
            let (platform, db) = (sprout.platform, sprout.app.db)
            let ana = try await sprout.account("ana"), ben = try await sprout.account("ben"), cho = try await sprout.account("cho")
            let room = try await platform.messenger.room(in: "lessons", between: ana, and: ben, on: db)
            let blockedRoom = try await platform.messenger.room(in: "lessons", between: ana, and: cho, on: db)
            try await platform.messenger.block(cho, by: ana, on: db)
            let writer = MessageWriter(clock: platform.clock, events: platform.events, notifications: platform.notifications, broadcast: platform.broadcast,
                                       writes: platform.dedicatedWrites)
            func draft(in room: Messenger.Room, by sender: String, _ text: String) -> MessageWriter.Draft {
                MessageWriter.Draft(conversation: .init(id: room.id, webID: "web-" + room.id, topic: .nothingInParticular(in: "lessons"), members: room.members, people: [:], about: nil),
                                    sender: sender, text: text, files: [])
            }

            let results = try await writer.write([draft(in: room, by: ben, "b1"), draft(in: room, by: ben, "b2"), draft(in: blockedRoom, by: cho, "c1"),
                                                  draft(in: room, by: ana, "a1"), draft(in: room, by: ben, "b3")], on: db)
            #expect(throws: ConversationError.blocked, "refused alone") { try results[2].get() }
            let sent = results.compactMap { try? $0.get() }
            #expect(sent.map(\.message.text) == ["b1", "b2", "a1", "b3"])
            #expect(sent.map(\.message.id) == sent.map(\.message.id).sorted() && Set(sent.map(\.message.id)).count == 4, "ids in the order sent")
            #expect(sent.allSatisfy { $0.mine.unreadCount == 0 && $0.mine.lastMessage == $0.message })

            func messageEvents(of account: String) async throws -> [LiveEvents.MessageEvent] {
                try await platform.events.events(of: account, after: 0, english: false, on: db).filter { $0.name == "message" }
                    .map { try JSONDecoder().decode(LiveEvents.MessageEvent.self, from: Data($0.data.utf8)) }
            }
            let anas = try await messageEvents(of: ana), bens = try await messageEvents(of: ben)
            #expect(anas.map(\.message.text) == ["b1", "b2", "a1", "b3"] && bens.map(\.message.text) == ["b1", "b2", "a1", "b3"])
            #expect(anas.map(\.conversation.unreadCount) == [1, 2, 0, 1], "a1 read everything before it for ana")
            #expect(bens.map(\.conversation.unreadCount) == [0, 0, 1, 0])
            #expect(try await messageEvents(of: cho).isEmpty)

            let last = try #require(sent.last?.message.id)
            #expect(try await platform.messenger.conversation(room.id, for: ana, on: db).unreadCount == 1)
            #expect(try await platform.messenger.conversation(room.id, for: ben, on: db).unreadCount == 0)
            #expect(try await platform.messenger.conversation(room.id, for: ana, on: db).lastMessage?.id == last)
            #expect(try await platform.messenger.readUpTo(of: ana, in: room.id, on: db) == sent[2].message.id)
            #expect(try await platform.messenger.readUpTo(of: ben, in: room.id, on: db) == last)
            #expect(try await platform.messenger.messages(in: blockedRoom.id, for: ana, before: nil, limit: 10, on: db).messages.isEmpty)

            func notices(of account: String) async throws -> [String] {
                try await platform.notifications.page(of: account, before: nil, limit: 10, english: true, on: db).notifications.map(\.text)
            }
            #expect(try await notices(of: ana) == [": b3", ": b2", ": b1"])
            #expect(try await notices(of: ben) == [": a1"])
            #expect(try await notices(of: cho).isEmpty)
        }
    }
}

extension TestSprout {
    /// A new account's id.
    func account(_ name: String) async throws -> String {
        try await platform.accounts.register(email: "\(name)-\(UUID().uuidString.prefix(6))@sprout.test", password: "pw12345", displayName: name, on: app.db)
            .requireID()
    }
}
