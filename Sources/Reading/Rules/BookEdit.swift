import Foundation
import Platform
import SproutAPI

/// A new book or a change to one, checked field by field before anything is stored: every
/// string is bounded, every number in range, every date a real day. Violations are gathered so
/// one answer names them all.
struct BookEdit {
    private(set) var violations: [Reading.BookField: Reading.BookViolation] = [:]
    private let book: ReadingBook
    private let today: String

    init(_ book: ReadingBook, today: String) {
        self.book = book
        self.today = today
    }

    /// Fills a new book; `title` is required, everything else has a default.
    static func new(_ draft: Reading.NewBook, into book: ReadingBook, today: String) throws {
        var edit = BookEdit(book, today: today)
        book.isbn13 = nil
        if let isbn = draft.isbn13, !isbn.trimmingCharacters(in: .whitespaces).isEmpty {
            if isbn.count <= 32, let digits = Reading.BookRules.isbn13(isbn) {
                book.isbn13 = digits
            } else {
                edit.violations[.isbn13] = .invalidISBN
            }
        }
        edit.setText(.title, draft.title, maximum: Reading.BookRules.titleLength, required: true) { book.title = $0 }
        edit.setText(.author, draft.author ?? "", maximum: Reading.BookRules.authorLength) { book.author = $0 }
        edit.setText(.publisher, draft.publisher ?? "", maximum: Reading.BookRules.publisherLength) { book.publisher = $0 }
        edit.setText(.description, draft.description ?? "", maximum: Reading.BookRules.descriptionLength) { book.description = $0 }
        edit.setText(.category, draft.category ?? "", maximum: Reading.BookRules.categoryLength) { book.category = $0 }
        edit.setURL(.cover, draft.cover ?? "") { book.cover = $0 }
        edit.setURL(.link, draft.link ?? "") { book.link = $0 }
        edit.setNumber(.pages, draft.pages ?? 0, in: Reading.BookRules.pages) { book.pages = $0 }
        edit.setNumber(.rating, draft.rating ?? 0, in: Reading.BookRules.rating) { book.rating = $0 }
        book.status = Reading.BookStatus.toRead.rawValue
        book.startedOn = nil
        book.finishedOn = nil
        edit.setStatus(draft.status ?? .toRead, startedOn: draft.startedOn, finishedOn: draft.finishedOn)
        try edit.finish()
    }

    /// Applies the keys a PATCH sent.
    static func change(_ changes: Reading.BookChanges, of book: ReadingBook, today: String) throws {
        var edit = BookEdit(book, today: today)
        if let title = changes.title { edit.setText(.title, title, maximum: Reading.BookRules.titleLength, required: true) { book.title = $0 } }
        if let author = changes.author { edit.setText(.author, author, maximum: Reading.BookRules.authorLength) { book.author = $0 } }
        if let publisher = changes.publisher { edit.setText(.publisher, publisher, maximum: Reading.BookRules.publisherLength) { book.publisher = $0 } }
        if let description = changes.description { edit.setText(.description, description, maximum: Reading.BookRules.descriptionLength) { book.description = $0 } }
        if let category = changes.category { edit.setText(.category, category, maximum: Reading.BookRules.categoryLength) { book.category = $0 } }
        if let cover = changes.cover { edit.setURL(.cover, cover) { book.cover = $0 } }
        if let link = changes.link { edit.setURL(.link, link) { book.link = $0 } }
        if let pages = changes.pages { edit.setNumber(.pages, pages, in: Reading.BookRules.pages) { book.pages = $0 } }
        if let rating = changes.rating { edit.setNumber(.rating, rating, in: Reading.BookRules.rating) { book.rating = $0 } }
        if let status = changes.status {
            edit.setStatus(status, startedOn: changes.startedOn, finishedOn: changes.finishedOn)
        } else {
            if let started = changes.startedOn { edit.setDay(.startedOn, started) { book.startedOn = $0 } }
            if let finished = changes.finishedOn { edit.setDay(.finishedOn, finished) { book.finishedOn = $0 } }
        }
        try edit.finish()
    }

