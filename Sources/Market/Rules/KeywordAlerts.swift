import Fluent
import FluentSQL
import Foundation
import Platform
import PlatformCore
import SproutAPI
import SQLKit
import Vapor

/// 키워드 알림: a person keeps up to 30 words, and hears once of each new product whose name holds
/// one of them, listed within their range of their current 동 by someone else. Alerts about one
/// word merge while unread ("‘자전거’ 새 글 3개"), through the notifications' own merging.
struct KeywordAlerts: Sendable {
    let places: Neighbourhoods
    let notifications: AccountNotifications
    let clock: WallClock
    private let logger = Logger(label: "sprout.market.keywords")

    init(places: Neighbourhoods, notifications: AccountNotifications, clock: WallClock) {
        self.places = places
        self.notifications = notifications
        self.clock = clock
    }

    static let maximum = 30
    static let maximumLength = 20

    /// Mine, oldest first.
    func keywords(of accountID: String, on db: any Database) async throws -> [AlertKeyword] {
        try await AlertKeyword.query(on: db).filter(\.$accountID == accountID).sort(\.$id).all()
    }

    /// Adds a keyword; one I have already stays as it is.
    func add(_ keyword: String, for accountID: String, on db: any Database) async throws -> [AlertKeyword] {
        guard let keyword = Self.normalised(keyword) else { throw KeywordError.invalid(maximumLength: Self.maximumLength) }
        let now = clock.now()
        try await db.writeTransaction { db in
            _ = try await Account.findLocked(accountID, idColumn: "id", on: db)
            let mine = try await keywords(of: accountID, on: db)
            guard !mine.contains(where: { $0.keyword == keyword }) else { return }
            guard mine.count < Self.maximum else { throw KeywordError.tooMany(maximum: Self.maximum) }
            try await AlertKeyword(accountID: accountID, keyword: keyword, createdAt: now).create(on: db)
        }
        return try await keywords(of: accountID, on: db)
    }

    func remove(_ keyword: String, for accountID: String, on db: any Database) async throws -> [AlertKeyword] {
        guard let keyword = Self.normalised(keyword),
              let found = try await AlertKeyword.query(on: db).filter(\.$accountID == accountID).filter(\.$keyword == keyword).first()
        else { throw KeywordError.notFound }
        try await found.delete(on: db)
        return try await keywords(of: accountID, on: db)
    }

    /// Marks read what I was told about `keyword` (a kept one): I am looking at what it found.
    func seen(_ keyword: String, by accountID: String, on db: any Database) async throws {
        try await notifications.markRead(of: accountID, kind: .keywordAlert, link: MarketPaths.keywordAlerts(for: keyword), on: db)
    }

    /// A keyword as it is kept and matched: trimmed, lowercased, 1 to `maximumLength` characters,
    /// without control characters; nil for anything else.
    static func normalised(_ keyword: String) -> String? {
        let trimmed = keyword.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard (1...maximumLength).contains(trimmed.count),
              !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        return trimmed
    }

    /// Tells everyone whose keyword the new product's name holds and whose range of their current
    /// 동 reaches the product's 동, except its seller. A failure is logged and swallowed: the
    /// listing stands whether or not anyone heard of it.
    func productListed(_ product: Product, sellerAccountID: String, on db: any Database) async {
        guard let productID = product.id, let place = places.place(product.dongCode) else { return }
        let title = product.name
        do {
            for (accountID, keyword) in try await recipients(of: title, at: place, except: sellerAccountID, on: db) {
                try await notifications.notify(accountID, app: "market", kind: .keywordAlert, link: MarketPaths.keywordAlerts(for: keyword),
                                               by: String(productID), text: { count in Self.text(keyword: keyword, title: title, count: count) },
                                               on: db)
            }
        } catch {
            logger.warning("keyword alerts not delivered", metadata: ["error": .string(String(describing: type(of: error)))])
        }
    }

    /// "‘자전거’ 새 글: 삼천리 자전거 팝니다", then "‘자전거’ 새 글 3개" once several are merged.
    static func text(keyword: String, title: String, count: Int) -> AccountNotifications.Text {
        guard count > 1 else {
            let shown = title.count > 30 ? String(title.prefix(30)) + "…" : title
            return .init(ko: "‘\(keyword)’ 새 글: \(shown)", en: "New for ‘\(keyword)’: \(shown)")
        }
        return .init(ko: "‘\(keyword)’ 새 글 \(count)개", en: "\(count) new listings for ‘\(keyword)’")
    }

    /// Each person to tell, with the one keyword of theirs to tell them by. The database matches
    /// the keywords (of the people whose 동 lies within the widest range), so a popular market
    /// never loads every keyword to compare; each one's own range then decides.
    private func recipients(of name: String, at place: Neighbourhoods.Place, except seller: String,
                            on db: any Database) async throws -> [(accountID: String, keyword: String)] {
        let around = Dictionary(places.around(place, within: NeighbourhoodRange.widest).map { ($0.place.code, $0.distance) }) { first, _ in first }
        let sql = try db.sql()
        let contains = sql.dialect.name == "sqlite" ? "instr" : "strpos"
        struct Match: Decodable {
            let account_id: String
            let keyword: String
            let dong_code: String
            let range: String
        }
        let matches = try await sql.raw("""
            SELECT n.account_id, MIN(k.keyword) AS keyword, n.dong_code, n."range"
            FROM market_neighbourhoods n JOIN market_keywords k ON k.account_id = n.account_id
            WHERE n."current" = \(bind: true) AND n.dong_code IN (\(binds: Array(around.keys))) AND n.account_id <> \(bind: seller)
              AND \(unsafeRaw: contains)(\(bind: name.lowercased()), k.keyword) > 0
            GROUP BY n.account_id, n.dong_code, n."range"
            """).all(decoding: Match.self)
        return matches.compactMap { match -> (accountID: String, keyword: String)? in
            guard let distance = around[match.dong_code], distance <= (NeighbourhoodRange(rawValue: match.range) ?? .standard).radius else { return nil }
            return (match.account_id, match.keyword)
        }
    }
}
