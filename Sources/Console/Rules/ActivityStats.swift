import Fluent
import FluentSQL
import Foundation
import Platform
import PlatformCore

/// The console's page at a glance: sign-ups, messages and reports per Seoul day over the last 30
/// days, and the accounts that opened the most conversations in the last hour, which is what a
/// spammer writing to strangers looks like. Counted in the database, one scan per table; the
/// console reads the platform's tables here, as an operator's view over all of them.
struct ActivityStats: Sendable {
    struct Day: Sendable, Equatable {
        /// Seoul midnight.
        let start: Date
        let signUps: Int
        let messages: Int
        let reports: Int
    }

    struct Opener: Sendable, Equatable {
        let accountID: String
        let name: String
        let conversations: Int
    }

    static let days = 30
    static let openerWindow: TimeInterval = 3600
    static let openersShown = 10

    let clock: WallClock

    func lastDays(on db: any Database) async throws -> [Day] {
        let now = clock.now()
        let today = SeoulTime.parse(SeoulTime.isoDay(now), dateOnly: true) ?? now
        let starts = (0..<Self.days).map { today.addingTimeInterval(-86_400 * Double(Self.days - 1 - $0)) }
        let sql = try db.sql()
        async let signUps = perDay(starts, table: "accounts", column: "created_at", on: sql)
        async let messages = perDay(starts, table: "conversation_messages", column: "sent_at", on: sql)
        async let reports = perDay(starts, table: "reports", column: "created_at", on: sql)
        let (s, m, r) = try await (signUps, messages, reports)
        return starts.indices.map { Day(start: starts[$0], signUps: s[$0], messages: m[$0], reports: r[$0]) }
    }

    func busiestOpeners(on db: any Database) async throws -> [Opener] {
        let since = clock.now().addingTimeInterval(-Self.openerWindow)
        let rows = try await db.sql().raw("""
            SELECT started_by, COUNT(*) AS opened FROM conversations WHERE created_at >= \(bind: since)
            GROUP BY started_by ORDER BY opened DESC, started_by LIMIT \(literal: Self.openersShown)
            """).all()
        let counts = try rows.map { (try $0.decode(column: "started_by", as: String.self), try $0.decode(column: "opened", as: Int.self)) }
        let names = try await Account.query(on: db).filter(\.$id ~~ counts.map(\.0)).all()
            .reduce(into: [String: String]()) { names, account in names[account.id ?? ""] = account.displayName }
        return counts.map { Opener(accountID: $0.0, name: names[$0.0] ?? "", conversations: $0.1) }
    }

    /// One count per day, in one scan of the rows since the first day.
    private func perDay(_ starts: [Date], table: String, column: String, on sql: any SQLDatabase) async throws -> [Int] {
        guard let first = starts.first else { return [] }
        var query = SQLQueryString("SELECT ")
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : start.addingTimeInterval(86_400)
            if index > 0 { query.appendLiteral(", ") }
            query.appendInterpolation(unsafeRaw: "SUM(CASE WHEN \(column) >= ")
            query.appendInterpolation(bind: start)
            query.appendInterpolation(unsafeRaw: " AND \(column) < ")
            query.appendInterpolation(bind: end)
            query.appendInterpolation(unsafeRaw: " THEN 1 ELSE 0 END) AS d\(index)")
        }
        query.appendInterpolation(unsafeRaw: " FROM \(table) WHERE \(column) >= ")
        query.appendInterpolation(bind: first)
        guard let row = try await sql.raw(query).first() else { return starts.map { _ in 0 } }
        return try starts.indices.map { try row.decode(column: "d\($0)", as: Int?.self) ?? 0 }
    }
}
