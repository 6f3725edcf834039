import Foundation
import Platform
import SproutAPI

/// Finds the book a row of an import names among the reader's books: by ISBN, then by title and
/// author. A row without an ISBN is the book on the shelf that has one (Goodreads leaves the ISBN
/// out for many editions), but two different ISBNs under one title are two editions, kept apart.
struct ImportMatch {
    private var byISBN: [String: ReadingBook] = [:]
    private var byTitle: [String: [ReadingBook]] = [:]

    init(_ books: [ReadingBook]) {
        for book in books { add(book) }
    }

    mutating func add(_ book: ReadingBook) {
        if let isbn = book.isbn13 { byISBN[isbn] = book }
        byTitle[Self.titleKey(book), default: []].append(book)
    }

    func book(for row: ReadingBook) -> ReadingBook? {
        if let isbn = row.isbn13, let book = byISBN[isbn] { return book }
        return byTitle[Self.titleKey(row)]?.first { $0.isbn13 == nil || row.isbn13 == nil }
    }

    /// The title without Goodreads' series note ("Dune (Dune, #1)" is "Dune"), folded, and the
    /// author folded.
    static func titleKey(_ book: ReadingBook) -> String {
        var title = SearchKey.fold(book.title)
        if title.hasSuffix(")"), let open = title.lastIndex(of: "("), title[open...].contains("#"), open > title.startIndex {
            title = String(title[..<open]).trimmingCharacters(in: .whitespaces)
        }
        return title + "\n" + SearchKey.fold(book.author)
    }
}

/// What a row brings to the book already on the shelf: only what the library lacks, so nothing the
/// reader set is overwritten. A shelf counts as lacking when the row's is further along (to-read,
/// then reading, then read).
enum ImportMerge {
    /// Fills `book` from `row` (a book the rules have checked) and names what it took by the file's
    /// columns; nothing when the row adds nothing.
    static func merge(_ row: ReadingBook, into book: ReadingBook, today: String) throws -> [String] {
        var columns: [String] = []
        var changes = Reading.BookChanges()
        if book.isbn13 == nil, let isbn = row.isbn13 {
            book.isbn13 = isbn
            columns.append("ISBN13")
        }
        if book.author.isEmpty && !row.author.isEmpty {
            changes.author = row.author
            columns.append("Author")
        }
        if book.publisher.isEmpty && !row.publisher.isEmpty {
            changes.publisher = row.publisher
            columns.append("Publisher")
        }
        if book.pages == 0 && row.pages > 0 {
            changes.pages = row.pages
            columns.append("Number of Pages")
        }
        if book.rating == 0 && row.rating > 0 {
            changes.rating = row.rating
            columns.append("My Rating")
        }
        let shelf = progress(row.status), current = progress(book.status)
        if shelf > current {
            // The row's days, or none: a day the file leaves out is not made up as today.
            changes.status = Reading.BookStatus(rawValue: row.status)
            let kept = book.startedOn.flatMap { started in row.finishedOn.map { started <= $0 } ?? true ? started : nil }
            changes.startedOn = row.startedOn ?? kept ?? ""
            changes.finishedOn = row.finishedOn ?? ""
            columns.append("Exclusive Shelf")
        } else if shelf == current {
            if book.startedOn == nil, let started = row.startedOn, book.finishedOn.map({ started <= $0 }) ?? true {
                changes.startedOn = started
                columns.append("Date Started")
            }
            if book.finishedOn == nil, let finished = row.finishedOn, (changes.startedOn ?? book.startedOn).map({ $0 <= finished }) ?? true {
                changes.finishedOn = finished
                columns.append("Date Read")
            }
        }
        // Applied as a change is, so the keys that find the book follow a new ISBN.
        try BookEdit.change(changes, of: book, today: today)
        return columns
    }

    private static func progress(_ status: String) -> Int {
        switch Reading.BookStatus(rawValue: status) ?? .toRead {
        case .toRead: 0
        case .reading: 1
        case .read: 2
        }
    }
}
