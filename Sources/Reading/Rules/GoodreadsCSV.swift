import CSV
import Foundation
import SproutAPI

/// Goodreads' library export (My Books → Import and export), the CSV that StoryGraph, BookWyrm and
/// most reading apps read and write. Its quirks: ISBN cells written as spreadsheet formulas
/// (`="9780441172719"`, `=""` when there is none), days written `2024/03/15`, the status as the
/// "Exclusive Shelf" (`read`, `currently-reading`, `to-read`, or a shelf the reader made), ratings
/// 0 to 5 where 0 means none, and reviews in HTML with `<br/>` for line breaks. Columns are found by
/// their header, so a file with more, fewer or reordered columns reads the same.
enum GoodreadsCSV {
    /// Goodreads' columns in its order, and "Date Started", which Goodreads leaves out and Sprout
    /// adds at the end so a round trip keeps when a book was begun.
    static let columns = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
        "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
        "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
        "Spoiler", "Private Notes", "Read Count", "Owned Copies", "Date Started",
    ]

    /// One data row, read into what the library takes.
    struct Row: Sendable {
        let number: Int
        let book: Reading.NewBook
        /// `yyyy-MM-dd`, when the row says.
        let addedOn: String?
        let review: String?
        /// Values no `NewBook` field can hold, named by their column.
        let unreadable: [String]

        var title: String { book.title }
    }

    static func read(_ text: String) throws(FileError) -> [Row] {
        // No text file holds a NUL; no database column could keep one.
        guard !text.utf8.contains(0), isWellQuoted(text) else { throw .notCSV }
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, hasHeaderRow: true)
        } catch {
            throw .notCSV
        }
        guard let header = reader.headerRow?.map({ $0.trimmingCharacters(in: .whitespaces) }) else { throw .notCSV }
        guard header.contains("Title") else { throw .noTitleColumn }
        var rows: [Row] = []
        while let cells = reader.next() {
            if cells.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            guard rows.count < Reading.ImportRules.rows else { throw .tooManyRows(maximum: Reading.ImportRules.rows) }
            var named: [String: String] = [:]
            for (column, cell) in zip(header, cells) where named[column] == nil {
                named[column] = cell
            }
            rows.append(row(rows.count + 1, named))
        }
        guard reader.error == nil else { throw .notCSV }
        return rows
    }

    private static func row(_ index: Int, _ cells: [String: String]) -> Row {
        func cell(_ column: String) -> String {
            unneutralised(formulaValue(cells[column] ?? "")).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var unreadable: [String] = []
        func number(_ column: String) -> Int? {
            let text = cell(column)
            guard !text.isEmpty else { return nil }
            guard text.count <= 9, let value = Int(text) else {
                unreadable.append("\(column): not a whole number")
                return nil
            }
            return value
        }
        let dateRead = day(cell("Date Read"))
        let dateStarted = day(cell("Date Started"))
        let shelf = status(shelf: cell("Exclusive Shelf"), shelves: cell("Bookshelves"), read: !dateRead.isEmpty)
        let isbn = cell("ISBN13").isEmpty ? isbn13(fromISBN10: cell("ISBN")) : cell("ISBN13")
        let added = day(cell("Date Added"))
        let review = htmlText(cell("My Review"))
        let book = Reading.NewBook(
            isbn13: isbn, title: cell("Title"), author: cell("Author"), publisher: cell("Publisher"),
            pages: number("Number of Pages"), status: shelf, rating: number("My Rating"),
            // An empty day clears the one a status would fill in with today.
            startedOn: shelf == .toRead ? nil : dateStarted,
            finishedOn: shelf == .read ? dateRead : nil
        )
        if !added.isEmpty && !Reading.BookRules.isDay(added) { unreadable.append("Date Added: not a day") }
        return Row(number: index, book: book, addedOn: added.isEmpty || !Reading.BookRules.isDay(added) ? nil : added,
                   review: review.isEmpty ? nil : review, unreadable: unreadable)
    }

    /// One book as Goodreads exports it.
    struct Entry: Sendable {
        let book: Reading.Book
        let addedOn: String
        /// The book's memos, oldest first, as one review.
        let review: String
        /// Readings finished before the current one (kept when the book was read again).
        var earlierReads = 0
    }

    /// The file, CRLF-terminated as RFC 4180 and Goodreads write it. Written here rather than with
    /// CSV.swift's writer, which pushes each byte through an `OutputStream` call: quoting a cell is
    /// the whole of the format on this side.
    static func write(_ entries: [Entry]) -> String {
        var lines = [columns.map(quoted).joined(separator: ",")]
        lines.reserveCapacity(entries.count + 1)
        for entry in entries {
            let book = entry.book
            let isbn13 = book.isbn13 ?? ""
            let shelf = switch book.status {
            case .read: "read"
            case .reading: "currently-reading"
            case .toRead: "to-read"
            }
            // The ISBNs are the only formulas written, and hold digits only (`BookRules`).
            let cells = [
                "", neutralised(book.title), neutralised(book.author), neutralised(authorLastFirst(book.author)), "",
                "=\"\(isbn10(fromISBN13: isbn13))\"", "=\"\(isbn13)\"", String(book.rating),
                "", neutralised(book.publisher), "", book.pages > 0 ? String(book.pages) : "", "", "",
                goodreadsDay(book.finishedOn), goodreadsDay(entry.addedOn), shelf, "\(shelf) (#1)", shelf, neutralised(html(entry.review)),
                "", "", String(entry.earlierReads + (book.status == .read ? 1 : 0)), "0", goodreadsDay(book.startedOn),
            ]
            lines.append(cells.map(quoted).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list).
    private static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// A cell a spreadsheet opening the export shows as text: one that would start a formula
    /// (a title another reader put in the shared catalogue, say) gets a leading `'`, as OWASP
    /// recommends. Reading a file back removes it (`unneutralised`), so a round trip keeps titles.
    static func neutralised(_ cell: String) -> String {
        guard let first = cell.first, formulaStarts.contains(first) else { return cell }
        return "'" + cell
    }

    static func unneutralised(_ cell: String) -> String {
        guard cell.hasPrefix("'"), let second = cell.dropFirst().first, formulaStarts.contains(second) else { return cell }
        return String(cell.dropFirst())
    }

    /// Whether every quoted field closes, and closes right before a comma, a line break or the
    /// end: CSV.swift reads an unbalanced quote as a field running on to the end of the file,
    /// which would put the rest of a row, or of the file, into one title.
    static func isWellQuoted(_ text: String) -> Bool {
        var inQuotes = false, atFieldStart = true
        var bytes = text.utf8.makeIterator()
        var pending = bytes.next()
        while let byte = pending {
            pending = bytes.next()
            if inQuotes {
                guard byte == UInt8(ascii: "\"") else { continue }
                if pending == UInt8(ascii: "\"") {
                    pending = bytes.next()
                    continue
                }
                guard pending == nil || pending == UInt8(ascii: ",") || pending == UInt8(ascii: "\r") || pending == UInt8(ascii: "\n") else {
                    return false
                }
                inQuotes = false
            } else if byte == UInt8(ascii: "\"") && atFieldStart {
                inQuotes = true
            }
            atFieldStart = !inQuotes && (byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n"))
        }
        return !inQuotes
    }

    private static func quoted(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) || cell.hasPrefix("=") else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func goodreadsDay(_ day: String?) -> String {
        day?.replacingOccurrences(of: "-", with: "/") ?? ""
    }

    /// "Herbert, Frank" as Goodreads sorts authors; a one-word name (most Korean names are
    /// written without a space) stays as it is.
    static func authorLastFirst(_ author: String) -> String {
        let words = author.split(separator: " ")
        guard words.count > 1, let last = words.last else { return author }
        return "\(last), \(words.dropLast().joined(separator: " "))"
    }

    /// The ISBN-10 of a 978 ISBN-13 (979 ones have none).
    static func isbn10(fromISBN13 isbn: String) -> String {
        guard isbn.count == 13, isbn.hasPrefix("978") else { return "" }
        let body = Array(isbn.dropFirst(3).prefix(9))
        let sum = body.compactMap(\.wholeNumberValue).enumerated().reduce(0) { $0 + $1.element * (10 - $1.offset) }
        let check = (11 - sum % 11) % 11
        return String(body) + (check == 10 ? "X" : String(check))
    }

    /// `="0441172717"` is how Goodreads keeps spreadsheets from eating an ISBN's leading zeros.
    static func formulaValue(_ cell: String) -> String {
        guard cell.hasPrefix("=\""), cell.hasSuffix("\""), cell.count >= 3 else { return cell }
        return String(cell.dropFirst(2).dropLast())
    }

    /// `2024/03/15` (or `2024-3-5`) as `yyyy-MM-dd`; anything else as written, for the rules to refuse.
    static func day(_ text: String) -> String {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "-" }).map(String.init)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return text }
        return parts[0] + "-" + parts[1].leftPadded(to: 2) + "-" + parts[2].leftPadded(to: 2)
    }

    /// The shelves Goodreads makes; a reader's own exclusive shelf (say `did-not-finish`) is read
    /// as to-read unless the row has a Date Read.
    static func status(shelf: String, shelves: String, read: Bool) -> Reading.BookStatus {
        let named = shelf.isEmpty ? shelves.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : [shelf]
        if named.contains("read") { return .read }
        if named.contains("currently-reading") { return .reading }
        if named.contains("to-read") { return .toRead }
        return read ? .read : .toRead
    }

    /// Goodreads fills ISBN13 only for some editions; an ISBN-10 becomes its 978 ISBN-13.
    static func isbn13(fromISBN10 text: String) -> String {
        let characters = Array(text.filter { $0 != "-" && $0 != " " }.uppercased())
        guard characters.count == 10, characters.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
              characters[9] == "X" || (characters[9].isASCII && characters[9].isNumber)
        else { return text }
        let values = characters.map { $0 == "X" ? 10 : $0.wholeNumberValue ?? 0 }
        let checksum = values.enumerated().reduce(0) { $0 + $1.element * (10 - $1.offset) }
        guard checksum.isMultiple(of: 11) else { return text }
        let body = "978" + String(characters.prefix(9))
        let sum = body.compactMap(\.wholeNumberValue).enumerated().reduce(0) { $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 1 : 3) }
        return body + String((10 - sum % 10) % 10)
    }

    /// A review as plain text: Goodreads writes line breaks as `<br/>` and escapes `&`, `<` and `>`.
    static func htmlText(_ html: String) -> String {
        html.replacingOccurrences(of: #"<br\s*/?>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\n", with: "<br/>")
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
