import Fluent

/// Ties each sandbox payment to its buyer and lesson, so nobody else can validate it.
struct AddSandboxPaymentOwner: AsyncMigration {
    // One column a statement: SQLite's ALTER TABLE adds one at a time.
    func prepare(on database: any Database) async throws {
        try await database.schema(SandboxPayment.schema).field("buyer_id", .string).update()
        try await database.schema(SandboxPayment.schema).field("post_id", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SandboxPayment.schema).deleteField("post_id").update()
        try await database.schema(SandboxPayment.schema).deleteField("buyer_id").update()
    }
}
