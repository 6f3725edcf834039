import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct BookChangesTests {
    func patch(_ sprout: TestSprout, _ book: Reading.Book, _ reader: Reader, _ changes: Reading.BookChanges) async throws -> Reading.Book {
        let response = try await sprout.send(.PATCH, "api/reading/library/\(book.id)", headers: reader.headers, json: changes)
        #expect(response.status.code == 200, "\(String(buffer: response.body))")
        return try response.decode(Reading.Book.self)
    }

    @Test func onlyTheKeysSentChange() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let rated = try await patch(sprout, book, reader, Reading.BookChanges(pages: 250, rating: 4))
            #expect(rated.pages == 250 && rated.rating == 4 && rated.title == book.title && rated.isbn13 == book.isbn13 && rated.addedAt == book.addedAt)
            let unrated = try await patch(sprout, rated, reader, Reading.BookChanges(rating: 0))
            #expect(unrated.rating == 0, "0 is not rated")
        }
    }

    @Test func statusesKeepTheirDays() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let reading = try await patch(sprout, book, reader, Reading.BookChanges(status: .reading))
            #expect(reading.status == .reading && reading.startedOn == "2026-01-01" && reading.finishedOn == nil)
            sprout.clock.advance(by: 3 * 86_400)
            let read = try await patch(sprout, reading, reader, Reading.BookChanges(status: .read))
            #expect(read.startedOn == "2026-01-01" && read.finishedOn == "2026-01-04")
            let sameAgain = try await patch(sprout, read, reader, Reading.BookChanges(status: .read, rating: 5))
            #expect(sameAgain.finishedOn == "2026-01-04", "saying read again keeps the day it was finished")
            sprout.clock.advance(by: 86_400)
            let reread = try await patch(sprout, read, reader, Reading.BookChanges(status: .reading))
            #expect(reread.startedOn == "2026-01-05" && reread.finishedOn == nil, "a re-read starts afresh")
            let back = try await patch(sprout, reread, reader, Reading.BookChanges(status: .toRead))
            #expect(back.startedOn == nil && back.finishedOn == nil)
            let backdated = try await patch(sprout, back, reader, Reading.BookChanges(status: .read, startedOn: "2025-03-01", finishedOn: "2025-03-09"))
            #expect(backdated.startedOn == "2025-03-01" && backdated.finishedOn == "2025-03-09", "days sent with the status win")
            let cleared = try await patch(sprout, backdated, reader, Reading.BookChanges(startedOn: ""))
            #expect(cleared.startedOn == nil && cleared.finishedOn == "2025-03-09")
        }
    }

    @Test func aNewTitleThatNamesAnotherBookIsAConflict() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let dune = try await sprout.addBook(Books.dune, by: reader)
            let other = try await sprout.addBook(Reading.NewBook(title: "Dune Messiah", author: "Frank Herbert"), by: reader)
            let response = try await sprout.send(.PATCH, "api/reading/library/\(other.id)", headers: reader.headers, json: Reading.BookChanges(title: "dune"))
            #expect(response.status.code == 409)
            #expect(response.headers.first(name: "Location") == "/api/reading/library/\(dune.id)")
            #expect(try await sprout.library("?sort=title", of: reader).map(\.title) == ["Dune", "Dune Messiah"])
        }
    }
}
