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

    /// The ids of a multi-row `INSERT … RETURNING id`, in the order its rows were listed. Neither
    /// database promises the order of the rows it answers, but both give the rows of one
    /// `VALUES` list increasing ids in the list's order (SQLite writes them one after another
    /// under its one writer; PostgreSQL takes each row's `nextval` in turn), so the ids sorted
    /// are the rows' ids in order.
    static func ids(of rows: [InsertedRow], rows count: Int) throws -> [Int] {
        guard rows.count == count else { throw NoInsertedRow() }
        return rows.map(\.id).sorted()
    }
}

/// An `INSERT … RETURNING` answered no row.
struct NoInsertedRow: Error {}
