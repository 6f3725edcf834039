import Fluent
import Foundation

/// That `uid` was matched with `partnerUID` at some point: a report counts towards barring
/// someone from the queue only from a person who studied with them (issue 29), and partnerships
/// are gone once a study ends. One row per side of every match.
final class PastMatch: Model, @unchecked Sendable {
    static let schema = "study_past_matches"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "uid") var uid: String
    @Field(key: "partner_uid") var partnerUID: String
    @Field(key: "matched_at") var matchedAt: Date

    init() {}

    init(uid: String, partnerUID: String, matchedAt: Date) {
        self.uid = uid
        self.partnerUID = partnerUID
        self.matchedAt = matchedAt
    }
}

struct CreatePastMatch: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PastMatch.schema)
            .field("id", .int, .identifier(auto: true))
            .field("uid", .string, .required, .references(StudyProfile.schema, "uid", onDelete: .cascade))
            .field("partner_uid", .string, .required)
            .field("matched_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "study_past_matches_pair").on(PastMatch.schema).column("uid").column("partner_uid").run()
        // The matches still open when this table arrived.
        try await sql.raw("INSERT INTO study_past_matches (uid, partner_uid, matched_at) SELECT uid, partner_uid, matched_at FROM study_partnerships").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PastMatch.schema).delete()
    }
}
