import CSV
import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// A file as Goodreads writes it: a byte-order mark, CRLF, ISBNs as `="…"` formulas, a title and a
/// review with commas, quotes and line breaks, an ISBN-10 without its ISBN-13, a shelf the reader
/// made, days written 2023/08/14.
enum GoodreadsFiles {
    static let header = "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    static let library = "\u{FEFF}" + [
        header,
        #"234225,"Dune (Dune, #1)",Frank Herbert,"Herbert, Frank",,"=""0441172717""","=""""",5,4.27,Ace Books,Paperback,658,1990,1965,2023/08/14,2023/07/01,,,read,"The spice must flow.<br/><br/>Second thought, with a ""quote"" &amp; more.",,,1,0"#,
        #"1,채식주의자,한강,"강, 한",,"=""""","=""9788936434816""",4,3.6,창비,Paperback,247,2007,2007,2024/1/5,2023/12/24,,,read,,,,1,0"#,
        #"2,아몬드,손원평,,,"=""""","=""9788936434595""",0,4.1,창비,Paperback,264,2017,2017,,2024/02/01,currently-reading,currently-reading (#1),currently-reading,,,,0,0"#,
        #"3,소년이 온다,한강,,,"=""""","=""""",0,4.3,창비,,,2014,2014,,2024/03/01,did-not-finish,did-not-finish (#1),did-not-finish,,,,0,0"#,
        "",
    ].joined(separator: "\r\n")

    static func file(_ rows: [String]) -> String {
        ([header] + rows).joined(separator: "\n")
    }
}

@Suite struct GoodreadsImportTests {
    @Test func aGoodreadsExportBecomesTheLibraryWithItsQuirksRead() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let response = try await sprout.send(.POST, "api/reading/import/goodreads", headers: reader.headers + ["Content-Type": "text/csv"], body: GoodreadsFiles.library)
            #expect(response.status.code == 200, "\(response.body.string)")
            let report = try response.decode(Reading.ImportReport.self)
            #expect(report.imported.map(\.row) == [1, 2, 3, 4] && report.skipped.isEmpty)
            #expect(report.imported.map(\.title) == ["Dune (Dune, #1)", "채식주의자", "아몬드", "소년이 온다"])

            let books = Dictionary(uniqueKeysWithValues: try await sprout.library(of: reader).map { ($0.title, $0) })
            let dune = try #require(books["Dune (Dune, #1)"])
            #expect(dune.isbn13 == "9780441172719", "the ISBN-10 became its ISBN-13")
            #expect(dune.author == "Frank Herbert" && dune.publisher == "Ace Books" && dune.pages == 658 && dune.rating == 5)
            #expect(dune.status == .read && dune.finishedOn == "2023-08-14" && dune.startedOn == nil)
            #expect(dune.addedAt == "2023-06-30T15:00:00.000Z", "Date Added is the day's start in Seoul")
            let vegetarian = try #require(books["채식주의자"])
            #expect(vegetarian.isbn13 == "9788936434816" && vegetarian.finishedOn == "2024-01-05" && vegetarian.rating == 4)
            let almond = try #require(books["아몬드"])
            #expect(almond.status == .reading && almond.startedOn == nil, "no start day in the file, none made up")
            let boy = try #require(books["소년이 온다"])
            #expect(boy.status == .toRead && boy.isbn13 == nil && boy.pages == 0, "a reader's own shelf without a Date Read is to-read")

