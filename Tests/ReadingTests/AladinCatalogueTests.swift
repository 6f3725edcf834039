import Foundation
import Platform
import PlatformCore
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// The Aladin adapter against a local fake that answers as Aladin's Open API documents.
@Suite struct AladinCatalogueTests {
    static let books = [
        FakeAladin.Book(isbn13: "9788936434816", title: "채식주의자", author: "한강", publisher: "창비", pages: 247, pubDate: "2007-10-30"),
        FakeAladin.Book(isbn13: "9788936434595", title: "아몬드", author: "손원평", publisher: "창비", pages: 264, pubDate: "2017-03-31"),
        FakeAladin.Book(isbn13: "9780441172719", title: "Dune's World", author: "Frank Herbert", publisher: "Ace", pages: 658, pubDate: "1990-09-01"),
    ]

    func withAladinSprout(
        _ fake: FakeAladin, key: String = FakeAladin.key, dailyLimit: Int = 5000, url: String? = nil, timeoutSeconds: Int? = nil,
        _ test: (TestSprout) async throws -> Void
    ) async throws {
        fake.books.withLockedValue { $0 = Self.books }
        var environment = fake.environment(key: key, dailyLimit: dailyLimit)
        if let url { environment["SPROUT_ALADIN_URL"] = url }
        if let timeoutSeconds { environment["SPROUT_ALADIN_TIMEOUT_SECONDS"] = String(timeoutSeconds) }
        try await withSprout(configure: { config in
            config.accessTokenLifetime = 10 * 366 * 86_400
            config.environment = EnvironmentReader(environment)
        }, test)
    }

    @Test func searchLookUpAndListsSpeakAladinsAPI() async throws {
        try await withFakeAladin { fake in
            try await withAladinSprout(fake) { sprout in
                let reader = try await sprout.reader()
                let found = try await sprout.send(.GET, "api/reading/catalog/search?q=dune&size=5&page=1", headers: reader.headers)
                #expect(found.status.code == 200, "\(found.body.string)")
                let page = try found.decode(Reading.CatalogPage.self)
                #expect(page.total == 1 && page.books.count == 1, "the e-book without an ISBN-13 is dropped")
                let dune = try #require(page.books.first)
                #expect(dune.title == "Dune's World", "Aladin's \\' read as an apostrophe")
                #expect(dune.author == "Frank Herbert" && dune.publisher == "Ace" && dune.category == "국내도서>소설/시/희곡")
                #expect(dune.cover.hasSuffix("cover500.jpg") && dune.publishedOn == "1990-09-01" && dune.description == "It's a book.")
                let search = try #require(fake.calls.withLockedValue { $0 }.last)
                #expect(search.endpoint == "ItemSearch.aspx")
                #expect(search.query["Query"] == "dune" && search.query["MaxResults"] == "5" && search.query["Start"] == "1")
                #expect(search.query["Output"] == "JS" && search.query["Version"] == "20131101" && search.query["SearchTarget"] == "Book")

                let looked = try await sprout.send(.GET, "api/reading/catalog/isbn/9788936434816", headers: reader.headers).decode(Reading.CatalogBook.self)
                #expect(looked.title == "채식주의자" && looked.pages == 247, "a look-up has the page count (subInfo.itemPage)")
                #expect(try await sprout.send(.GET, "api/reading/catalog/isbn/9791162203620", headers: reader.headers).status.code == 404)

                let newest = try await sprout.send(.GET, "api/reading/catalog/lists/new?size=2", headers: reader.headers).decode(Reading.CatalogPage.self)
                #expect(newest.books.map(\.title) == ["아몬드", "채식주의자"] && newest.total == 3)
                #expect(fake.calls.withLockedValue { $0 }.last?.query["QueryType"] == "ItemNewAll")
                let second = try await sprout.send(.GET, "api/reading/catalog/lists/bestseller?page=2&size=2", headers: reader.headers).decode(Reading.CatalogPage.self)
                #expect(second.books.map(\.title) == ["Dune's World"])
                #expect(fake.calls.withLockedValue { $0 }.last?.query["QueryType"] == "Bestseller")
            }
        }
    }

    @Test func aWrongKeyOrAnAladinThatIsDownIsA503AndTheServerGoesOn() async throws {
        try await withFakeAladin { fake in
            try await withAladinSprout(fake, key: "wrong") { sprout in
                let reader = try await sprout.reader()
                let refused = try await sprout.send(.GET, "api/reading/catalog/search?q=dune", headers: reader.headers)
                #expect(refused.status.code == 503 && refused.headers.first(name: "Retry-After") == nil)
                #expect(try refused.jsonObject()["error"] as? Bool == true)
            }
            // Nothing listens on the discard port; the client would try to connect for its full deadline.
            try await withAladinSprout(fake, url: "http://127.0.0.1:9/ttb/api/", timeoutSeconds: 1) { sprout in
                let reader = try await sprout.reader()
                let down = try await sprout.send(.GET, "api/reading/catalog/lists/bestseller", headers: reader.headers)
                #expect(down.status.code == 503)
                #expect(try await sprout.send(.GET, "api/reading/library", headers: reader.headers).status.code == 200)
            }
        }
    }

    @Test func theDailyQuotaStopsCallsUntilMidnightInSeoul() async throws {
        try await withFakeAladin { fake in
            try await withAladinSprout(fake, dailyLimit: 2) { sprout in
                let reader = try await sprout.reader()
                for _ in 0..<2 {
                    let listed = try await sprout.send(.GET, "api/reading/catalog/lists/new", headers: reader.headers)
                    #expect(listed.status.code == 200, "\(listed.body.string)")
                }
                let spent = try await sprout.send(.GET, "api/reading/catalog/lists/new", headers: reader.headers)
                #expect(spent.status.code == 503)
                // The manual clock reads 2026-01-01 09:00 in Seoul: midnight is 15 hours away.
                #expect(spent.headers.first(name: "Retry-After") == "54000")
                #expect(fake.calls.withLockedValue { $0.count } == 2, "a spent quota asks Aladin nothing")
                sprout.clock.advance(by: 54_000)
                #expect(try await sprout.send(.GET, "api/reading/catalog/lists/new", headers: reader.headers).status.code == 200)
            }
        }
    }
}
