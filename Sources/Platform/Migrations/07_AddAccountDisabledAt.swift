import Fluent

struct AddAccountDisabledAt: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Account.schema).field("disabled_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Account.schema).deleteField("disabled_at").update()
    }
}