            let catalogued = try await sprout.send(.GET, "api/reading/catalog/search?q=herbert", headers: reader.headers).decode(Reading.CatalogPage.self)
            #expect(catalogued.books.map(\.isbn13) == ["9780441172719", "9780340839935"], "imported books with an ISBN join the catalogue, above the seed's edition")
            let memos = try await sprout.send(.GET, "api/reading/library/\(dune.id)/memos", headers: reader.headers).decode(Reading.Memos.self)
            #expect(memos.memos.map(\.text) == ["The spice must flow.\n\nSecond thought, with a \"quote\" & more."], "the review is a memo, HTML read as text")
            #expect(try await sprout.send(.GET, "api/reading/library/\(vegetarian.id)/memos", headers: reader.headers).decode(Reading.Memos.self).total == 0)
        }
    }

    @Test func rowsThatBreakARuleOrRepeatABookAreSkippedAndNamed() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            try await sprout.addBook(Books.almond, by: reader)
            let file = GoodreadsFiles.file([
                #"1,Good,A,,,,"=""9788936434816""",3,,,,100,,,,,,,to-read,,,,0,0"#,
                #"2,,Nobody,,,,,0,,,,,,,,,,,to-read,,,,0,0"#,
                #"3,Bad check digit,A,,,,"=""9788936434810""",0,,,,,,,,,,to-read,,,,0,0"#,
                #"4,Seven stars,A,,,,,7,,,,,,,,,,,read,,,,1,0"#,
                #"5,Thick,A,,,,,0,,,,many,,,,,,,to-read,,,,0,0"#,
                #"6,Good again,A,,,,"=""978-89-364-3481-6""",0,,,,,,,,,,read,,,,1,0"#,
                #"7,아몬드,손원평,,,,"=""9788936434595""",0,,,,,,,,,,to-read,,,,0,0"#,
                #"8,When,A,,,,,0,,,,,,,yesterday,,,,read,,,,1,0"#,
                #"9,Later,A,,,,,0,,,,,,,,soon,,,to-read,,,,0,0"#,
            ])
            let report = try await sprout.send(.POST, "api/reading/import/goodreads", headers: reader.headers, body: file).decode(Reading.ImportReport.self)
            #expect(report.imported.map(\.row) == [1])
            let skipped = Dictionary(uniqueKeysWithValues: report.skipped.map { ($0.row, $0) })
            #expect(skipped[2]?.reason == .invalid && skipped[2]?.detail == "Title: required")
            #expect(skipped[3]?.detail == "ISBN13: not a valid ISBN-13")
            #expect(skipped[4]?.detail == "My Rating: must be 0 to 5" && skipped[4]?.title == "Seven stars")
            #expect(skipped[5]?.detail == "Number of Pages: not a whole number")
            #expect(skipped[6]?.reason == .repeated && skipped[6]?.detail == "The same book as row 1")
            #expect(skipped[7]?.reason == .alreadyInLibrary)
            #expect(skipped[8]?.detail == "Date Read: not a day written yyyy-MM-dd")
            #expect(skipped[9]?.detail == "Date Added: not a day")
            #expect(try await sprout.library(of: reader).map(\.title).sorted() == ["Good", "아몬드"])
        }
    }

    @Test func aRowForABookOnTheShelfBringsWhatTheLibraryLacksAndNoSecondCopy() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            try await sprout.addBook(Books.almond, by: reader)
            try await sprout.addBook(Reading.NewBook(title: "소년이 온다", author: "한강"), by: reader)
            try await sprout.addBook(Reading.NewBook(isbn13: "9780571311576", title: "Solaris", author: "Stanisław Lem", status: .read, rating: 4), by: reader)
            try await sprout.addBook(Books.dune, by: reader)
            let file = GoodreadsFiles.file([
                #"1,아몬드,손원평,,,"=""""","=""""",4,,,,,,,2024/02/10,,,,read,좋았다.<br/>다시 읽고 싶다,,,1,0"#,
                #"2,소년이 온다,한강,,,,"=""9788936434120""",0,,창비,,216,,,,,,,to-read,,,,0,0"#,
                #"3,Solaris,Stanisław Lem,,,,"=""9780571311576""",2,,,,,,,,,,read,,,,1,0"#,
                #"4,"Dune (Dune, #1)",frank  herbert,,,"=""""","=""""",5,,,,,,,,,,,currently-reading,,,,0,0"#,
                #"5,아몬드,손원평,,,,"=""9788936434595""",3,,,,,,,,,,read,,,,1,0"#,
            ])
            let report = try await sprout.send(.POST, "api/reading/import/goodreads", headers: reader.headers, body: file).decode(Reading.ImportReport.self)
            #expect(report.imported.isEmpty, "every row is a book already on the shelf")
            #expect(report.merged.map(\.row) == [1, 2, 4])
            let merged = Dictionary(uniqueKeysWithValues: report.merged.map { ($0.row, $0.columns) })
            #expect(merged[1] == ["My Rating", "Exclusive Shelf", "My Review"], "a row without an ISBN is the shelved book that has one")
            #expect(merged[2] == ["ISBN13", "Publisher", "Number of Pages"])
            #expect(merged[4] == ["My Rating", "Exclusive Shelf"], "Goodreads' series note and the author's spacing and case do not hide a book")
            #expect(report.skipped.map(\.row) == [3, 5])
            #expect(report.skipped.first?.reason == .alreadyInLibrary, "the reader's own rating stays")
            #expect(report.skipped.last?.reason == .repeated && report.skipped.last?.detail == "The same book as row 1")

            let books = Dictionary(uniqueKeysWithValues: try await sprout.library(of: reader).map { ($0.title, $0) })
            #expect(books.count == 4)
            let almond = try #require(books["아몬드"])
            #expect(almond.rating == 4 && almond.status == .read && almond.finishedOn == "2024-02-10" && almond.isbn13 == "9788936434595")
            let memos = try await sprout.send(.GET, "api/reading/library/\(almond.id)/memos", headers: reader.headers).decode(Reading.Memos.self)
            #expect(memos.memos.map(\.text) == ["좋았다.\n다시 읽고 싶다"], "the review is kept as a memo")
            let boy = try #require(books["소년이 온다"])
            #expect(boy.isbn13 == "9788936434120" && boy.publisher == "창비" && boy.pages == 216 && boy.status == .toRead)
            #expect(try #require(books["Solaris"]).rating == 4)
            let dune = try #require(books["Dune"])
            #expect(dune.rating == 5 && dune.status == .reading && dune.startedOn == nil, "no start day in the file, none made up")

            let again = try await sprout.send(.POST, "api/reading/import/goodreads", headers: reader.headers, body: file).decode(Reading.ImportReport.self)
            #expect(again.imported.isEmpty && again.merged.isEmpty, "a second import finds nothing lacking")
            #expect(try await sprout.send(.GET, "api/reading/library/\(almond.id)/memos", headers: reader.headers).decode(Reading.Memos.self).total == 1)
        }
    }

    @Test func aFileThatIsNotAGoodreadsExportChangesNothing() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let tooMany = GoodreadsFiles.file((1...(Reading.ImportRules.rows + 1)).map { "\($0),Book \($0)" })
            let refusals: [(body: Data, reason: String)] = [
                (Data(#"{"books": []}"#.utf8), "The file has no Title column, so it is not a Goodreads export; nothing was imported."),
                (Data("Name,Author\nDune,Herbert".utf8), "The file has no Title column, so it is not a Goodreads export; nothing was imported."),
                (Data([0x54, 0x69, 0x74, 0x6C, 0x65, 0x0A, 0xFF, 0xFE]), "The file is not CSV; nothing was imported."),
                (Data(), "The file is not CSV; nothing was imported."),
                (Data(tooMany.utf8), "The file has more than 20000 books; nothing was imported."),
                (Data("Title,Author\n\"Dune,Herbert\nOther,Someone\n".utf8), "The file is not CSV; nothing was imported."),
                (Data("Title,Author\n\"Dune\"x,Herbert\n".utf8), "The file is not CSV; nothing was imported."),
            ]
            for refusal in refusals {
                let response = try await sprout.send(.POST, "api/reading/import/goodreads", headers: reader.headers, body: refusal.body)
                #expect(response.status.code == 422, "\(refusal.reason)")
                #expect(try response.jsonObject()["reason"] as? String == refusal.reason)
            }
            #expect(try await sprout.library(of: reader).isEmpty)
            #expect(try await sprout.send(.POST, "api/reading/import/goodreads", body: GoodreadsFiles.library).status.code == 401)
            #expect(try await sprout.send(.GET, "api/reading/export/goodreads.csv").status.code == 401)
        }
    }

    @Test func theFileCanComeAsAFormUploadWithAKoreanName() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            var form = MultipartBody()
            form.add(name: "note", Data("ignored".utf8))
            form.add(name: "upload", filename: "내 서재.csv", contentType: "text/csv", Data(GoodreadsFiles.library.utf8))
            let response = try await sprout.send(.POST, "api/reading/import/goodreads", headers: reader.headers + ["Content-Type": form.contentType], body: form.bytes)
            #expect(response.status.code == 200, "\(response.body.string)")
            #expect(try response.decode(Reading.ImportReport.self).imported.count == 4)

            var empty = MultipartBody()
            empty.add(name: "note", Data("no file".utf8))
            let noFile = try await sprout.send(.POST, "api/reading/import/goodreads", headers: reader.headers + ["Content-Type": empty.contentType], body: empty.bytes)
            #expect(noFile.status.code == 400)
        }
    }
}

