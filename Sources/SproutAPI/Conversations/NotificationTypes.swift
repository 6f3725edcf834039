import Foundation

/// Sprout's own notifications API (`/api/notifications`): what happened while a page was closed.
public enum Notifications {
    /// What a notification says happened; each can be turned off on the account page.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case message
        case productLiked = "product_liked"
        case tradeReview = "trade_review"
        /// A product I asked about was reserved for me, released, sold to me or to someone else.
        case tradeNews = "trade_news"
        /// A finished trade waits for my review.
        case reviewRequest = "review_request"
        /// A price offered for my product, or my offer accepted or declined.
        case priceOffer = "price_offer"
        case lessonBought = "lesson_bought"
        case lessonReview = "lesson_review"
        /// A session booked, moved or cancelled by the other side.
        case lessonBooking = "lesson_booking"
        /// A session tomorrow, or in an hour.
        case lessonReminder = "lesson_reminder"
        /// An enrolment ended and refunded.
        case lessonRefund = "lesson_refund"
        case studyRequest = "study_request"
        case studyMatch = "study_match"
        case studyChat = "study_chat"
        /// A new listing near me whose title has one of my keywords.
        case keywordAlert = "keyword_alert"
        /// An appointment proposed, accepted, declined or cancelled in a conversation.
        case appointment
        /// An accepted appointment in an hour.
        case appointmentReminder = "appointment_reminder"
        /// A report I made was handled, or something of mine was hidden or restored by the moderators.
        case moderation
    }

    public struct Item: Codable, Sendable, Equatable {
        public var id: Int
        public var app: String
        public var kind: String
        /// In the reader's language (`Accept-Language`, Korean by default).
        public var text: String
        /// Where it leads on the web app.
        public var link: String
        public var read: Bool
        public var createdAt: String

        public init(id: Int, app: String, kind: String, text: String, link: String, read: Bool, createdAt: String) {
            self.id = id
            self.app = app
            self.kind = kind
            self.text = text
            self.link = link
            self.read = read
            self.createdAt = createdAt
        }

        enum CodingKeys: String, CodingKey {
            case id, app, kind, text, link, read, createdAt = "created_at"
        }
    }

    /// Newest first; ask again with `before: nextBefore` for older ones.
    public struct Page: Codable, Sendable, Equatable {
        public var notifications: [Item]
        public var nextBefore: Int?

        public init(notifications: [Item], nextBefore: Int?) {
            self.notifications = notifications
            self.nextBefore = nextBefore
        }

        enum CodingKeys: String, CodingKey {
            case notifications, nextBefore = "next_before"
        }

        /// Writes `null` for the last page's cursor instead of leaving the key out.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(notifications, forKey: .notifications)
            try container.encode(nextBefore, forKey: .nextBefore)
        }
    }

    /// `POST /api/notifications/read`: everything, or everything up to `upTo` (an id).
    public struct ReadRequest: Codable, Sendable, Equatable {
        public var upTo: Int?
        public init(upTo: Int? = nil) { self.upTo = upTo }

        enum CodingKeys: String, CodingKey {
            case upTo = "up_to"
        }
    }

    public struct UnreadCount: Codable, Sendable, Equatable {
        public var unreadCount: Int
        public init(unreadCount: Int) { self.unreadCount = unreadCount }

        enum CodingKeys: String, CodingKey {
            case unreadCount = "unread_count"
        }
    }

    /// Which kinds reach me; `PUT /api/notifications/settings` with one kind changes that kind.
    public struct Setting: Codable, Sendable, Equatable {
        public var kind: String
        public var enabled: Bool

        public init(kind: String, enabled: Bool) {
            self.kind = kind
            self.enabled = enabled
        }
    }

    public struct Settings: Codable, Sendable, Equatable {
        public var kinds: [Setting]
        public init(kinds: [Setting]) { self.kinds = kinds }
    }
}

/// `GET /api/events`: one Server-Sent Events stream per signed-in client. Each event's `id:` is
/// what a reconnect sends back in `Last-Event-ID`; its `event:` is one of these names and its
/// `data:` the JSON named beside it.
public enum LiveEvents {
    public enum Name: String, Sendable, CaseIterable {
        /// `MessageEvent`.
        case message
        /// `Conversations.ReadReceipt`: someone read the conversation (the other side, or I on
        /// another device); `reader_id` says who.
        case read
        /// `Notifications.Item`.
        case notification
    }

    public struct MessageEvent: Codable, Sendable, Equatable {
        /// The conversation as the receiver of the event sees it.
        public var conversation: Conversations.Conversation
        public var message: Conversations.Message

        public init(conversation: Conversations.Conversation, message: Conversations.Message) {
            self.conversation = conversation
            self.message = message
        }
    }
}
