import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// The Google Books adapter, alone (`SPROUT_BOOK_CATALOGUES=google`), against a local fake that
/// answers as Google's volumes API documents.
@Suite struct GoogleBooksCatalogueTests {
    static let volumes = [
        FakeGoogleBooks.Volume(
            id: "veg", title: "채식주의자", subtitle: "한강 장편소설", authors: ["한강"], publisher: "창비", publishedDate: "2007-10-30", pageCount: 247,
            isbn13: "9788936434816", isbn10: "8936434810", thumbnail: "http://books.google.com/books/content?id=veg&printsec=frontcover&img=1&zoom=1",
            description: "<p>어느 날 <b>영혜</b>는 &quot;꿈&quot;을 꾼다.</p>"
        ),
        FakeGoogleBooks.Volume(id: "dune", title: "Dune", authors: ["Frank Herbert"], publisher: "Ace", publishedDate: "1990-09", pageCount: 200_000,
                               isbn13: nil, isbn10: "0441172717"),
        FakeGoogleBooks.Volume(id: "mag", title: "Dune Fan Magazine", authors: ["Editors"], publishedDate: "2020", pageCount: 40, isbn13: nil),
        FakeGoogleBooks.Volume(id: "messiah", title: "Dune Messiah", authors: ["Frank Herbert", "Brian Herbert"], publishedDate: "someday", pageCount: -5,
                               isbn13: "9780441172696"),
    ]

    func withGoogle(key: String? = nil, _ test: (FakeGoogleBooks, TestSprout) async throws -> Void) async throws {
        try await withFakeGoogleBooks { fake in
            fake.volumes.withLockedValue { $0 = Self.volumes }
            try await withCatalogues(fake.environment(sources: "google", key: key)) { sprout in try await test(fake, sprout) }
        }
    }

    @Test func volumesAreReadIntoBooksTheLibraryTakes() async throws {
        try await withGoogle { fake, sprout in
            let reader = try await sprout.reader()
            let dune = try await sprout.catalogue(search: "dune", size: 5, by: reader)
            #expect(dune.books.map(\.isbn13) == ["9780441172719", "9780441172696"], "an ISBN-10 read as its ISBN-13; the magazine without an ISBN left out")
            #expect(dune.total == 3 && dune.page == 1 && dune.pageSize == 5, "Google's totalItems")
            let first = try #require(dune.books.first)
            #expect(first.pages == Reading.BookRules.pages.upperBound && first.publishedOn == "1990", "pages within the library's bounds, a month is a year")
            let messiah = try #require(dune.books.last)
            #expect(messiah.pages == 0 && messiah.publishedOn == "" && messiah.author == "Frank Herbert, Brian Herbert" && messiah.cover == "")

            let vegetarian = try #require(try await sprout.catalogue(search: "채식", by: reader).books.first)
            #expect(vegetarian.title == "채식주의자: 한강 장편소설" && vegetarian.author == "한강" && vegetarian.publisher == "창비")
            #expect(vegetarian.cover == "https://books.google.com/books/content?id=veg&printsec=frontcover&img=1&zoom=1", "asked for over https")
            #expect(vegetarian.publishedOn == "2007-10-30" && vegetarian.pages == 247 && vegetarian.category == "Fiction")
            #expect(vegetarian.description == "어느 날 영혜는 \"꿈\"을 꾼다.", "the HTML description as text")
            #expect(vegetarian.link == "https://books.google.com/books/about/x.html?id=veg")
        }
    }

    @Test func searchesAndLookUpsSpeakTheVolumesAPI() async throws {
        try await withGoogle(key: "google-test-key") { fake, sprout in
            let reader = try await sprout.reader()
            _ = try await sprout.catalogue(search: "dune", page: 2, size: 5, by: reader)
            let search = try #require(fake.calls.withLockedValue { $0 }.last)
            #expect(search["q"] == "dune" && search["startIndex"] == "5" && search["maxResults"] == "5" && search["printType"] == "books")
            #expect(search["key"] == "google-test-key" && search["langRestrict"] == nil)
            _ = try await sprout.catalogue(search: "C++ & you", size: 50, by: reader)
            let large = try #require(fake.calls.withLockedValue { $0 }.last)
            #expect(large["maxResults"] == "40", "Google's most")
            #expect(large["q"] == "C++ & you", "a plus and an ampersand arrive as themselves")

            let looked = try await sprout.catalogue(isbn: "9788936434816", by: reader)
            #expect(looked.status.code == 200)
            #expect(try looked.decode(Reading.CatalogBook.self).pages == 247)
            #expect(fake.calls.withLockedValue { $0 }.last?["q"] == "isbn:9788936434816")
            #expect(try await sprout.catalogue(isbn: "9791162203620", by: reader).status.code == 404)
            let lists = try await sprout.send(.GET, "api/reading/catalog/lists/bestseller", headers: reader.headers)
            #expect(lists.status.code == 200)
            #expect(try lists.decode(Reading.CatalogPage.self).books.isEmpty, "Google has no lists")
        }
    }

    @Test func anOutageOrASpentQuotaIsA503() async throws {
        try await withGoogle { fake, sprout in
            let reader = try await sprout.reader()
            for status in [HTTPResponseStatus.tooManyRequests, .internalServerError, .forbidden] {
                fake.failure.withLockedValue { $0 = status }
                let refused = try await sprout.catalogueSearch("dune \(status.code)", by: reader)
                #expect(refused.status.code == 503, "\(status)")
                #expect(try refused.jsonObject()["error"] as? Bool == true)
            }
        }
    }
}
