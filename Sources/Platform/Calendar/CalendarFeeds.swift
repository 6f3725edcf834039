import Fluent
import Foundation
import PlatformCore
import SproutAPI

/// A person's sessions and appointments as an iCalendar feed (`/api/calendar/{secret}.ics`) that
/// Google's and Apple's calendars subscribe to. They send no credentials, so the URL is the
/// secret; resetting it makes the old URL answer 404.
public struct CalendarFeeds: Sendable {
    public let sources: CalendarSources
    let ids: IdentifierGenerator
    let clock: WallClock

    public init(ids: IdentifierGenerator, clock: WallClock) {
        sources = CalendarSources()
        self.ids = ids
        self.clock = clock
    }

    /// Where `accountID`'s feed is, made the first time it is asked for.
    public func location(of accountID: String, baseURL: String, on db: any Database) async throws -> CalendarFeed.Location {
        if let feed = try await CalendarFeedRecord.find(accountID, on: db) { return Self.location(feed.secret, baseURL: baseURL) }
        let feed = CalendarFeedRecord(accountID: accountID, secret: ids.token(), createdAt: clock.now())
        do {
            try await feed.create(on: db)
        } catch {
            // Asked twice at once: the other request's secret is the feed's.
            guard (error as? any DatabaseError)?.isConstraintFailure == true, let made = try await CalendarFeedRecord.find(accountID, on: db) else { throw error }
            return Self.location(made.secret, baseURL: baseURL)
        }
        return Self.location(feed.secret, baseURL: baseURL)
    }

    public func reset(of accountID: String, baseURL: String, on db: any Database) async throws -> CalendarFeed.Location {
        try await CalendarFeedRecord.query(on: db).filter(\.$id == accountID).delete()
        return try await location(of: accountID, baseURL: baseURL, on: db)
    }

    /// The feed the secret opens; nil for a secret nobody holds (any more).
    func feed(secret: String, baseURL: String, on db: any Database) async throws -> String? {
        guard !secret.isEmpty, secret.utf8.count <= 64,
              let feed = try await CalendarFeedRecord.query(on: db).filter(\.$secret == secret).first(), let accountID = feed.id
        else { return nil }
        let name = try await Account.find(accountID, on: db)?.displayName ?? ""
        let entries = try await sources.entries(of: accountID, on: db)
        return ICalendarText(name: name.isEmpty ? "Sprout" : "Sprout · \(name)", baseURL: baseURL, stamp: clock.now()).document(entries)
    }

    static func location(_ secret: String, baseURL: String) -> CalendarFeed.Location {
        let url = "\(baseURL)/\(CalendarFeed.Routes.feed.path(secret + ".ics"))"
        let webcal = "webcal://" + (url.split(separator: "://", maxSplits: 1).last.map(String.init) ?? url)
        return CalendarFeed.Location(url: url, webcal: webcal)
    }
}

final class CalendarFeedRecord: Model, @unchecked Sendable {
    static let schema = "calendar_feeds"

    @ID(custom: "account_id", generatedBy: .user) var id: String?
    @Field(key: "secret") var secret: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(accountID: String, secret: String, createdAt: Date) {
        id = accountID
        self.secret = secret
        self.createdAt = createdAt
    }
}
