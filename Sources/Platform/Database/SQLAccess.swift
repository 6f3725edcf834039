import Fluent
import SQLKit

extension Database {
    /// The handle as SQL, for queries Fluent's models make slow or cannot say. Sprout's stores,
    /// SQLite and PostgreSQL, are both SQL; were a handle not, its query fails with an error
    /// instead of a cast stopping the process.
    public func sql() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else { throw NotSQLDatabase() }
        return sql
    }
}

/// A query written in SQL met a database that is not SQL.
public struct NotSQLDatabase: Error {}

/// The id a database gave a row an `INSERT … RETURNING id` wrote.
struct InsertedRow: Decodable {
    let id: Int

    /// The id of `row`; a database that answered no row for an insert that did not fail is a
    /// fault of the database, not of the request.
    static func id(of row: InsertedRow?) throws -> Int {
        guard let row else { throw NoInsertedRow() }
        return row.id
    }
}

/// An `INSERT … RETURNING` answered no row.
struct NoInsertedRow: Error {}
