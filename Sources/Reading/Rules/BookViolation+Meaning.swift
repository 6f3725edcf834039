import SproutAPI

extension Reading.BookViolation {
    /// What is wrong, in the words that follow the field's name in an answer or an import report.
    var meaning: String {
        switch self {
        case .required: "required"
        case let .tooLong(maximum): "at most \(maximum) characters"
        case let .outOfRange(range): "must be \(range.lowerBound) to \(range.upperBound)"
        case .invalidISBN: "not a valid ISBN-13"
        case .invalidURL: "not an http(s) URL"
        case .invalidDate: "not a day written yyyy-MM-dd"
        case .finishedBeforeStarted: "before the day reading started"
        case .inFuture: "after today"
        }
    }
}
