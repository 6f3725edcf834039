import SproutAPI

/// Why a reading request was refused; the API maps each case to a status once
/// (`ReadingErrorMiddleware`, API/ReadingErrorMapping.swift), the pages once (`ReadingPageErrors`).
enum ReadingError: Error, Equatable {
    /// No such book in this reader's library (another reader's book is not found either).
    case bookNotFound
    /// The book is already in the library, as `existingID`.
    case duplicate(existingID: String)
    case invalid([Reading.BookField: Reading.BookViolation])
    /// Goals outside their ranges.
    case invalidGoals([Reading.GoalField: ClosedRange<Int>])
    /// A query parameter that cannot be read (an unknown sort, a year out of range).
    case badQuery(String)
    /// Start while a timer exists: the account has one timer, here timing `bookTitle`.
    case timerBusy(bookTitle: String)
    /// The action needs a timer in another state (pause an idle one, resume a running one).
    case timerNot(Reading.TimerState)
    /// No such memo on this book of the reader's.
    case memoNotFound
    case invalidMemo(Reading.MemoViolation)
    case invalidProgress(Reading.ProgressViolation)
    /// Reading again a book that is not finished (only a book on the read shelf starts over).
    case notFinished
    /// Not a Goodreads export at all; nothing was imported.
    case unreadableImport(GoodreadsCSV.FileError)
    /// Another device added one of the file's books while it was being taken; nothing was imported.
    case libraryChangedDuringImport
    /// No such list, or no book with that ISBN in the catalogue.
    case catalogBookNotFound
    /// The outside catalogue failed, or its daily quota is spent until `retryAfter` seconds pass.
    case catalogueUnavailable(retryAfter: Int?)
}

extension GoodreadsCSV {
    /// Why a file is not a Goodreads export at all.
    enum FileError: Error, Equatable {
        case notCSV
        case noTitleColumn
        case tooManyRows(maximum: Int)
    }
}