    /// The current reading's days as the reader corrects them (`PUT …/dates`, the book page's
    /// form): both replaced, nil or empty clearing one; each a real day and not after today, the
    /// finish not before the start. The status stays as it is.
    static func dates(_ dates: Reading.BookDates, of book: ReadingBook, today: String) throws {
        var edit = BookEdit(book, today: today)
        edit.setPastDay(.startedOn, dates.startedOn) { book.startedOn = $0 }
        edit.setPastDay(.finishedOn, dates.finishedOn) { book.finishedOn = $0 }
        try edit.finish()
    }

    /// A status with the dates the app keeps: starting to read (or re-read) starts today and
    /// clears an earlier finish; finishing finishes today; to-read has neither. Days sent with the
    /// status win; an empty string clears one.
    private mutating func setStatus(_ status: Reading.BookStatus, startedOn: String?, finishedOn: String?) {
        let book = book
        let previous = Reading.BookStatus(rawValue: book.status)
        book.status = status.rawValue
        switch status {
        case .toRead:
            book.startedOn = nil
            book.finishedOn = nil
        case .reading:
            if previous != .reading {
                book.startedOn = today
                book.finishedOn = nil
            }
        case .read:
            if previous != .read { book.finishedOn = today }
        }
        if let startedOn { setDay(.startedOn, startedOn) { book.startedOn = $0 } }
        if let finishedOn { setDay(.finishedOn, finishedOn) { book.finishedOn = $0 } }
    }

    private func finish() throws {
        var violations = violations
        if violations[.startedOn] == nil, violations[.finishedOn] == nil,
           let started = book.startedOn, let finished = book.finishedOn, finished < started {
            violations[.finishedOn] = .finishedBeforeStarted
        }
        guard violations.isEmpty else { throw ReadingError.invalid(violations) }
        book.titleKey = SearchKey.fold(book.title)
        book.searchKey = SearchKey.fold(book.title) + "\n" + SearchKey.fold(book.author)
        book.identity = book.isbn13.map { "isbn:" + $0 } ?? "title:" + book.titleKey + "\n" + SearchKey.fold(book.author)
    }

    private mutating func setText(_ field: Reading.BookField, _ text: String, maximum: Int, required: Bool = false, apply: (String) -> Void) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if required && trimmed.isEmpty {
            violations[field] = .required
        } else if trimmed.count > maximum {
            violations[field] = .tooLong(maximum: maximum)
        } else {
            apply(trimmed)
        }
    }

    private mutating func setURL(_ field: Reading.BookField, _ text: String, apply: (String) -> Void) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count > Reading.BookRules.urlLength {
            violations[field] = .tooLong(maximum: Reading.BookRules.urlLength)
        } else if !trimmed.isEmpty && !Reading.BookRules.isWebURL(trimmed) {
            violations[field] = .invalidURL
        } else {
            apply(trimmed)
        }
    }

    private mutating func setNumber(_ field: Reading.BookField, _ value: Int, in range: ClosedRange<Int>, apply: (Int) -> Void) {
        if range.contains(value) { apply(value) } else { violations[field] = .outOfRange(range) }
    }

    private mutating func setPastDay(_ field: Reading.BookField, _ text: String?, apply: (String?) -> Void) {
        guard let text, !text.isEmpty else { return apply(nil) }
        if !Reading.BookRules.isDay(text) {
            violations[field] = .invalidDate
        } else if text > today {
            violations[field] = .inFuture
        } else {
            apply(text)
        }
    }

    private mutating func setDay(_ field: Reading.BookField, _ text: String, apply: (String?) -> Void) {
        if text.isEmpty {
            apply(nil)
        } else if Reading.BookRules.isDay(text) {
            apply(text)
        } else {
            violations[field] = .invalidDate
        }
    }
}
