import Fluent

struct CreateStudyProfile: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("study_profiles")
            .field("uid", .string, .identifier(auto: false))
            .field("object_id", .string, .required)
            .field("phone_number", .string, .required)
            .field("email", .string, .required)
            .field("fcm_token", .string, .required)
            .field("nick", .string, .required)
            .field("birth", .datetime, .required)
            .field("gender", .int, .required)
            .field("study", .string, .required)
            .field("comments", .array(of: .string), .required)
            .field("reputation", .array(of: .int), .required)
            .field("sesac", .int, .required)
            .field("sesac_collection", .array(of: .int), .required)
            .field("background", .int, .required)
            .field("background_collection", .array(of: .int), .required)
            .field("purchase_tokens", .array(of: .string), .required)
            .field("transaction_ids", .array(of: .string), .required)
            .field("reviewed_before", .array(of: .string), .required)
            .field("reported_num", .int, .required)
            .field("reported_users", .array(of: .string), .required)
            .field("dodge_penalty", .int, .required)
            .field("dodge_num", .int, .required)
            .field("recent_dodges", .int, .required)
            .field("last_dodge_at", .datetime)
            .field("penalty_until", .datetime)
            .field("age_min", .int, .required)
            .field("age_max", .int, .required)
            .field("searchable", .int, .required)
            .field("version", .int, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "object_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("study_profiles").delete()
    }
}
