import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// `/v1/chat/{uid}`: spec §4, "REST".
struct StudyChatController: Sendable {
    let chat: StudyChat
    let uids: PhoneUIDs

    func register(on routes: DocumentedRoutes) {
        routes.onStudy(Study.Routes.sendChat, doc: StudyDocs.op(
            "Send a message to my study partner", form: [.init("chat", required: true, .string(maxLength: StudyChat.maxLength))],
            [200: "The stored Chat JSON {_id, __v, to, from, chat, createdAt}", 201: "The study is over (cancelled, reviewed or not matched): not sent"]
        ), use: send)
        routes.onStudy(Study.Routes.chats, doc: StudyDocs.op(
            "Messages with my partner, both ways, newer than lastchatDate (query; ISO with Z or an offset; 2000-01-01T00:00:00.000Z for all)",
            [200: "{payload: [Chat]}, oldest first, at most \(StudyChat.pageSize)"]
        ), use: history)
    }

    func send(_ req: Request) async throws -> StudyReply {
        let to = try uid(Study.Routes.sendChat.parameters(in: req))
        let caller = try req.studyCaller.uid
        switch try await chat.send(from: caller, to: to, form: req.studyForm(), on: req.db) {
        case let .sent(message): return try .json(StudyPresenter.chat(message, seenBy: caller, uids: uids))
        case .studyOver: return .text("The study is over", status: Study.ChatSendStatus.studyOver.rawValue)
        }
    }

    func history(_ req: Request) async throws -> StudyReply {
        let from = try uid(Study.Routes.chats.parameters(in: req))
        let since = try StudyChat.since(lastchatDate: Self.rawQueryValue("lastchatDate", in: req.url.query))
        let caller = try req.studyCaller.uid
        let messages = try await chat.history(of: caller, with: from, after: since, on: req.db)
        return try .json(Study.ChatHistory(payload: messages.map { StudyPresenter.chat($0, seenBy: caller, uids: uids) }))
    }

    /// The partner's account, named as in `StudyQueueController.otherUID`.
    private func uid(_ value: String?) throws(StudyError) -> String {
        guard let value, !value.isEmpty, value.count <= 128 else { throw .invalid(.otheruid) }
        return uids.accountID(value)
    }

    /// A query value as the clients send it: `%XX` decoded, but `+` kept a plus, since they send
    /// `+0900` offsets unencoded and a form decoder would read the plus as a space.
    static func rawQueryValue(_ name: String, in query: String?) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == name { return String(parts[1]).removingPercentEncoding }
        }
        return nil
    }
}
