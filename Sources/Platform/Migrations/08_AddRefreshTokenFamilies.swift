import Fluent

struct AddRefreshTokenFamilies: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite's ALTER TABLE adds one at a time.
        try await database.schema("refresh_tokens").field("family_id", .string).update()
        try await database.schema("refresh_tokens").field("replaced_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("refresh_tokens").deleteField("replaced_at").update()
        try await database.schema("refresh_tokens").deleteField("family_id").update()
    }
}
