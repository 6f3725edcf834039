import Fluent

struct CreatePartnership: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("study_partnerships")
            .field("uid", .string, .identifier(auto: false), .references("study_profiles", "uid", onDelete: .cascade))
            .field("partner_uid", .string, .required)
            .field("partner_nick", .string, .required)
            .field("partner_dodged", .bool, .required)
            .field("partner_reviewed", .bool, .required)
            .field("matched_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("study_partnerships").delete()
    }
}
