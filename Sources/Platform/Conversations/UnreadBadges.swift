import Fluent
import SproutAPI
import SQLKit

/// What the header's badges count: unread messages across my conversations (but those the
/// operator removed) and unread notifications, in one query for every page a signed-in person opens.
enum UnreadBadges {
    private struct Counts: Decodable {
        let messages: Int
        let notifications: Int
    }

    static func count(of accountID: String, on db: any Database) async throws -> Conversations.Unread {
        let counts = try await db.sql().raw("""
            SELECT
              (SELECT COUNT(*) FROM conversation_members m
                 JOIN conversation_messages x ON x.conversation_id = m.conversation_id AND x.id > m.read_up_to AND x.sender_id <> m.account_id
                   AND x.removed_at IS NULL
                 WHERE m.account_id = \(bind: accountID)) AS messages,
              (SELECT COUNT(*) FROM notifications WHERE account_id = \(bind: accountID) AND read = \(bind: false)) AS notifications
            """).first(decoding: Counts.self)
        return Conversations.Unread(messages: counts?.messages ?? 0, notifications: counts?.notifications ?? 0)
    }
}
