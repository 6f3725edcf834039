import Fluent
import SQLKit

struct CreateStudyRequest: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("study_requests")
            .field("id", .int, .identifier(auto: true))
            .field("from_uid", .string, .required, .references("study_profiles", "uid", onDelete: .cascade))
            .field("to_uid", .string, .required, .references("study_profiles", "uid", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .unique(on: "from_uid", "to_uid")
            .create()
        // "Who asked me" is read on every search.
        try await database.sql().raw("CREATE INDEX study_requests_to ON study_requests (to_uid)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("study_requests").delete()
    }
}
