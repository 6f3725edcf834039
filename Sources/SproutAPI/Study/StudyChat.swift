// Wire types of the SeSAC Study contract's chat, spec §4: REST and the Socket.IO `chat` event.

extension Study {
    /// One message between matched people: an item of `GET /v1/chat/{from}`, the answer of
    /// `POST /v1/chat/{to}`, and the payload of the socket's `chat` event.
    public struct Chat: Codable, Sendable, Equatable, Identifiable {
        /// The message's id (`_id`), a good key for a local store.
        public var id: String
        /// `__v`: the 1st cohort decoded it. The socket sends every field as a string, so it is
        /// read from either.
        public var version: Int
        public var to: String
        public var from: String
        public var chat: String
        /// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`, UTC; strings of this shape order as the times do.
        public var createdAt: String

        public init(id: String, version: Int = 0, to: String, from: String, chat: String, createdAt: String) {
            self.id = id
            self.version = version
            self.to = to
            self.from = from
            self.chat = chat
            self.createdAt = createdAt
        }

        enum CodingKeys: String, CodingKey {
            case id = "_id", version = "__v", to, from, chat, createdAt
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            if let number = try? container.decode(Int.self, forKey: .version) {
                version = number
            } else {
                version = Int(try container.decodeIfPresent(String.self, forKey: .version) ?? "0") ?? 0
            }
            to = try container.decode(String.self, forKey: .to)
            from = try container.decode(String.self, forKey: .from)
            chat = try container.decode(String.self, forKey: .chat)
            createdAt = try container.decode(String.self, forKey: .createdAt)
        }
    }

    /// `GET /v1/chat/{from}?lastchatDate=`
    public struct ChatHistory: Codable, Sendable, Equatable {
        public var payload: [Chat]

        public init(payload: [Chat]) {
            self.payload = payload
        }
    }

    /// The `lastchatDate` clients send when they have stored nothing: "everything".
    public static let everyChat = "2000-01-01T00:00:00.000Z"

    /// `POST /v1/chat/{to}`
    public enum ChatSendStatus: Int, Sendable {
        case sent = 200
        /// The study is over (the partner cancelled, or no match): the message is not sent.
        case studyOver = 201
    }
}
