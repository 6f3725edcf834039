import Fluent

/// Every moderation action, appended and never changed: who (an operator's account, or the
/// command line), when, what and why.
struct CreateConsoleAudit: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("console_audit")
            .field("id", .int, .identifier(auto: true))
            .field("operator_id", .string)
            .field("operator_name", .string, .required)
            .field("action", .string, .required)
            .field("app", .string, .required)
            .field("kind", .string, .required)
            .field("subject", .string, .required)
            .field("account_id", .string)
            .field("reason", .string, .required)
            .field("at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("console_audit").delete()
    }
}
