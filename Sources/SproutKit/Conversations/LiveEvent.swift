import Foundation
import SproutAPI

/// One event of `GET /api/events`, decoded into its wire type.
public enum LiveEvent: Sendable, Equatable {
    /// A message in one of my conversations, mine or theirs, with the conversation as I see it now.
    case message(LiveEvents.MessageEvent)
    /// Someone read a conversation up to a message: the other side (my messages are read), or me
    /// on another device.
    case read(Conversations.ReadReceipt)
    case notification(Notifications.Item)

    /// The typed event of `event`; nil for a name this client does not know (a newer server's) or
    /// data it cannot read, which a client skips rather than stop listening.
    public init?(_ event: ServerSentEvent) {
        let decoder = JSONDecoder()
        let data = Data(event.data.utf8)
        switch LiveEvents.Name(rawValue: event.type) {
        case .message?:
            guard let message = try? decoder.decode(LiveEvents.MessageEvent.self, from: data) else { return nil }
            self = .message(message)
        case .read?:
            guard let receipt = try? decoder.decode(Conversations.ReadReceipt.self, from: data) else { return nil }
            self = .read(receipt)
        case .notification?:
            guard let item = try? decoder.decode(Notifications.Item.self, from: data) else { return nil }
            self = .notification(item)
        case nil:
            return nil
        }
    }
}
