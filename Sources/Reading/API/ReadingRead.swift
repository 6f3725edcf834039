/// The reader's reads whose answers are kept in the reading `AnswerCache`, keyed by everything
/// they depend on besides the books, sessions and goals tables: the reader, what was asked and,
/// for the statistics, the day they are counted up to. Each is kept under its reader's counter.
enum ReadingRead: Hashable, Sendable {
    case library(accountID: String, shelf: Library.Shelf)
    case stats(accountID: String, year: Int?, month: Int?, today: String)

    var accountID: String {
        switch self {
        case let .library(accountID, _), let .stats(accountID, _, _, _): accountID
        }
    }
}
