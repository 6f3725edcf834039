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
package struct InsertedRow: Decodable {
    let id: Int

    /// The ids of a multi-row `INSERT … RETURNING id` of `count` rows, in the order its rows
    /// were listed.
    package static func ids(of rows: [InsertedRow], rows count: Int) throws -> [Int] {
        try inListedOrder(rows, rows: count, id: \.id).map(\.id)
    }

    /// What a multi-row `INSERT … RETURNING` of `count` rows answered, in the order its rows were
    /// listed. Neither database promises the order of the rows it answers, but both give the rows
    /// of one `VALUES` list increasing ids in the list's order (SQLite writes them one after
    /// another under its one writer; PostgreSQL takes each row's `nextval` in turn), so the rows
    /// sorted by id are in the list's order. A database that answered fewer rows than an insert
    /// that did not fail wrote is a fault of the database, not of the request.
    package static func inListedOrder<Row>(_ rows: [Row], rows count: Int, id: (Row) -> Int) throws -> [Row] {
        guard rows.count == count else { throw NoInsertedRow() }
        return rows.sorted { id($0) < id($1) }
    }
}

/// An `INSERT … RETURNING` answered fewer rows than it wrote.
struct NoInsertedRow: Error {}
