import Fluent

struct CreateStudyReport: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("study_reports")
            .field("id", .int, .identifier(auto: true))
            .field("reporter_uid", .string, .required)
            .field("reported_uid", .string, .required, .references("study_profiles", "uid", onDelete: .cascade))
            .field("reasons", .array(of: .int), .required)
            .field("comment", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "reporter_uid", "reported_uid")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("study_reports").delete()
    }
}
