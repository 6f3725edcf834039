import Fluent
import PlatformCore

extension Account {
    /// Whether the account `id` exists (a withdrawn one does not).
    public static func exists(_ id: String, on db: any Database) async throws -> Bool {
        try await RowExistence.exists(in: schema, where: "id", is: id, on: db)
    }
}
