import Fluent

struct CreateLessonsProfile: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let role = try await database.enum("lessons_role").case("teacher").case("student").create()
        try await database.schema("lessons_profiles")
            .field("account_id", .string, .identifier(auto: false), .references("accounts", "id", onDelete: .cascade))
            .field("nick", .string, .required)
            .field("phone_num", .string, .required)
            .field("birth_day", .string, .required)
            .field("profile_image", .string, .required)
            .field("role", role, .required)
            .unique(on: "nick")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("lessons_profiles").delete()
        try await database.enum("lessons_role").delete()
    }
}
