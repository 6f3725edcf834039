import Fluent
import SQLKit

struct CreateStudyEnding: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("study_endings")
            .field("id", .int, .identifier(auto: true))
            .field("uid", .string, .required, .references("study_profiles", "uid", onDelete: .cascade))
            .field("partner_uid", .string, .required)
            .field("partner_nick", .string, .required)
            .field("how", .string, .required)
            .field("ended_at", .datetime, .required)
            .field("reviewed", .bool, .required)
            .create()
        try await database.sql().create(index: "study_endings_pair").on(SQLIdentifier("study_endings")).column("uid").column("partner_uid").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("study_endings").delete()
    }
}
