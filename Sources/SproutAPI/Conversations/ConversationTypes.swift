import Foundation

/// Sprout's own conversations API (`/api/conversations`): two people talking about one thing (a
/// product, a lesson) or about nothing in particular (a chat room of the lessons contract).
public enum Conversations {
    /// The longest message text, in characters.
    public static let maxTextLength = 1000
    /// The most items one page of conversations or messages holds.
    public static let maxPageSize = 50

    /// A thing an app owns, named by that app's own id: `market` and a product id, `lessons` and a
    /// post id.
    public struct Subject: Codable, Sendable, Equatable {
        public var app: String
        public var id: String

        public init(app: String, id: String) {
            self.app = app
            self.id = id
        }
    }

    /// `POST /api/conversations`: opens (or finds) the conversation with the owner of `about` and
    /// sends `text` in it.
    public struct OpenRequest: Codable, Sendable, Equatable {
        public var about: Subject
        public var text: String

        public init(about: Subject, text: String) {
            self.about = about
            self.text = text
        }
    }

    /// `POST /api/conversations/{id}/messages` as JSON.
    public struct SendRequest: Codable, Sendable, Equatable {
        public var text: String
        public init(text: String) { self.text = text }
    }

    public struct Person: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        /// A relative `uploads/…` path, or nil.
        public var picture: String?

        public init(id: String, name: String, picture: String?) {
            self.id = id
            self.name = name
            self.picture = picture
        }

        enum CodingKeys: String, CodingKey {
            case id, name, picture
        }

