import Fluent
import Foundation
import SQLKit

/// How many new conversations with strangers (people it has never talked with) one account may
/// start in an hour: one account wrote to 149 strangers in 7.5 s. An account in its first day,
/// which a spammer makes by the dozen, gets fewer. 0 turns a limit off.
public struct ConversationLimits: Sendable, Equatable {
    public var perHour: Int
    public var perHourInFirstDay: Int

    public init(perHour: Int, perHourInFirstDay: Int) {
        self.perHour = perHour
        self.perHourInFirstDay = perHourInFirstDay
    }

    public static let off = ConversationLimits(perHour: 0, perHourInFirstDay: 0)
    /// `SPROUT_CONVERSATION_LIMIT` and `SPROUT_CONVERSATION_LIMIT_NEW` unless set.
    public static let standard = ConversationLimits(perHour: 30, perHourInFirstDay: 5)
}

extension Messenger {
    /// Refuses a new conversation of `me` with `other` when `other` is a stranger to `me` and
    /// `me` started its hour's allowance of conversations already: a 429 that says when the
    /// oldest of them leaves the hour.
    func admitNewConversation(by me: String, with other: String, on db: any Database) async throws {
        guard limits != .off, let account = try await Account.find(me, on: db) else { return }
        let now = clock.now()
        let limit = now.timeIntervalSince(account.createdAt) < 86_400 ? limits.perHourInFirstDay : limits.perHour
        guard limit > 0, try await !haveTalked(me, other, on: db) else { return }
        let started = try await ConversationRecord.query(on: db).filter(\.$startedBy == me).filter(\.$createdAt > now.addingTimeInterval(-3600))
            .sort(\.$createdAt, .descending).limit(limit).all(\.$createdAt)
        guard started.count >= limit, let oldest = started.last else { return }
        throw TooManyRequests(retryAfter: max(1, Int(oldest.addingTimeInterval(3600).timeIntervalSince(now).rounded(.up))))
    }

    /// Whether the two have a conversation about anything.
    private func haveTalked(_ one: String, _ other: String, on db: any Database) async throws -> Bool {
        try await db.sql().raw("""
            SELECT 1 AS talked FROM \(ident: ConversationMember.schema) mine
            JOIN \(ident: ConversationMember.schema) theirs ON theirs.conversation_id = mine.conversation_id
            WHERE mine.account_id = \(bind: one) AND theirs.account_id = \(bind: other) LIMIT 1
            """).first() != nil
    }
}
