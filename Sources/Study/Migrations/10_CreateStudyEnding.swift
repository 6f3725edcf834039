import Fluent
import SQLKit

struct CreateStudyEnding: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(StudyEnding.schema)
            .field("id", .int, .identifier(auto: true))
            .field("uid", .string, .required, .references(StudyProfile.schema, "uid", onDelete: .cascade))
            .field("partner_uid", .string, .required)
            .field("partner_nick", .string, .required)
            .field("how", .string, .required)
            .field("ended_at", .datetime, .required)
            .field("reviewed", .bool, .required)
            .create()
        try await database.sql().create(index: "study_endings_pair").on(StudyEnding.schema).column("uid").column("partner_uid").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(StudyEnding.schema).delete()
    }
}
