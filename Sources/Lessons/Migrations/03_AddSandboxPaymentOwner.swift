import Fluent

/// Ties each sandbox payment to its buyer and lesson, so nobody else can validate it.
struct AddSandboxPaymentOwner: AsyncMigration {
    // One column a statement: SQLite's ALTER TABLE adds one at a time.
    func prepare(on database: any Database) async throws {
        try await database.schema("lessons_sandbox_payments").field("buyer_id", .string).update()
        try await database.schema("lessons_sandbox_payments").field("post_id", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("lessons_sandbox_payments").deleteField("post_id").update()
        try await database.schema("lessons_sandbox_payments").deleteField("buyer_id").update()
    }
}
