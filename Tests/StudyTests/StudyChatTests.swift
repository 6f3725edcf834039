import Foundation
import Platform
import SproutAPI
@testable import Study
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

@Suite("Study: chat over REST")
struct StudyChatTests {
    func chat(_ sprout: TestSprout, from person: StudyPerson, to uid: String, _ text: String) async throws -> TestingHTTPResponse {
        try await sprout.study(.POST, "v1/chat/\(uid)", person, form: [("chat", text)])
    }

    @Test("messages of the same millisecond keep their order, and the newest held is never handed back")
    func sameMillisecond() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            sprout.clock.advance(by: 0.000_4)
            var stored: [Study.Chat] = []
            for text in ["하나", "둘", "셋"] {
                stored.append(try await chat(sprout, from: a, to: b.accountID, text).decode(Study.Chat.self))
            }
            #expect(Set(stored.map(\.createdAt)).count == 1, "one clock instant")
            #expect(stored[0].createdAt.hasSuffix("Z") && stored[0].createdAt.count == 24)
            let all = try await sprout.study(.GET, "v1/chat/\(a.accountID)?lastchatDate=2000-01-01T00:00:00.000Z", b).decode(Study.ChatHistory.self)
            #expect(all.payload.map(\.chat) == ["하나", "둘", "셋"])
            let newest = try #require(all.payload.last?.createdAt)
            let none = try await sprout.study(.GET, "v1/chat/\(a.accountID)?lastchatDate=\(newest)", b).decode(Study.ChatHistory.self)
            #expect(none.payload.isEmpty)
            sprout.clock.advance(by: 0.001)
            _ = try await chat(sprout, from: b, to: a.accountID, "넷")
            let newer = try await sprout.study(.GET, "v1/chat/\(b.accountID)?lastchatDate=\(newest)", a).decode(Study.ChatHistory.self)
            #expect(newer.payload.map(\.chat) == ["넷"])
        }
    }

    @Test("the contract's codes: 201 after the study, 501 for bad values, 406 for the withdrawn")
    func codes() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            #expect(try await chat(sprout, from: a, to: b.accountID, " ").status.code == 501)
            #expect(try await chat(sprout, from: a, to: b.accountID, String(repeating: "가", count: StudyChat.maxLength + 1)).status.code == 501)
            #expect(try await sprout.study(.GET, "v1/chat/\(b.accountID)?lastchatDate=soon", a).status.code == 501)
            #expect(try await chat(sprout, from: a, to: "someone-else", "안녕").status.code == 201)
            #expect(try await sprout.study(.POST, "v1/queue/rate/\(a.accountID)", b, form: [("otheruid", a.accountID)] + Array(repeating: ("reputation", "0"), count: 6)).status.code == 200)
            #expect(try await chat(sprout, from: a, to: b.accountID, "후기 고마워요").status.code == 201, "the partner reviewed: over")
            #expect(try await sprout.study(.POST, "v1/user/withdraw", a).status.code == 200)
            #expect(try await chat(sprout, from: a, to: b.accountID, "안녕").status.code == 406)
            #expect(try await sprout.study(.GET, "v1/chat/\(b.accountID)", a).status.code == 406)
        }
    }

    @Test("times print digit for digit from whole milliseconds")
    func timestamps() throws {
        #expect(StudyPresenter.timestamp(milliseconds: 1_670_146_649_029) == "2022-12-04T09:37:29.029Z")
        #expect(StudyPresenter.timestamp(milliseconds: 999) == "1970-01-01T00:00:00.999Z")
        #expect(StudyPresenter.timestamp(milliseconds: -1) == "1969-12-31T23:59:59.999Z")
        #expect(throws: StudyError.invalid(.lastchatDate)) { try StudyChat.since(lastchatDate: "2022-13-01T00:00:00Z") }
        #expect(try StudyChat.since(lastchatDate: "2022-12-04T18:37:29.029+0900") == 1_670_146_649_029)
        #expect(try StudyChat.since(lastchatDate: nil) == Int64.min)
        #expect(StudyChatController.rawQueryValue("lastchatDate", in: "a=1&lastchatDate=2022-12-04T18:37:29.029+0900") == "2022-12-04T18:37:29.029+0900")
    }
}