@Suite struct GoodreadsExportTests {
    @Test func theExportIsWhatGoodreadsWrites() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(
                isbn13: "9780441172719", title: "Dune, Deluxe", author: "Frank Herbert", publisher: "Ace", pages: 658,
                status: .read, rating: 5, startedOn: "2025-12-01", finishedOn: "2025-12-24"
            ), by: reader)
            for text in ["First, with \"quotes\"", "Second\nline <b>"] {
                sprout.clock.advance(by: 1)
                _ = try await sprout.send(.POST, "api/reading/library/\(book.id)/memos", headers: reader.headers, json: Reading.MemoDraft(text: text))
            }
            try await sprout.addBook(Reading.NewBook(title: "소년이 온다", author: "한강"), by: reader)

            let response = try await sprout.send(.GET, "api/reading/export/goodreads.csv", headers: reader.headers)
            #expect(response.status.code == 200)
            #expect(response.headers.first(name: .contentType) == "text/csv; charset=utf-8")
            #expect(response.headers.first(name: .contentDisposition) == #"attachment; filename="goodreads_library_export.csv""#)
            let lines = response.body.string.components(separatedBy: "\r\n")
            #expect(lines.first == GoodreadsFiles.header + ",Date Started")
            #expect(lines.last == "", "every record ends with CRLF")
            #expect(lines[1] == #",소년이 온다,한강,한강,,"=""""","=""""",0,,,,,,,,2026/01/01,to-read,to-read (#1),to-read,,,,0,0,"#,
                    "newest added first; empty ISBNs as Goodreads writes them")
            #expect(lines[2] == #","Dune, Deluxe",Frank Herbert,"Herbert, Frank",,"=""0441172717""","=""9780441172719""",5,,Ace,,658,,,2025/12/24,2026/01/01,read,read (#1),read,"First, with ""quotes""<br/><br/>Second<br/>line &lt;b&gt;",,,1,0,2025/12/01"#)
        }
    }

    @Test func cellsASpreadsheetWouldRunAsFormulasAreWrittenAsTextAndReadBack() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let hostile = ["=HYPERLINK(\"http://evil.example\",\"Dune\")", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(1)"]
            for title in hostile {
                try await sprout.addBook(Reading.NewBook(title: title, author: "=1+1", publisher: "@corp"), by: reader)
            }
            let export = try await sprout.send(.GET, "api/reading/export/goodreads.csv", headers: reader.headers).body.string
            let rows = try CSVReader(string: export, hasHeaderRow: true)
            var titles: [String] = []
            while let row = rows.next() {
                titles.append(row[1])
                for (column, cell) in row.enumerated() where column != 5 && column != 6 {
                    #expect(!cell.hasPrefix("=") && !cell.hasPrefix("+") && !cell.hasPrefix("-") && !cell.hasPrefix("@") && !cell.hasPrefix("\t"), "\(cell)")
                }
                #expect(row[5].hasPrefix("=\"") && row[6].hasPrefix("=\""), "ISBNs keep Goodreads' form")
            }
            #expect(Set(titles) == Set(hostile.map { "'" + $0 }))

            let other = try await sprout.reader("other")
            let report = try await sprout.send(.POST, "api/reading/import/goodreads", headers: other.headers, body: export).decode(Reading.ImportReport.self)
            #expect(report.imported.count == hostile.count)
            #expect(Set(try await sprout.library(of: other).map(\.title)) == Set(hostile))
        }
    }

    @Test func anExportImportedElsewhereIsTheSameLibraryAndAgainHereIsSkipped() async throws {
        try await withReadingSprout { sprout in
            let first = try await sprout.reader("first")
            _ = try await sprout.send(.POST, "api/reading/import/goodreads", headers: first.headers, body: GoodreadsFiles.library)
            try await sprout.addBook(Reading.NewBook(title: "Started", status: .reading, startedOn: "2025-11-02"), by: first)
            let export = try await sprout.send(.GET, "api/reading/export/goodreads.csv", headers: first.headers).body.string

            let second = try await sprout.reader("second")
            let report = try await sprout.send(.POST, "api/reading/import/goodreads", headers: second.headers, body: export).decode(Reading.ImportReport.self)
            #expect(report.imported.count == 5 && report.skipped.isEmpty)

            func comparable(_ books: [Reading.Book]) -> [String] {
                books.map { [$0.isbn13 ?? "", $0.title, $0.author, $0.publisher, "\($0.pages)", $0.status.rawValue, "\($0.rating)",
                             $0.startedOn ?? "", $0.finishedOn ?? "", seoulDay($0.addedAt)].joined(separator: "|") }.sorted()
            }
            let original = try await sprout.library(of: first)
            let copy = try await sprout.library(of: second)
            #expect(comparable(copy) == comparable(original))
            let originalDune = try #require(original.first { $0.title.hasPrefix("Dune") })
            let copiedDune = try #require(copy.first { $0.title.hasPrefix("Dune") })
            let memos = try await sprout.send(.GET, "api/reading/library/\(originalDune.id)/memos", headers: first.headers).decode(Reading.Memos.self).memos.map(\.text)
            let copiedMemos = try await sprout.send(.GET, "api/reading/library/\(copiedDune.id)/memos", headers: second.headers).decode(Reading.Memos.self).memos.map(\.text)
            #expect(copiedMemos == memos)

            let again = try await sprout.send(.POST, "api/reading/import/goodreads", headers: first.headers, body: export).decode(Reading.ImportReport.self)
            #expect(again.imported.isEmpty && again.skipped.map(\.reason) == Array(repeating: .alreadyInLibrary, count: 5))
            #expect(try await sprout.library(of: first).count == 5)
        }
    }
}

/// The day an ISO 8601 instant falls on in Seoul, the tests' reading time zone.
private func seoulDay(_ timestamp: String) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    guard let date = formatter.date(from: timestamp), let seoul = TimeZone(identifier: "Asia/Seoul") else { return "?" + timestamp }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = seoul
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
}

private func + (lhs: [String: String], rhs: [String: String]) -> [String: String] {
    lhs.merging(rhs) { $1 }
}
