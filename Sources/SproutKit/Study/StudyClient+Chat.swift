import Foundation
import SproutAPI

extension StudyClient {
    public enum ChatSendOutcome: Sendable, Equatable {
        /// 200: stored, and on its way to the partner's sockets.
        case sent(Study.Chat)
        /// 201: the study is over (the partner cancelled, or no match); nothing was sent.
        case studyOver
    }

    /// `POST v1/chat/{to}` with the form `chat`.
    public func sendChat(_ text: String, to uid: String) async throws -> ChatSendOutcome {
        let response = try await exchange(Study.Routes.sendChat, uid, form: StudyForm([("chat", text)]))
        switch try Self.status(Study.ChatSendStatus.self, response) {
        case .sent: return .sent(try Self.decode(Study.Chat.self, response))
        case .studyOver: return .studyOver
        }
    }

    /// `GET v1/chat/{uid}?lastchatDate=`: the messages between me and `uid` newer than
    /// `lastchatDate` (the newest `createdAt` already held, or `Study.everyChat`), oldest first.
    public func chats(with uid: String, after lastchatDate: String = Study.everyChat) async throws -> [Study.Chat] {
        let response = try await exchange(Study.Routes.chats, uid, query: [(name: "lastchatDate", value: lastchatDate)])
        try Self.expectOK(response)
        return try Self.decode(Study.ChatHistory.self, response).payload
    }

    /// The chat's socket for this sign-in: it proves who it is with the session's ID token, and
    /// after the server refused one (past its hour) refreshes it first, as a 401 would.
    public func chatSocket(connector: any WebSocketConnector = URLSessionWebSocketConnector()) -> StudySocket {
        let (session, refresher) = (session, refresher)
        return StudySocket(baseURL: api.baseURL, connector: connector) { afterRefusal in
            guard let token = await session.tokens?.idToken else { throw SproutError.notSignedIn }
            return afterRefusal ? try await session.credential(replacing: token, using: refresher) : token
        }
    }
}
