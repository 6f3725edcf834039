import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

@Suite struct LibraryTests {
    @Test func aBookAddedByISBNComesBackWithEveryKey() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let response = try await sprout.send(.POST, "api/reading/library", headers: reader.headers, json: Books.vegetarian)
            #expect(response.status.code == 201)
            let book = try response.decode(Reading.Book.self)
            #expect(response.headers.first(name: .location) == "/api/reading/library/\(book.id)")
            #expect(book.isbn13 == "9788936434816", "hyphens dropped")
            #expect(book.title == "채식주의자" && book.author == "한강" && book.pages == 247)
            #expect(book.status == .toRead && book.rating == 0 && book.readingSeconds == 0)
            #expect(book.addedAt == "2026-01-01T00:00:00.000Z")
            let json = try response.jsonObject()
            #expect(json["started_on"] is NSNull && json["finished_on"] is NSNull, "absent values are null, not missing")
            #expect(Set(json.keys).count == 16)

            let fetched = try await sprout.send(.GET, "api/reading/library/\(book.id)", headers: reader.headers)
            #expect(try fetched.decode(Reading.Book.self) == book)
        }
    }

    @Test func aBookAddedByHandNeedsOnlyATitle() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Reading.NewBook(title: "  메모 없는 책  "), by: reader)
            #expect(book.title == "메모 없는 책" && book.isbn13 == nil && book.author == "" && book.pages == 0)
            let json = try await sprout.send(.GET, "api/reading/library/\(book.id)", headers: reader.headers).jsonObject()
            #expect(json["isbn13"] is NSNull)
        }
    }

    @Test func addingAsReadOrReadingKeepsTheDays() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            // The manual clock starts at 2026-01-01 00:00 UTC, 09:00 in Seoul.
            let reading = try await sprout.addBook(Reading.NewBook(title: "A", status: .reading), by: reader)
            #expect(reading.startedOn == "2026-01-01" && reading.finishedOn == nil)
            let read = try await sprout.addBook(Reading.NewBook(title: "B", status: .read, rating: 5, startedOn: "2025-12-01", finishedOn: "2025-12-24"), by: reader)
            #expect(read.startedOn == "2025-12-01" && read.finishedOn == "2025-12-24" && read.rating == 5)
            let finishedToday = try await sprout.addBook(Reading.NewBook(title: "C", status: .read), by: reader)
            #expect(finishedToday.finishedOn == "2026-01-01")
        }
    }

    @Test func theSameBookTwiceIsAConflictNamingTheFirst() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let first = try await sprout.addBook(Books.vegetarian, by: reader)
            let again = try await sprout.send(.POST, "api/reading/library", headers: reader.headers,
                                              json: Reading.NewBook(isbn13: "9788936434816", title: "The Vegetarian"))
            #expect(again.status.code == 409)
            #expect(again.headers.first(name: .location) == "/api/reading/library/\(first.id)")
            #expect(try again.jsonObject()["error"] as? Bool == true)

            let byHand = try await sprout.addBook(Books.dune, by: reader)
            let sameByHand = try await sprout.send(.POST, "api/reading/library", headers: reader.headers,
                                                   json: Reading.NewBook(title: "DUNE ", author: "frank  herbert"))
            #expect(sameByHand.status.code == 409, "title and author, any case and spacing, name a book without an ISBN")
            #expect(sameByHand.headers.first(name: .location) == "/api/reading/library/\(byHand.id)")

            let other = try await sprout.reader("other")
            try await sprout.addBook(Books.vegetarian, by: other)
            #expect(try await sprout.library(of: reader).count == 2, "another reader's copy is theirs alone")
        }
    }

    @Test func twoDevicesAddingTheSameBookAtOnceLeaveOne() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for _ in 0..<6 {
                    group.addTask { try await sprout.send(.POST, "api/reading/library", headers: reader.headers, json: Books.almond).status.code }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.sorted() == [201, 409, 409, 409, 409, 409])
            #expect(try await sprout.library(of: reader).count == 1)
        }
    }

    @Test func anotherReadersBookIsNotFound() async throws {
        try await withReadingSprout { sprout in
            let owner = try await sprout.reader("owner")
            let stranger = try await sprout.reader("stranger")
            let book = try await sprout.addBook(Books.vegetarian, by: owner)
            let path = "api/reading/library/\(book.id)"
            #expect(try await sprout.send(.GET, path, headers: stranger.headers).status.code == 404)
            #expect(try await sprout.send(.PATCH, path, headers: stranger.headers, json: Reading.BookChanges(rating: 1)).status.code == 404)
            #expect(try await sprout.send(.DELETE, path, headers: stranger.headers).status.code == 404)
            #expect(try await sprout.send(.GET, path, headers: owner.headers).status.code == 200, "untouched")
            #expect(try await sprout.library(of: owner).first?.rating == 0)
            for id in ["nope", String(repeating: "a", count: 24), String(repeating: "z", count: 5000), "%E2%80%8B"] {
                let response = try await sprout.send(.GET, "api/reading/library/\(id)", headers: owner.headers)
                #expect(response.status.code == 404, "\(id.prefix(30))")
                #expect(try response.jsonObject()["error"] as? Bool == true)
            }
        }
    }

    @Test func everyRouteWantsAToken() async throws {
        try await withReadingSprout { sprout in
            let routes: [(HTTPMethod, String)] = [
                (.GET, "library"), (.POST, "library"), (.GET, "library/0123456789abcdef01234567"), (.PATCH, "library/0123456789abcdef01234567"),
                (.DELETE, "library/0123456789abcdef01234567"), (.GET, "timer"), (.POST, "timer/start"), (.POST, "timer/pause"),
                (.POST, "timer/resume"), (.POST, "timer/stop"), (.POST, "timer/reset"), (.GET, "stats"), (.GET, "no/such/path"),
            ]
            for (method, path) in routes {
                for headers in [[:], ["Authorization": "Bearer not-a-token"]] {
                    let response = try await sprout.send(method, "api/reading/\(path)", headers: headers)
                    #expect(response.status.code == 401, "\(method) \(path)")
                    #expect(try response.jsonObject()["error"] as? Bool == true, "\(method) \(path)")
                }
            }
            let reader = try await sprout.reader()
            let unknown = try await sprout.send(.GET, "api/reading/no/such/path", headers: reader.headers)
            #expect(unknown.status.code == 404)
            #expect(try unknown.jsonObject()["error"] as? Bool == true)
        }
    }

    @Test func anExpiredTokenIs419() async throws {
        try await withSprout { sprout in
            let reader = try await sprout.reader()
            sprout.clock.advance(by: 301)
            #expect(try await sprout.send(.GET, "api/reading/library", headers: reader.headers).status.code == 419)
        }
    }

    @Test func deletingRemovesTheBook() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let deleted = try await sprout.send(.DELETE, "api/reading/library/\(book.id)", headers: reader.headers)
            #expect(try deleted.decode(Reading.Deleted.self) == Reading.Deleted(id: book.id, deleted: true))
            #expect(try await sprout.send(.GET, "api/reading/library/\(book.id)", headers: reader.headers).status.code == 404)
            #expect(try await sprout.send(.DELETE, "api/reading/library/\(book.id)", headers: reader.headers).status.code == 404)
            try await sprout.addBook(Books.vegetarian, by: reader)
        }
    }
}
