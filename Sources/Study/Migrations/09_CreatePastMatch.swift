import Fluent
import SQLKit

struct CreatePastMatch: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("study_past_matches")
            .field("id", .int, .identifier(auto: true))
            .field("uid", .string, .required, .references("study_profiles", "uid", onDelete: .cascade))
            .field("partner_uid", .string, .required)
            .field("matched_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "study_past_matches_pair").on(SQLIdentifier("study_past_matches")).column("uid").column("partner_uid").run()
        // The matches still open when this table arrived.
        try await sql.raw("INSERT INTO study_past_matches (uid, partner_uid, matched_at) SELECT uid, partner_uid, matched_at FROM study_partnerships").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("study_past_matches").delete()
    }
}
