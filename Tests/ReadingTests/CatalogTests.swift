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
            let second = try await sprout.reader("second")
            let searcher = try await sprout.reader("searcher")
            try await sprout.addBook(Books.vegetarian, by: first)
            try await sprout.addBook(Books.almond, by: first)
            try await sprout.addBook(Books.solaris, by: first)
            try await sprout.addBook(Reading.NewBook(title: "Solaris", author: "Stanisław Lem"), by: second)

            #expect(try await search("채식주", sprout, by: searcher).books.map(\.title) == ["채식주의자"], "three characters or more: the full-text index")
            #expect(try await search("한강", sprout, by: searcher).books.map(\.isbn13) == ["9788936434816"], "two Korean characters: a scan")
            #expect(try await search("원", sprout, by: searcher).books.map(\.title) == ["아몬드"])
            #expect(try await search("STANISŁAW l", sprout, by: searcher).books.map(\.title) == ["Solaris"], "any case")
            #expect(try await search("faber", sprout, by: searcher).books.map(\.title) == ["Solaris"], "the publisher too")
            #expect(try await search("978-0-571-31157-6", sprout, by: searcher).books.map(\.title) == ["Solaris"], "an ISBN finds its book")
            let solaris = try #require(try await search("solaris", sprout, by: searcher).books.first)
            #expect(solaris == Reading.CatalogBook(isbn13: "9780571311576", title: "Solaris", author: "Stanisław Lem", publisher: "Faber", pages: 204))
            #expect(try await search("solaris", sprout, by: searcher).total == 1, "a book shelved without an ISBN stays private")
            #expect(try await sprout.send(.GET, "api/reading/catalog/search?q=%00", headers: searcher.headers).status.code == 400, "nothing left to look for")
            #expect(try await search("한\u{0}강", sprout, by: searcher).total == 1, "a NUL in a search is dropped")
            #expect(try await search("\"", sprout, by: searcher).books.map(\.title) == ["A Child Called \"It\" (Dave Pelzer #1)"], "a quote is looked for as itself")
            #expect(try await search("\"solaris*", sprout, by: searcher).books.map(\.title) == ["Solaris"], "FTS5's operators are no operators: the forgiving search drops them as punctuation")
            for hostile in ["ab\u{0}cd", "abc\u{0}", "NEAR(a b)", "a OR b", "%", "_", "\\", "'; DROP TABLE reading_catalog; --"] {
                #expect(try await search(hostile, sprout, by: searcher).total == 0, "\(hostile)")
            }
        }
    }

    @Test func aSearchThatFindsNothingForgivesSpacingInitialConsonantsAndTypos() async throws {
        try await withReadingSprout { sprout in
            let shelver = try await sprout.reader("shelver")
            let searcher = try await sprout.reader("searcher")
            try await sprout.addBook(Books.vegetarian, by: shelver)
            try await sprout.addBook(Reading.NewBook(isbn13: "9788936434120", title: "소년이 온다", author: "한강", publisher: "창비"), by: shelver)

            #expect(try await search("소년이온다", sprout, by: searcher).books.map(\.title) == ["소년이 온다"], "spacing")
            #expect(try await search("ㅅㄴㅇ ㅇㄷ", sprout, by: searcher).books.map(\.title) == ["소년이 온다"], "초성, as a Korean keyboard types them")
            #expect(try await search("ㅊㅅㅈ", sprout, by: searcher).books.map(\.title) == ["채식주의자"])
            #expect(try await search("채식ㅈㅇㅈ", sprout, by: searcher).books.map(\.title) == ["채식주의자"], "syllables and consonants mixed")
            let hobbit = try await search("hobit", sprout, by: searcher)
            #expect(hobbit.books.first?.title == "The Hobbit", "one slip in a word of five letters")
            #expect(try await search("tolkein hobbit", sprout, by: searcher).books.first?.title == "The Hobbit", "letters swapped")
            #expect(try await search("stone sorcerer harry", sprout, by: searcher).books.map(\.isbn13) == ["9780439554930"], "words in any order")
            #expect(try await search("xyzzy", sprout, by: searcher).total == 0, "forgiving is not finding anything")
            #expect(try await search("hobbit", sprout, by: searcher).total == 1, "a search that finds something is not widened")
        }
    }

    @Test func aNewCatalogueHoldsItsSeedAndShelvedBooksRankAboveIt() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            var seeded: [Reading.CatalogBook] = []
            for page in 1...7 {
                let response = try await sprout.send(.GET, "api/reading/catalog/lists/new?size=50&page=\(page)", headers: reader.headers)
                let listed = try response.decode(Reading.CatalogPage.self)
                #expect(listed.total == 300)
                seeded += listed.books
            }
            #expect(seeded.count == 300 && Set(seeded.map(\.isbn13)).count == 300)
            #expect(seeded.allSatisfy { Reading.BookRules.isbn13($0.isbn13) == $0.isbn13 }, "every seeded ISBN-13 is valid")
            #expect(seeded.allSatisfy { !$0.title.isEmpty && !$0.author.isEmpty })
            #expect(seeded.first?.publishedOn == "2016" && seeded.last?.publishedOn == "", "the newest first; the years before the common era unknown")

            let potter = try await search("harry potter and the", sprout, by: reader)
            #expect(potter.total == 8 && potter.books.allSatisfy { $0.title.hasPrefix("Harry Potter") })

            let hobbit = try #require(seeded.first { $0.title == "The Hobbit" })
            try await sprout.addBook(Reading.NewBook(isbn13: hobbit.isbn13, title: "The Hobbit", author: "J.R.R. Tolkien", pages: 366), by: reader)
            let best = try await sprout.send(.GET, "api/reading/catalog/lists/bestseller?size=1", headers: reader.headers).decode(Reading.CatalogPage.self)
            #expect(best.books.map(\.title) == ["The Hobbit"] && best.books.first?.pages == 366 && best.total == 300,
                    "a seeded book a reader shelves leads the list, with the pages that reader gave it")
        }
    }

    @Test func theListsRankByReadersAndByPublicationAndPage() async throws {
        try await withReadingSprout { sprout in
            let readers = [try await sprout.reader("a"), try await sprout.reader("b"), try await sprout.reader("c")]
            for reader in readers { try await sprout.addBook(Books.almond, by: reader) }
            for reader in readers.prefix(2) { try await sprout.addBook(Books.vegetarian, by: reader) }
            sprout.clock.advance(by: 60)
            try await sprout.addBook(Reading.NewBook(isbn13: "9780571311576", title: "Solaris"), by: readers[0])

            let best = try await sprout.send(.GET, "api/reading/catalog/lists/bestseller?size=3", headers: readers[0].headers).decode(Reading.CatalogPage.self)
            #expect(best.books.map(\.title) == ["아몬드", "채식주의자", "Solaris"] && best.total == 303, "the seed's 300 below")
            let newest = try await sprout.send(.GET, "api/reading/catalog/lists/new?page=150&size=2", headers: readers[0].headers).decode(Reading.CatalogPage.self)
            #expect(newest.books.first?.title == "Solaris", "of the books with no publication day, the last learned first")
            let second = try await sprout.send(.GET, "api/reading/catalog/lists/bestseller?page=2&size=2", headers: readers[0].headers).decode(Reading.CatalogPage.self)
            #expect(second.books.first?.title == "Solaris" && second.page == 2 && second.pageSize == 2 && second.total == 303)
            #expect(try await search("채식주의자", sprout, by: readers[2], extra: "&page=2").books.isEmpty)
        }
    }

    @Test func aBookByISBNAndEveryRefusal() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            try await sprout.addBook(Books.vegetarian, by: reader)
            let found = try await sprout.send(.GET, "api/reading/catalog/isbn/9788936434816", headers: reader.headers)
            #expect(try found.decode(Reading.CatalogBook.self).title == "채식주의자")
            #expect(try await sprout.send(.GET, "api/reading/catalog/isbn/9780571311576", headers: reader.headers).status.code == 404)
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
