import Fluent

/// A reported thing the console dealt with, up to which report: a later report opens it again.
struct CreateConsoleCaseClosures: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("console_case_closures")
            .field("id", .int, .identifier(auto: true))
            .field("app", .string, .required)
            .field("subject", .string, .required)
            .field("closed_up_to", .int, .required)
            .field("outcome", .string, .required)
            .field("owner_id", .string)
            .field("closed_at", .datetime, .required)
            .unique(on: "app", "subject", "closed_up_to")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("console_case_closures").delete()
    }
}
