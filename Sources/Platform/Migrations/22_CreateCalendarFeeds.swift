import Fluent

/// Each account's calendar feed secret (`CalendarFeeds`): the feed's URL is the secret.
struct CreateCalendarFeeds: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("calendar_feeds")
            .field("account_id", .string, .identifier(auto: false), .references("accounts", "id", onDelete: .cascade))
            .field("secret", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "secret")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("calendar_feeds").delete()
    }
}
