import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

@Suite struct CatalogTests {
    func search(_ query: String, _ sprout: TestSprout, by reader: Reader, extra: String = "") async throws -> Reading.CatalogPage {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
        let response = try await sprout.send(.GET, "api/reading/catalog/search?q=\(encoded)\(extra)", headers: reader.headers)
        #expect(response.status.code == 200, "\(query): \(response.body.string)")
        return try response.decode(Reading.CatalogPage.self)
    }

    @Test func booksShelvedWithAnISBNAreFoundByAnyPartInAnyCaseKoreanIncluded() async throws {
        try await withReadingSprout { sprout in
            let first = try await sprout.reader("first")
            let searcher = try await sprout.reader("searcher")
            try await sprout.addBook(Books.vegetarian, by: first)
            try await sprout.addBook(Books.almond, by: first)
            try await sprout.addBook(Reading.NewBook(isbn13: "9780441172719", title: "Dune", author: "Frank Herbert", publisher: "Ace", pages: 658), by: first)
            try await sprout.addBook(Books.dune, by: first)

            #expect(try await search("채식주", sprout, by: searcher).books.map(\.title) == ["채식주의자"], "three characters or more: the full-text index")
            #expect(try await search("한강", sprout, by: searcher).books.map(\.isbn13) == ["9788936434816"], "two Korean characters: a scan")
            #expect(try await search("원", sprout, by: searcher).books.map(\.title) == ["아몬드"])
            #expect(try await search("FRANK her", sprout, by: searcher).books.map(\.title) == ["Dune"], "any case")
            #expect(try await search("ace", sprout, by: searcher).books.map(\.title) == ["Dune"], "the publisher too")
            #expect(try await search("978-0-441-17271-9", sprout, by: searcher).books.map(\.title) == ["Dune"], "an ISBN finds its book")
            let dune = try #require(try await search("dune", sprout, by: searcher).books.first)
            #expect(dune == Reading.CatalogBook(isbn13: "9780441172719", title: "Dune", author: "Frank Herbert", publisher: "Ace", pages: 658))
            #expect(try await search("dune", sprout, by: searcher).total == 1, "a book shelved without an ISBN stays private")
            #expect(try await sprout.send(.GET, "api/reading/catalog/search?q=%00", headers: searcher.headers).status.code == 400, "nothing left to look for")
            #expect(try await search("한\u{0}강", sprout, by: searcher).total == 1, "a NUL in a search is dropped")
            for hostile in ["ab\u{0}cd", "abc\u{0}", "\"", "\"dune*", "NEAR(a b)", "a OR b", "%", "_", "\\", "'; DROP TABLE reading_catalog; --"] {
                #expect(try await search(hostile, sprout, by: searcher).total == 0, "\(hostile)")
            }
        }
    }

    @Test func theListsRankByReadersAndByPublicationAndPage() async throws {
        try await withReadingSprout { sprout in
            let readers = [try await sprout.reader("a"), try await sprout.reader("b"), try await sprout.reader("c")]
            for reader in readers { try await sprout.addBook(Books.almond, by: reader) }
            for reader in readers.prefix(2) { try await sprout.addBook(Books.vegetarian, by: reader) }
            sprout.clock.advance(by: 60)
            try await sprout.addBook(Reading.NewBook(isbn13: "9780441172719", title: "Dune"), by: readers[0])

            let best = try await sprout.send(.GET, "api/reading/catalog/lists/bestseller", headers: readers[0].headers).decode(Reading.CatalogPage.self)
            #expect(best.books.map(\.title) == ["아몬드", "채식주의자", "Dune"] && best.total == 3)
            let newest = try await sprout.send(.GET, "api/reading/catalog/lists/new", headers: readers[0].headers).decode(Reading.CatalogPage.self)
            #expect(newest.books.first?.title == "Dune", "the last learned first when no publication day is known")
            let second = try await sprout.send(.GET, "api/reading/catalog/lists/bestseller?page=2&size=2", headers: readers[0].headers).decode(Reading.CatalogPage.self)
            #expect(second.books.map(\.title) == ["Dune"] && second.page == 2 && second.pageSize == 2 && second.total == 3)
            #expect(try await search("채식주의자", sprout, by: readers[2], extra: "&page=2").books.isEmpty)
        }
    }

    @Test func aBookByISBNAndEveryRefusal() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            try await sprout.addBook(Books.vegetarian, by: reader)
            let found = try await sprout.send(.GET, "api/reading/catalog/isbn/9788936434816", headers: reader.headers)
            #expect(try found.decode(Reading.CatalogBook.self).title == "채식주의자")
            #expect(try await sprout.send(.GET, "api/reading/catalog/isbn/9780441172719", headers: reader.headers).status.code == 404)
            let refusals: [(String, UInt)] = [
                ("isbn/9788936434810", 400), ("isbn/abc", 400), ("search", 400), ("search?q=", 400), ("search?q=%20%20", 400),
                ("search?q=" + String(repeating: "a", count: 101), 400), ("search?q=a&size=51", 400), ("search?q=a&size=0", 400),
                ("search?q=a&page=0", 400), ("search?q=a&page=201", 400), ("search?q=a&page=1e3", 400),
                ("search?q=a&page=99999999999999999999", 400), ("lists/popular", 404),
            ]
            for (path, status) in refusals {
                let response = try await sprout.send(.GET, "api/reading/catalog/" + path, headers: reader.headers)
                #expect(response.status.code == status, "\(path): \(response.body.string)")
                #expect(try response.jsonObject()["error"] as? Bool == true)
            }
            for path in ["search?q=a", "lists/new", "isbn/9788936434816"] {
                #expect(try await sprout.send(.GET, "api/reading/catalog/" + path).status.code == 401)
            }
        }
    }
}
