import Fluent
import Foundation
import PlatformCore
import SproutAPI
import SQLKit

/// A person's accepted appointments on their calendar feed, from a month back: each as an hour at
/// its place with the other person's name. One that was accepted and then called off or replaced
/// by a new time stays as cancelled, so a subscribed calendar drops it.
struct AppointmentCalendar: CalendarSource {
    static let lookBack: TimeInterval = 31 * 86_400
    static let length: TimeInterval = 3600

    let clock: WallClock

    private struct Row: Decodable {
        let id: Int
        let starts_at: Date
        let place: String
        let state: String
        let updated_at: Date
        let web_id: String
        let first_member: String
        let second_member: String
    }

    func entries(of accountID: String, on db: any Database) async throws -> [CalendarEntry] {
        let rows = try await db.sql().raw("""
            SELECT a.id, a.starts_at, a.place, a.state, a.updated_at, c.web_id, c.first_member, c.second_member
            FROM conversation_members m
            JOIN conversation_appointments a ON a.conversation_id = m.conversation_id
            JOIN conversations c ON c.id = m.conversation_id
            WHERE m.account_id = \(bind: accountID) AND a.accepted_at IS NOT NULL AND a.starts_at >= \(bind: clock.now().addingTimeInterval(-Self.lookBack))
            ORDER BY a.starts_at LIMIT 500
            """).all(decoding: Row.self)
        guard !rows.isEmpty else { return [] }
        let others = Set(rows.map { $0.first_member == accountID ? $0.second_member : $0.first_member })
        let names = Dictionary(try await Account.query(on: db).filter(\.$id ~~ Array(others)).all().compactMap { account in
            account.id.map { ($0, account.displayName) }
        }) { first, _ in first }
        return rows.map { row in
            let other = row.first_member == accountID ? row.second_member : row.first_member
            return CalendarEntry(
                uid: "appointment-\(row.id)@sprout", title: "🤝 약속 · \(names[other] ?? "")", starts: row.starts_at, ends: row.starts_at.addingTimeInterval(Self.length),
                location: row.place, detail: nil, path: PlatformPaths.conversation.link(row.web_id),
                cancelled: row.state != Conversations.AppointmentState.accepted.rawValue, updated: row.updated_at
            )
        }
    }
}
