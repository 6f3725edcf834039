import Platform
import PlatformCore

/// The reader's reads whose answers are kept in the reading `AnswerCache`, keyed by everything
/// they depend on besides the books, sessions and goals tables: the reader, what was asked and,
/// for the statistics, the day they are counted up to. Each is kept under its reader's counter.
enum ReadingRead: Hashable, Sendable {
    case library(accountID: String, shelf: Library.Shelf)
    case stats(accountID: String, year: Int?, month: Int?, today: String)

    /// Everything the library and the statistics read, each reader's rows under their own counter.
    static let group = ReadGroup("reading", .perAccount, tables: ["reading_books", "reading_sessions", "reading_goals", "reading_past_reads"])

    var accountID: String {
        switch self {
        case let .library(accountID, _), let .stats(accountID, _, _, _): accountID
        }
    }
}
