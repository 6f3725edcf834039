import Fluent
import SQLKit

/// "Is there a row with this id?" in one plain query. Fluent's `find` decodes a whole model by
/// reflection, which the profile of the lessons routes showed as a fifth of a request when run for
/// the API key and the account on every call.
package enum RowExistence {
    private struct Found: Decodable {
        let found: Int
    }

    package static func exists(in table: String, where column: String, is value: String, on db: any Database) async throws -> Bool {
        let sql = try db.sql()
        return try await sql.raw("SELECT 1 AS found FROM \(ident: table) WHERE \(ident: column) = \(bind: value) LIMIT 1")
            .first(decoding: Found.self) != nil
    }
}
