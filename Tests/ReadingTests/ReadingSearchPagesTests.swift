import Foundation
import Platform
import PlatformCore
@testable import Reading
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

@Suite struct ReadingSearchPagesTests {
    @Test func recommendationsThenASearchThenOneTapToShelve() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await ReadingPagesTests().signedIn(sprout)
            let other = try await sprout.reader("other")
            try await sprout.addBook(Books.vegetarian, by: other)
            try await sprout.addBook(Books.almond, by: other)

            let home = String(buffer: try await browser.get("/reading/search").body)
            #expect(home.contains(#"id="bestsellers""#) && home.contains("채식주의자") && home.contains("아몬드"))
            let found = String(buffer: try await browser.get("/reading/search?q=%EC%B1%84%EC%8B%9D").body)
            #expect(found.contains("검색 결과 1권") && found.contains(#"data-isbn="9788936434816""#) && !found.contains("아몬드"))
            let nothing = String(buffer: try await browser.get("/reading/search?q=%3Cscript%3E&page=999").body)
            #expect(nothing.contains("검색 결과 0권") && nothing.contains(#"value="&lt;script&gt;""#))

            let csrf = try await browser.csrfToken(from: "/reading/search")
            let added = try await browser.post("/reading/search/add", form: ["isbn13": "9788936434816"], csrf: csrf)
            let book = try #require(try await sprout.library(of: reader).first)
            #expect(added.headers.first(name: .location) == "/reading/books/\(book.id)")
            #expect(book.title == "채식주의자" && book.author == "한강" && book.pages == 247)
            let again = try await browser.post("/reading/search/add", form: ["isbn13": "978-89-364-3481-6"], csrf: csrf)
            #expect(again.headers.first(name: .location) == "/reading/books/\(book.id)?done=exists")
            #expect(try await browser.post("/reading/search/add", form: ["isbn13": "9780441172719"], csrf: csrf).status.code == 404)
            #expect(try await browser.post("/reading/search/add", form: ["isbn13": "nope"], csrf: csrf).status.code == 404)
        }
    }

    @Test func anEmptySearchOffersTheBookByHandWithWhatWasSearchedAsItsTitle() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await ReadingPagesTests().signedIn(sprout)
            let nothing = String(buffer: try await browser.get("/reading/search?q=%EB%82%B4%20%EC%B1%85%20%26%20%EB%84%88").body)
            #expect(nothing.contains("검색 결과 0권"))
            #expect(nothing.contains(#"<a id="add-by-hand" href="/reading/books/new?title=%EB%82%B4%20%EC%B1%85%20%26%20%EB%84%88">"#), "\(nothing)")
            let form = String(buffer: try await browser.get("/reading/books/new?title=%EB%82%B4%20%EC%B1%85%20%26%20%EB%84%88").body)
            #expect(form.contains(#"value="내 책 &amp; 너" required"#))
            let byISBN = String(buffer: try await browser.get("/reading/search?q=9791190090018").body)
            #expect(byISBN.contains(#"href="/reading/books/new?isbn13=9791190090018""#), "an ISBN the catalogue lacks fills the ISBN")

            try await sprout.addBook(Reading.NewBook(title: "소년이 온다", author: "한강"), by: reader)
            let shelf = String(buffer: try await browser.get("/reading?q=%E3%85%85%E3%84%B4%E3%85%87").body)
            #expect(shelf.contains("소년이 온다"), "the shelves' search forgives as the catalogue's does: 초성 on a book added by hand")
            #expect(try await sprout.library("?q=%EC%86%8C%EB%85%84%EC%9D%B4%EC%98%A8%EB%8B%A4", of: reader).map(\.title) == ["소년이 온다"], "and spacing, in the API too")
        }
    }

    @Test func booksWithoutAPictureGetACoverDrawnFromTheirTitle() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await ReadingPagesTests().signedIn(sprout)
            let hobbit = String(buffer: try await browser.get("/reading/search?q=hobbit").body)
            #expect(hobbit.contains(#"<div class="book-cover drawn-cover tone-"#) && hobbit.contains(#"aria-label="The Hobbit""#), "the seed has no pictures")
            #expect(!hobbit.contains("<img"))

            let hostile = #"<b onmouseover="x">"#
            try await sprout.addBook(Reading.NewBook(title: hostile, author: "\"><i>"), by: reader)
            let shelf = String(buffer: try await browser.get("/reading").body)
            #expect(shelf.contains(#"aria-label="&lt;b onmouseover=&quot;x&quot;&gt;""#) && shelf.contains("&lt;b onmouseover") && !shelf.contains("<b onmouseover"))
            #expect(!shelf.contains("<i>"))
            #expect(Set(["Dune", "채식주의자", "The Hobbit", "소년이 온다", hostile].map(BookCoverView.tone(of:))).count > 2, "titles spread over the tones")
            #expect(BookCoverView.tone(of: "The Hobbit") == 1 && BookCoverView.tone(of: "") == 0, "the same tone on every start, not Swift's per-run hash")
        }
    }

    @Test func anUnreachableCatalogueIsSaidOnThePage() async throws {
        try await withSprout(configure: { config in
            config.environment = EnvironmentReader(["SPROUT_BOOK_CATALOGUES": "aladin", "SPROUT_ALADIN_TTB_KEY": "key", "SPROUT_ALADIN_URL": "http://127.0.0.1:9/ttb/api/"])
        }) { sprout in
            let (browser, _) = try await ReadingPagesTests().signedIn(sprout)
            let page = try await browser.get("/reading/search?q=dune")
            #expect(page.status.code == 200 && String(buffer: page.body).contains(#"id="catalogue-unavailable""#))
        }
    }

    @Test func theServiceWorkerIsServedFromUnderReadingSoItControlsThosePages() async throws {
        try await withReadingSprout { sprout in
            let worker = try await sprout.send(.GET, "reading/sw.js")
            #expect(worker.status.code == 200)
            #expect(worker.headers.first(name: .contentType) == "text/javascript; charset=utf-8")
            #expect(worker.headers.first(name: .cacheControl) == "no-cache")
            #expect(worker.body.string.contains("offline=queued"))
        }
    }
}
