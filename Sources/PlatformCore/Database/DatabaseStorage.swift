/// Where Sprout keeps its data: one SQLite file, or a PostgreSQL database that several
/// instances share.
public enum DatabaseStorage: Sendable, Equatable {
    case sqlite(path: String)
    case postgres(url: String)

    /// The SQLite file; nil on PostgreSQL.
    public var sqlitePath: String? {
        if case let .sqlite(path) = self { path } else { nil }
    }
}
