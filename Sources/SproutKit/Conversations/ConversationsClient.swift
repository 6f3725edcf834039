import Foundation
import SproutAPI

/// Sprout's own conversations API (`/api/conversations`, `/api/blocks`, `/api/unread`): talking
/// with the owner of a product or a lesson. Every call needs the signed-in `session` (shared with
/// `AccountsClient`); an expired access token is refreshed once and the call retried.
public struct ConversationsClient: Sendable {
    /// The API client every call goes through (its session is the signed-in account's).
    public let api: APIClient

    /// What `open(about:text:)` answers.
    public struct Opened: Sendable, Equatable {
        /// As I see it, with the text just sent as its last message.
        public var conversation: Conversations.Conversation
        /// False when we already had this conversation (201 against 200): the text went into it.
        public var created: Bool

        /// - Parameters:
        ///   - conversation: the conversation as I see it, with the sent text as its last message.
        ///   - created: whether the server answered 201.
        public init(conversation: Conversations.Conversation, created: Bool) {
            self.conversation = conversation
            self.created = created
        }
    }

    /// - Parameters:
    ///   - baseURL: the server root, e.g. `http://127.0.0.1:8080`.
    ///   - session: the signed-in account's, shared with `AccountsClient` and the others.
    public init(baseURL: URL, transport: any Transport = URLSessionTransport(), session: AuthSession = AuthSession()) {
        api = APIClient(
            baseURL: baseURL, contract: .market, transport: transport, session: session,
            authorizationHeader: { ("Authorization", "Bearer \($0)") },
            refresher: AccountsClient.refresher(baseURL: baseURL, transport: transport)
        )
    }

    /// The signed-in account's session.
    public var session: AuthSession { api.session }

    /// Opens the conversation with the owner of `subject` (or finds the one we have) and sends
    /// `text` in it.
    public func open(about subject: Conversations.Subject, text: String) async throws -> Opened {
        let endpoint = try Endpoint(Conversations.Routes.open, body: Conversations.OpenRequest(about: subject, text: text))
        let (status, conversation) = try await api.sendKeepingStatus(endpoint)
        return Opened(conversation: conversation, created: status == 201)
    }

    /// Mine, most recent activity first; `before` is the `nextBefore` of the page before.
    public func inbox(before: Int? = nil, limit: Int? = nil) async throws -> Conversations.Inbox {
        try await api.send(Endpoint(Conversations.Routes.inbox, query: Self.paging(before, limit)))
    }

    /// One of mine, as I see it now (404 for one that is not mine).
    public func conversation(id: String) async throws -> Conversations.Conversation {
        try await api.send(Endpoint(Conversations.Routes.conversation, id))
    }

    /// Newest first; `before` is the `nextBefore` of the page before (a message id).
    public func messages(in conversationID: String, before: Int? = nil, limit: Int? = nil) async throws -> Conversations.MessagePage {
        try await api.send(Endpoint(Conversations.Routes.messages, conversationID, query: Self.paging(before, limit)))
    }

    /// Sends text (1 to `Conversations.maxTextLength` characters once trimmed).
    public func send(_ text: String, in conversationID: String) async throws -> Conversations.Message {
        try await api.send(Endpoint(Conversations.Routes.send, conversationID, body: Conversations.SendRequest(text: text)))
    }

    /// Sends a photo, with `text` beside it when there is some: a `photo` file part and a `text` part.
    public func send(photo: ImageUpload, text: String? = nil, in conversationID: String) async throws -> Conversations.Message {
        var form = MultipartForm()
        form.append(name: "photo", filename: photo.filename, contentType: photo.contentType, data: photo.data)
        if let text, !text.isEmpty { form.append(name: "text", value: text) }
        return try await api.send(Endpoint(Conversations.Routes.sendPhoto, conversationID, body: .multipart(form)))
    }

    /// Marks everything in the conversation read; the other side receives the receipt live.
    @discardableResult
    public func markRead(_ conversationID: String) async throws -> Conversations.ReadReceipt {
        try await api.send(Endpoint(Conversations.Routes.read, conversationID))
    }

    /// `reason` is one of the report desk's: `prohibited`, `fraud`, `spam`, `abusive`, `other`.
    public func report(_ conversationID: String, reason: String, note: String? = nil) async throws -> Conversations.ReportOutcome {
        try await api.send(Endpoint(Conversations.Routes.report, conversationID, body: Conversations.ReportRequest(reason: reason, note: note)))
    }

    /// Blocks a person (the conversation's `other.id`): no messages either way until unblocked.
    public func block(_ accountID: String) async throws -> Conversations.BlockStatus {
        try await api.send(Endpoint(Conversations.Routes.block, body: Conversations.BlockRequest(account: accountID)))
    }

    /// Lifts my block of a person.
    public func unblock(_ accountID: String) async throws -> Conversations.BlockStatus {
        try await api.send(Endpoint(Conversations.Routes.unblock, accountID))
    }

    /// What the badges count: unread messages and notifications.
    public func unread() async throws -> Conversations.Unread {
        try await api.send(Endpoint(Conversations.Routes.unread))
    }

    /// The query `Conversations.Routes.paging` names.
    static func paging(_ before: Int?, _ limit: Int?) -> [(name: String, value: String)] {
        zip(Conversations.Routes.paging, [before, limit]).compactMap { name, value in value.map { (name, String($0)) } }
    }
}

extension APIClient {
    /// `send(_:)` for an answer whose status says something the body does not (201 or 200).
    func sendKeepingStatus<Response>(_ endpoint: Endpoint<Response>) async throws -> (status: Int, value: Response) {
        guard let token = await session.tokens?.accessToken else { throw SproutError.notSignedIn }
        var response = try await transmit(endpoint, accessToken: token)
        if response.status == expiredStatus, let refresher {
            response = try await transmit(endpoint, accessToken: try await session.credential(replacing: token, using: refresher))
        }
        return (response.status, try decode(endpoint, from: response))
    }
}
