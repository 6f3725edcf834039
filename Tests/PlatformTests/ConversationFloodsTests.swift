import Fluent
import Foundation
@testable import Platform
import SproutTestSupport
import Testing
import Vapor

/// What a stranger flooding others gets: new conversations limited per hour, uploads only into
/// a room nobody blocked, messages carrying only the sender's own uploads, unsent uploads swept.
@Suite struct ConversationFloodsTests {
    static func limited(_ config: inout SproutConfig) {
        config.conversationLimits = ConversationLimits(perHour: 3, perHourInFirstDay: 2)
    }

    @Test func aNewAccountStartsFewConversationsWithStrangersAnHourAnOlderOneMore() async throws {
        try await withSprout(configure: Self.limited) { sprout in
            let (messenger, db) = (sprout.platform.messenger, sprout.app.db)
            let spammer = try await sprout.account("spammer")
            var strangers: [String] = []
            for index in 0..<7 { strangers.append(try await sprout.account("stranger\(index)")) }
            _ = try await messenger.room(in: "lessons", between: spammer, and: strangers[0], on: db)
            sprout.clock.advance(by: 60)
            _ = try await messenger.room(in: "lessons", between: spammer, and: strangers[1], on: db)
            let refused = await #expect(throws: TooManyRequests.self) { try await messenger.room(in: "lessons", between: spammer, and: strangers[2], on: db) }
            #expect(refused?.retryAfter == 3540, "the first of the hour leaves it an hour after it was started")
            _ = try await messenger.room(in: "lessons", between: spammer, and: strangers[0], on: db)
            _ = try await messenger.room(in: "lessons", between: strangers[2], and: spammer, on: db)
            #expect(try await ConversationRecord.query(on: db).count() == 3, "someone else writing to the spammer is theirs to count")

            sprout.clock.advance(by: 86_400)
            for stranger in strangers[3..<6] { _ = try await messenger.room(in: "lessons", between: spammer, and: stranger, on: db) }
            await #expect(throws: TooManyRequests.self, "a day old: three an hour") {
                try await messenger.room(in: "lessons", between: spammer, and: strangers[6], on: db)
            }
        }
    }

    @Test func onlyAMemberNobodyBlockedUploadsAndAMessageCarriesOnlyItsSendersUploadsOnce() async throws {
        try await withSprout { sprout in
            let (messenger, db) = (sprout.platform.messenger, sprout.app.db)
            let ana = try await sprout.account("ana"), ben = try await sprout.account("ben"), cho = try await sprout.account("cho")
            let room = try await messenger.room(in: "lessons", between: ana, and: ben, on: db)
            let other = try await messenger.room(in: "lessons", between: ana, and: cho, on: db)
            let photo = try ImagePipelineTests.fixture("transparent.png")

            await #expect(throws: ConversationError.notFound) { try await messenger.upload([photo], into: room.id, by: cho, on: db) }
            let anas = try await messenger.upload([photo], into: room.id, by: ana, on: db)
            let bens = try await messenger.upload([photo], into: room.id, by: ben, on: db)
            await #expect(throws: ConversationError.foreignFiles, "someone else's upload") {
                try await messenger.send(text: "", files: bens, in: room.id, by: ana, on: db)
            }
            await #expect(throws: ConversationError.foreignFiles, "an upload into another room") {
                try await messenger.send(text: "", files: anas, in: other.id, by: ana, on: db)
            }
            #expect(try await messenger.send(text: "", files: anas, in: room.id, by: ana, on: db).files == anas)
            await #expect(throws: ConversationError.foreignFiles, "sent once") { try await messenger.send(text: "again", files: anas, in: room.id, by: ana, on: db) }

            try await messenger.block(ana, by: ben, on: db)
            await #expect(throws: ConversationError.blocked) { try await messenger.upload([photo], into: room.id, by: ana, on: db) }
            await #expect(throws: ConversationError.blocked) { try await messenger.upload([photo], into: room.id, by: ben, on: db) }
        }
    }

    @Test func uploadsNoMessageTookWithinADayAreDeleted() async throws {
        try await withSprout { sprout in
            let (messenger, db) = (sprout.platform.messenger, sprout.app.db)
            let ana = try await sprout.account("ana"), ben = try await sprout.account("ben")
            let room = try await messenger.room(in: "lessons", between: ana, and: ben, on: db)
            let photo = try ImagePipelineTests.fixture("transparent.png")
            let unsent = try await messenger.upload([photo], into: room.id, by: ana, on: db)
            let sent = try await messenger.upload([photo], into: room.id, by: ana, on: db)
            _ = try await messenger.send(text: "", files: sent, in: room.id, by: ana, on: db)
            sprout.clock.advance(by: Messenger.keptUnsent - 1)
            #expect(try await messenger.sweepUploads(on: db) == 0)
            sprout.clock.advance(by: 2)
            #expect(try await messenger.sweepUploads(on: db) == 1)
            #expect(try await !sprout.platform.files.exists(unsent[0]))
            #expect(try await sprout.platform.files.exists(sent[0]), "a sent photo stays")
        }
    }
}
