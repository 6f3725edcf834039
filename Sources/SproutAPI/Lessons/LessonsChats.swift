import Foundation

extension Lessons {
    /// A 1:1 chat room of the 2024 LSLP server (spec §2.6a): `POST /v1/chats`, `GET /v1/chats`.
    public struct ChatRoom: Codable, Sendable, Equatable {
        public var roomID: String
        public var createdAt: String
        public var updatedAt: String
        public var participants: [Person]
        /// Absent before the first chat.
        public var lastChat: Chat?

        public init(roomID: String, createdAt: String, updatedAt: String, participants: [Person], lastChat: Chat?) {
            self.roomID = roomID
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.participants = participants
            self.lastChat = lastChat
        }

        enum CodingKeys: String, CodingKey {
            case roomID = "room_id", createdAt, updatedAt, participants, lastChat
        }
    }

    /// One message in a room; also what the room's socket (`/chats-{room_id}`) emits as `chat`.
    public struct Chat: Codable, Sendable, Equatable {
        public var chatID: String
        public var roomID: String
        public var content: String
        /// Fixed-width ISO 8601 UTC with milliseconds and `Z`: clients sort the strings.
        public var createdAt: String
        public var sender: Person
        public var files: [String]

        public init(chatID: String, roomID: String, content: String, createdAt: String, sender: Person, files: [String]) {
            self.chatID = chatID
            self.roomID = roomID
            self.content = content
            self.createdAt = createdAt
            self.sender = sender
            self.files = files
        }

        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id", roomID = "room_id", content, createdAt, sender, files
        }
    }

    /// `{data: […]}`, the list envelope of the chat routes.
    public struct ChatList<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        public var data: [Item]
        public init(data: [Item]) { self.data = data }
    }

    /// `POST /v1/chats`
    public struct ChatRoomRequest: Codable, Sendable, Equatable {
        public var opponentID: String?
        public init(opponentID: String?) { self.opponentID = opponentID }

        enum CodingKeys: String, CodingKey {
            case opponentID = "opponent_id"
        }
    }

    /// `POST /v1/chats/{room_id}`: text, or paths from `POST /v1/chats/{room_id}/files`, or both.
    public struct ChatRequest: Codable, Sendable, Equatable {
        public var content: String?
        public var files: [String]?

        public init(content: String?, files: [String]?) {
            self.content = content
            self.files = files
        }
    }
}
