import Fluent
import SQLKit

/// Who a merging notification counts (`NotificationRecord.actors`), and an index to find the
/// account's latest notification of one kind about one thing.
struct AddNotificationActors: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("notifications").field("actors", .string).update()
        try await database.sql().raw("CREATE INDEX notifications_by_thing ON notifications (account_id, kind, link)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().raw("DROP INDEX notifications_by_thing").run()
        try await database.schema("notifications").deleteField("actors").update()
    }
}
