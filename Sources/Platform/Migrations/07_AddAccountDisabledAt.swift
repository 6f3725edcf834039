import Fluent

struct AddAccountDisabledAt: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("accounts").field("disabled_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("accounts").deleteField("disabled_at").update()
    }
}
