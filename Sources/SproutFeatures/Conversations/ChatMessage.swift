import Foundation
import SproutAPI
import SproutKit

/// One row of a conversation: a message the server stored, or one of mine on its way (or failed,
/// waiting for a retry). A row keeps its `id` when its message is stored, so the screen does not
/// redraw it.
public struct ChatMessage: Sendable, Equatable, Identifiable {
    public enum Delivery: Sendable, Equatable {
        case sending
        case sent
        /// Not stored; `ConversationViewModel.retryTapped(_:)` sends it again.
        case failed
    }

    /// `m<message id>` for a message loaded from the server, `local-<n>` for one written here.
    public let id: String
    /// The server's id once stored: the conversation's order.
    public internal(set) var messageID: Int?
    public internal(set) var text: String
    /// The stored photo's relative path, once sent.
    public internal(set) var photo: String?
    /// The photo being sent, shown from memory until it is stored.
    public internal(set) var upload: ImageUpload?
    /// ISO 8601, once stored.
    public internal(set) var sentAt: String?
    public let isMine: Bool
    public internal(set) var delivery: Delivery
    /// The order of rows not stored yet: after every stored one, in the order written.
    let sequence: Int

    init(stored message: Conversations.Message, isMine: Bool) {
        id = "m\(message.id)"
        messageID = message.id
        text = message.text
        photo = message.photo
        sentAt = message.sentAt
        self.isMine = isMine
        delivery = .sent
        sequence = 0
    }

    init(writing text: String, upload: ImageUpload?, sequence: Int) {
        id = "local-\(sequence)"
        self.text = text
        self.upload = upload
        isMine = true
        delivery = .sending
        self.sequence = sequence
    }

    mutating func settle(as message: Conversations.Message) {
        messageID = message.id
        text = message.text
        photo = message.photo
        sentAt = message.sentAt
        upload = nil
        delivery = .sent
    }

    static func inOrder(_ first: ChatMessage, _ second: ChatMessage) -> Bool {
        switch (first.messageID, second.messageID) {
        case let (a?, b?): a < b
        case (_?, nil): true
        case (nil, _?): false
        case (nil, nil): first.sequence < second.sequence
        }
    }
}
