import Foundation
import SproutAPI
import SproutKit
import Testing

/// `StudyClient`'s chat calls: their request shapes and how each status reads.
@Suite struct StudyChatClientTests {
    let client = StudyClientTests()
    let message = Study.Chat(id: "638d0a7b5f1c2a0012345678", to: "uid-2", from: "uid-me", chat: "안녕하세요!", createdAt: "2022-12-04T09:37:29.029Z")

    @Test func sendingPostsTheFormAndReadsTheStoredChat() async throws {
        let (request, outcome) = try await client.sent(200, StudySamples.json(message)) { try await $0.sendChat("안녕 & 반가워", to: "uid-2") }
        client.expect(request, .post, "/v1/chat/uid-2", form: "chat=%EC%95%88%EB%85%95%20%26%20%EB%B0%98%EA%B0%80%EC%9B%8C")
        #expect(outcome == .sent(message))
        #expect(try await client.outcome(201) { try await $0.sendChat("늦었나요", to: "uid-2") } == .studyOver)
        await #expect(throws: SproutError.self) { try await client.outcome(501) { try await $0.sendChat("", to: "uid-2") } }
    }

    @Test func historyAsksForWhatIsNewerThanTheNewestHeld() async throws {
        let history = StudySamples.json(Study.ChatHistory(payload: [message]))
        let (request, chats) = try await client.sent(200, history) { try await $0.chats(with: "uid-2", after: "2022-12-04T18:37:29.029+0900") }
        #expect(request.method == .get && request.url.path == "/v1/chat/uid-2")
        #expect(request.url.query == "lastchatDate=2022-12-04T18%3A37%3A29.029%2B0900", "a + survives the query")
        #expect(chats == [message])
        let (first, _) = try await client.sent(200, StudySamples.json(Study.ChatHistory(payload: []))) { try await $0.chats(with: "uid-2") }
        #expect(first.url.query == "lastchatDate=2000-01-01T00%3A00%3A00.000Z")
    }

    @Test func theSocketsStringOnlyChatDecodesToo() throws {
        let socket = #"{"_id":"c1","__v":"0","to":"a","from":"b","chat":"hi","createdAt":"2022-12-04T09:37:29.029Z"}"#
        #expect(try JSONDecoder().decode(Study.Chat.self, from: Data(socket.utf8)) == Study.Chat(id: "c1", to: "a", from: "b", chat: "hi", createdAt: "2022-12-04T09:37:29.029Z"))
    }
}
