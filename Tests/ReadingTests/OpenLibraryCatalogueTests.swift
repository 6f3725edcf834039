import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// The Open Library adapter, alone (`SPROUT_BOOK_CATALOGUES=openlibrary`), against a local fake of
/// its documented search.
@Suite struct OpenLibraryCatalogueTests {
    static let works = [
        FakeOpenLibrary.Work(id: "OL1W", title: "The Little Prince", authors: ["Antoine de Saint-Exupéry"], publishers: ["Harcourt", "열린책들"],
                             firstPublishYear: 1943, pagesMedian: 96, isbns: ["0156012197", "9780156012195", "9788932917245"], coverID: 10_523_466),
        FakeOpenLibrary.Work(id: "OL2W", title: "Prince Caspian", authors: ["C. S. Lewis"], pagesMedian: 250_000, isbns: ["0064405001"]),
        FakeOpenLibrary.Work(id: "OL3W", title: "The Prince of Nothing", authors: ["R. Scott Bakker"], isbns: []),
    ]

    func withOpenLibrary(_ test: (FakeOpenLibrary, TestSprout) async throws -> Void) async throws {
        try await withFakeOpenLibrary { fake in
            fake.works.withLockedValue { $0 = Self.works }
            try await withCatalogues(fake.environment(sources: "openlibrary")) { sprout in try await test(fake, sprout) }
        }
    }

    @Test func worksAreReadIntoBooksWithTheirCoversAndFirstISBN13() async throws {
        try await withOpenLibrary { fake, sprout in
            let reader = try await sprout.reader()
            let found = try await sprout.catalogue(search: "prince", by: reader)
            #expect(found.books.map(\.isbn13) == ["9780156012195", "9780064405003"], "the first ISBN-13 of the work; an ISBN-10 alone read as its ISBN-13; a work without one left out")
            #expect(found.total == 3, "numFound")
            let prince = try #require(found.books.first)
            #expect(prince == Reading.CatalogBook(
                isbn13: "9780156012195", title: "The Little Prince", author: "Antoine de Saint-Exupéry", publisher: "Harcourt",
                cover: "https://covers.example.org/b/id/10523466-L.jpg", link: fake.baseURL + "/works/OL1W", pages: 96, publishedOn: "1943"
            ))
            let caspian = try #require(found.books.last)
            #expect(caspian.cover == "" && caspian.pages == Reading.BookRules.pages.upperBound && caspian.publishedOn == "" && caspian.publisher == "")

            let call = try #require(fake.calls.withLockedValue { $0 }.last)
            #expect(call.query["q"] == "prince" && call.query["page"] == "1" && call.query["limit"] == "20")
            #expect(call.query["fields"] == "key,title,author_name,publisher,first_publish_year,number_of_pages_median,isbn,cover_i")
            #expect(call.userAgent.hasPrefix("Sprout"), "Open Library asks applications to name themselves")
        }
    }

    @Test func aLookUpShowsTheWorkUnderTheISBNAskedFor() async throws {
        try await withOpenLibrary { fake, sprout in
            let reader = try await sprout.reader()
            let looked = try await sprout.catalogue(isbn: "9788932917245", by: reader)
            #expect(looked.status.code == 200)
            let book = try looked.decode(Reading.CatalogBook.self)
            #expect(book.isbn13 == "9788932917245" && book.title == "The Little Prince")
            #expect(fake.calls.withLockedValue { $0 }.last?.query["q"] == "isbn:9788932917245")
            #expect(try await sprout.catalogue(isbn: "9791162203620", by: reader).status.code == 404)
        }
    }

    @Test func anOpenLibraryThatCannotBeReachedIsA503() async throws {
        // Nothing listens on the discard port.
        try await withCatalogues(["SPROUT_BOOK_CATALOGUES": "openlibrary", "SPROUT_OPEN_LIBRARY_URL": "http://127.0.0.1:9",
                                  "SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS": "1"]) { sprout in
            let reader = try await sprout.reader()
            #expect(try await sprout.catalogueSearch("prince", by: reader).status.code == 503)
            #expect(try await sprout.send(.GET, "api/reading/library", headers: reader.headers).status.code == 200)
        }
    }
}
