import Fluent
import SQLKit

/// Appointments proposed in conversations (`Appointments`), with an index for each conversation's
/// list and one for the reminders' claim, which reads only the accepted ones.
struct CreateConversationAppointments: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("conversation_appointments")
            .field("id", .int, .identifier(auto: true))
            .field("conversation_id", .string, .required, .references("conversations", "id", onDelete: .cascade))
            .field("proposer_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("starts_at", .datetime, .required)
            .field("place", .string, .required)
            .field("state", .string, .required)
            .field("accepted_at", .datetime)
            .field("reminded", .bool, .required, .sql(.default(false)))
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX conversation_appointments_by_conversation ON conversation_appointments (conversation_id, id)").run()
        try await sql.raw("CREATE INDEX conversation_appointments_accepted ON conversation_appointments (starts_at) WHERE state = 'accepted'").run()
        // At most one proposal waits in a conversation: a new one replaces it in the same write.
        try await sql.raw("CREATE UNIQUE INDEX conversation_appointments_one_waiting ON conversation_appointments (conversation_id) WHERE state = 'proposed'").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("conversation_appointments").delete()
    }
}