        /// Writes `null` for an absent value instead of leaving the key out, so strict decoders find every key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(picture, forKey: .picture)
        }
    }

    /// What a conversation is about, as its app describes it now.
    public struct About: Codable, Sendable, Equatable {
        public var app: String
        public var id: String
        public var title: String
        public var photo: String?
        /// In won, where the thing has a price.
        public var price: Int?
        /// The app's word for where the thing stands (`reserved`, `sold`), where it has one.
        public var state: String?
        /// Its page on the web app.
        public var path: String

        public init(app: String, id: String, title: String, photo: String?, price: Int?, state: String?, path: String) {
            self.app = app
            self.id = id
            self.title = title
            self.photo = photo
            self.price = price
            self.state = state
            self.path = path
        }

        enum CodingKeys: String, CodingKey {
            case app, id, title, photo, price, state, path
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(app, forKey: .app)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encode(photo, forKey: .photo)
            try container.encode(price, forKey: .price)
            try container.encode(state, forKey: .state)
            try container.encode(path, forKey: .path)
        }
    }

    public struct Message: Codable, Sendable, Equatable {
        /// Increases with every message sent anywhere: the paging cursor.
        public var id: Int
        public var conversationID: String
        public var senderID: String
        public var text: String
        /// The first photo: one is what the web and the apps send.
        public var photo: String?
        /// Every photo (a lessons chat room's message carries up to five).
        public var files: [String]
        /// ISO 8601, UTC (`2026-11-27T09:30:00.123Z`).
        public var sentAt: String

        public init(id: Int, conversationID: String, senderID: String, text: String, files: [String], sentAt: String) {
            self.id = id
            self.conversationID = conversationID
            self.senderID = senderID
            self.text = text
            photo = files.first
            self.files = files
            self.sentAt = sentAt
        }

        enum CodingKeys: String, CodingKey {
            case id, conversationID = "conversation_id", senderID = "sender_id", text, photo, files, sentAt = "sent_at"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            conversationID = try container.decode(String.self, forKey: .conversationID)
            senderID = try container.decode(String.self, forKey: .senderID)
            text = try container.decode(String.self, forKey: .text)
            photo = try container.decodeIfPresent(String.self, forKey: .photo)
            files = try container.decodeIfPresent([String].self, forKey: .files) ?? photo.map { [$0] } ?? []
            sentAt = try container.decode(String.self, forKey: .sentAt)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(conversationID, forKey: .conversationID)
            try container.encode(senderID, forKey: .senderID)
            try container.encode(text, forKey: .text)
            try container.encode(photo, forKey: .photo)
            try container.encode(files, forKey: .files)
            try container.encode(sentAt, forKey: .sentAt)
        }
    }

    /// A conversation as one of its two people sees it.
    public struct Conversation: Codable, Sendable, Equatable {
        public var id: String
        /// The id of the conversation's web page (`/inbox/{web_id}`): links, notifications and
        /// pushes name the conversation by it, never by `id`, which is a lessons chat room's only
        /// key for the clients that join its socket without a credential.
        public var webID: String
        public var other: Person
        /// Nil for a conversation about nothing in particular.
        public var about: About?
        public var lastMessage: Message?
        public var unreadCount: Int
        /// Whether I blocked the other person.
        public var blocked: Bool
        public var updatedAt: String

        public init(id: String, webID: String, other: Person, about: About?, lastMessage: Message?, unreadCount: Int, blocked: Bool, updatedAt: String) {
            self.id = id
            self.webID = webID
            self.other = other
            self.about = about
            self.lastMessage = lastMessage
            self.unreadCount = unreadCount
            self.blocked = blocked
            self.updatedAt = updatedAt
        }

        enum CodingKeys: String, CodingKey {
            case id, webID = "web_id", other, about, lastMessage = "last_message", unreadCount = "unread_count", blocked, updatedAt = "updated_at"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(webID, forKey: .webID)
            try container.encode(other, forKey: .other)
            try container.encode(about, forKey: .about)
            try container.encode(lastMessage, forKey: .lastMessage)
            try container.encode(unreadCount, forKey: .unreadCount)
            try container.encode(blocked, forKey: .blocked)
            try container.encode(updatedAt, forKey: .updatedAt)
        }
    }

    /// Mine, most recent activity first; ask again with `before: nextBefore` for older ones.
    public struct Inbox: Codable, Sendable, Equatable {
        public var conversations: [Conversation]
        public var nextBefore: Int?

        public init(conversations: [Conversation], nextBefore: Int?) {
            self.conversations = conversations
            self.nextBefore = nextBefore
        }

        enum CodingKeys: String, CodingKey {
            case conversations, nextBefore = "next_before"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(conversations, forKey: .conversations)
            try container.encode(nextBefore, forKey: .nextBefore)
        }
    }

    /// Newest first; ask again with `before: nextBefore` for older ones.
    public struct MessagePage: Codable, Sendable, Equatable {
        public var messages: [Message]
        public var nextBefore: Int?

        public init(messages: [Message], nextBefore: Int?) {
            self.messages = messages
            self.nextBefore = nextBefore
        }

        enum CodingKeys: String, CodingKey {
            case messages, nextBefore = "next_before"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(messages, forKey: .messages)
            try container.encode(nextBefore, forKey: .nextBefore)
        }
    }

    /// The reader has read everything up to `readUpTo` (a message id).
    public struct ReadReceipt: Codable, Sendable, Equatable {
        public var conversationID: String
        public var readerID: String
        public var readUpTo: Int

        public init(conversationID: String, readerID: String, readUpTo: Int) {
            self.conversationID = conversationID
            self.readerID = readerID
            self.readUpTo = readUpTo
        }

        enum CodingKeys: String, CodingKey {
            case conversationID = "conversation_id", readerID = "reader_id", readUpTo = "read_up_to"
        }
    }

    /// `POST /api/conversations/{id}/report`: a reason of the report desk (`prohibited`, `fraud`,
    /// `spam`, `abusive`, `other`) and an optional note.
    public struct ReportRequest: Codable, Sendable, Equatable {
        public var reason: String
        public var note: String?

        public init(reason: String, note: String? = nil) {
            self.reason = reason
            self.note = note
        }
    }

    public struct ReportOutcome: Codable, Sendable, Equatable {
        /// False when I had reported this conversation before.
        public var filed: Bool
        public init(filed: Bool) { self.filed = filed }
    }

    /// `POST /api/blocks`.
    public struct BlockRequest: Codable, Sendable, Equatable {
        public var account: String
        public init(account: String) { self.account = account }
    }

    public struct BlockStatus: Codable, Sendable, Equatable {
        public var account: String
        public var blocked: Bool

        public init(account: String, blocked: Bool) {
            self.account = account
            self.blocked = blocked
        }
    }

    /// What the header's badges count.
    public struct Unread: Codable, Sendable, Equatable {
        public var messages: Int
        public var notifications: Int

        public init(messages: Int, notifications: Int) {
            self.messages = messages
            self.notifications = notifications
        }
    }
}
