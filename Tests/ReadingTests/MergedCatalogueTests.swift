import Foundation
import Platform
import PlatformCore
@testable import Reading
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// The local catalogue with outside ones: local hits first, books merged by ISBN, answers kept an
/// hour, a failing provider left alone for a minute, each provider's calls counted.
@Suite struct MergedCatalogueTests {
    static let googleVolumes = [
        FakeGoogleBooks.Volume(id: "lp", title: "The Little Prince", authors: ["Antoine de Saint-Exupéry"], publisher: "Harcourt", publishedDate: "2000-06-29",
                               pageCount: 96, isbn13: "9780156012195", thumbnail: "http://books.google.com/books/content?id=lp"),
        FakeGoogleBooks.Volume(id: "lpd", title: "The Little Prince Deluxe", authors: ["Antoine de Saint-Exupéry"], pageCount: 120, isbn13: "9780152164157"),
        FakeGoogleBooks.Volume(id: "ko", title: "어린 왕자", authors: ["앙투안 드 생텍쥐페리"], isbn13: "9788932917245"),
    ]
    static let kakaoBooks = [
        FakeKakaoBooks.Book(title: "어린왕자 (열린책들 세계문학)", authors: ["앙투안 드 생텍쥐페리"], publisher: "열린책들", isbn: "8932917248 9788932917245",
                            datetime: "2015-10-20T00:00:00.000+09:00", thumbnail: "https://search1.kakaocdn.net/thumb/?fname=prince"),
        FakeKakaoBooks.Book(title: "어린 왕자 (양장)", authors: ["앙투안 드 생텍쥐페리"], publisher: "문학동네", isbn: "8954640150 9788954640152"),
    ]

    func withGoogleAndKakao(_ extra: [String: String] = [:], _ test: (FakeGoogleBooks, FakeKakaoBooks, TestSprout) async throws -> Void) async throws {
        try await withFakeGoogleBooks { google in
            try await withFakeKakaoBooks { kakao in
                google.volumes.withLockedValue { $0 = Self.googleVolumes }
                kakao.books.withLockedValue { $0 = Self.kakaoBooks }
                let environment = google.environment().merging(kakao.environment()) { $1 }
                    .merging(["SPROUT_BOOK_CATALOGUES": "google,local,kakao"]) { $1 }.merging(extra) { $1 }
                try await withCatalogues(environment) { sprout in try await test(google, kakao, sprout) }
            }
        }
    }

    @Test func theLocalHitsComeFirstAndTheOutsideBooksFillTheirGaps() async throws {
        try await withGoogleAndKakao { _, _, sprout in
            let reader = try await sprout.reader()
            let prince = try await sprout.catalogue(search: "little prince", by: reader)
            #expect(prince.books.map(\.isbn13) == ["9780156012195", "9780152164157"], "the seeded book first, once; then Google's other one")
            let seeded = try #require(prince.books.first)
            #expect(seeded.title == "The Little Prince" && seeded.publishedOn == "1946", "the local description stands")
            #expect(seeded.publisher == "Harcourt" && seeded.pages == 96 && seeded.cover == "https://books.google.com/books/content?id=lp", "its gaps filled")

            let korean = try await sprout.catalogue(search: "어린 왕자", by: reader)
            #expect(korean.books.map(\.isbn13) == ["9788932917245", "9788954640152"], "one book per ISBN, Google's order first")
            let merged = try #require(korean.books.first)
            #expect(merged.title == "어린 왕자", "the first provider's description wins")
            #expect(merged.publisher == "열린책들" && merged.publishedOn == "2015-10-20" && merged.cover.hasPrefix("https://search1.kakaocdn.net/"),
                    "what Google left empty, Kakao filled")
        }
    }

    @Test func anISBNLooksUpThatBookAcrossProviders() async throws {
        try await withGoogleAndKakao { google, kakao, sprout in
            let reader = try await sprout.reader()
            let found = try await sprout.catalogue(search: "978-89-329-1724-5", by: reader)
            #expect(found.books.map(\.isbn13) == ["9788932917245"] && found.total == 1)
            #expect(found.books.first?.publisher == "열린책들" && found.books.first?.title == "어린 왕자")
            #expect(google.calls.withLockedValue { $0 }.last?["q"] == "isbn:9788932917245")
            #expect(kakao.calls.withLockedValue { $0 }.last?.query["target"] == "isbn")
            let looked = try await sprout.catalogue(isbn: "9788932917245", by: reader)
            #expect(try looked.decode(Reading.CatalogBook.self) == found.books.first)
            #expect(google.calls.withLockedValue { $0.count } == 1 && kakao.calls.withLockedValue { $0.count } == 1, "looked up once an hour")
        }
    }

    @Test func theSameSearchWithinTheHourAsksNoOne() async throws {
        try await withGoogleAndKakao { google, kakao, sprout in
            let reader = try await sprout.reader()
            let first = try await sprout.catalogue(search: "어린 왕자", by: reader)
            let again = try await sprout.catalogue(search: "어린 왕자", by: reader)
            #expect(first == again)
            #expect(google.calls.withLockedValue { $0.count } == 1 && kakao.calls.withLockedValue { $0.count } == 1)
            sprout.clock.advance(by: 3_601)
            _ = try await sprout.catalogue(search: "어린 왕자", by: reader)
            #expect(google.calls.withLockedValue { $0.count } == 2 && kakao.calls.withLockedValue { $0.count } == 2, "an hour later it is asked again")
        }
    }

    @Test func aProviderThatFailsIsLeftAloneForAMinuteWhileTheOthersAnswer() async throws {
        try await withGoogleAndKakao { google, kakao, sprout in
            let reader = try await sprout.reader()
            google.failure.withLockedValue { $0 = .internalServerError }
            let prince = try await sprout.catalogue(search: "little prince", by: reader)
            #expect(prince.books.map(\.isbn13) == ["9780156012195"] && prince.books.first?.cover == "", "Google down: the local catalogue answers")
            let korean = try await sprout.catalogue(search: "어린 왕자", by: reader)
            #expect(korean.books.map(\.isbn13) == ["9788932917245", "9788954640152"] && korean.books.first?.title == "어린왕자 (열린책들 세계문학)",
                    "Kakao still answers")
            #expect(google.calls.withLockedValue { $0.count } == 1, "Google is not asked again within the minute")

            google.failure.withLockedValue { $0 = nil }
            sprout.clock.advance(by: 61)
            let hobbit = try await sprout.catalogue(search: "hobbit", by: reader)
            #expect(hobbit.books.first?.isbn13 == "9780618260300")
            #expect(google.calls.withLockedValue { $0.count } == 2, "a minute later it is asked again")
        }
    }

    @Test func withEveryProviderDownTheLocalCatalogueAnswersAndWithoutItA503() async throws {
        let unreachable = ["SPROUT_GOOGLE_BOOKS_URL": "http://127.0.0.1:9", "SPROUT_OPEN_LIBRARY_URL": "http://127.0.0.1:9", "SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS": "1"]
        try await withCatalogues(unreachable.merging(["SPROUT_BOOK_CATALOGUES": "local,google,openlibrary"]) { $1 }) { sprout in
            let reader = try await sprout.reader()
            let dune = try await sprout.catalogue(search: "dune", by: reader)
            #expect(dune.books.first?.isbn13 == "9780340839935" && dune.total == 1)
            #expect(try await sprout.catalogue(isbn: "9780340839935", by: reader).status.code == 200, "a local book, offline")
            #expect(try await sprout.catalogue(isbn: "9788932917245", by: reader).status.code == 404, "offline, only the local catalogue's books")
            let lists = try await sprout.send(.GET, "api/reading/catalog/lists/bestseller?size=5", headers: reader.headers)
            #expect(try lists.decode(Reading.CatalogPage.self).books.count == 5, "the lists are the local catalogue's")
        }
        try await withCatalogues(unreachable.merging(["SPROUT_BOOK_CATALOGUES": "google,openlibrary"]) { $1 }) { sprout in
            let reader = try await sprout.reader()
            #expect(try await sprout.catalogueSearch("dune", by: reader).status.code == 503)
        }
    }

    @Test func eachProvidersCallsAreCountedByTheMinuteAndTheDay() async throws {
        try await withGoogleAndKakao(["SPROUT_BOOK_CATALOGUES": "local,google", "SPROUT_GOOGLE_BOOKS_PER_MINUTE": "2", "SPROUT_GOOGLE_BOOKS_PER_DAY": "3"]) { google, _, sprout in
            let reader = try await sprout.reader()
            for query in ["little", "prince", "hobbit"] {
                #expect(try await sprout.catalogueSearch(query, by: reader).status.code == 200)
            }
            #expect(google.calls.withLockedValue { $0.count } == 2, "the third in the minute is not sent")
            sprout.clock.advance(by: 61)
            _ = try await sprout.catalogue(search: "dune", by: reader)
            #expect(google.calls.withLockedValue { $0.count } == 3)
            sprout.clock.advance(by: 61)
            let past = try await sprout.catalogue(search: "어린 왕자", by: reader)
            #expect(past.total == 0 && google.calls.withLockedValue { $0.count } == 3, "the day's calls are spent: the local catalogue answers")
        }
    }

    @Test func thePagesRunOnFromTheLocalHitsToTheOutsideBooksWithNoneTwice() async throws {
        try await withFakeGoogleBooks { google in
            let companions = (1...10).map { number in
                FakeGoogleBooks.Volume(id: "c\(number)", title: "Harry Potter Companion \(number)", authors: ["Fan"],
                                       isbn13: isbn13("97800000001" + String(number % 10)))
            }
            google.volumes.withLockedValue { $0 = companions }
            try await withCatalogues(google.environment()) { sprout in
                let reader = try await sprout.reader()
                var seen: [Reading.CatalogBook] = []
                for page in 1...5 {
                    let shown = try await sprout.catalogue(search: "harry potter", page: page, size: 5, by: reader)
                    #expect(shown.books.count <= 5)
                    seen += shown.books
                }
                let isbns = seen.map(\.isbn13)
                let outside = companions.compactMap(\.isbn13)
                #expect(Set(isbns).count == isbns.count, "no book twice")
                let local = isbns.filter { !outside.contains($0) }
                #expect(local.count >= 8 && isbns == local + outside, "every local hit, then every outside book in Google's order: \(isbns)")
            }
        }
    }

    @Test func aBookShownIsShelvedWithoutAskingAgainAndThePageLetsItsCoverIn() async throws {
        try await withGoogleAndKakao(["SPROUT_BOOK_CATALOGUES": "local,google"]) { google, _, sprout in
            let (browser, reader) = try await ReadingPagesTests().signedIn(sprout)
            let page = try await browser.get("/reading/search?q=little%20prince")
            #expect(page.headers.first(name: "Content-Security-Policy")?.contains("https://books.google.com") == true)
            #expect(page.body.string.contains(#"data-isbn="9780152164157""#))
            let calls = google.calls.withLockedValue { $0.count }
            let csrf = try await browser.csrfToken(from: "/reading/search")
            let added = try await browser.post("/reading/search/add", form: ["isbn13": "9780152164157"], csrf: csrf)
            #expect(added.status.code == 303 || added.status.code == 302, "\(added.status)")
            let book = try #require(try await sprout.library(of: reader).first)
            #expect(book.title == "The Little Prince Deluxe" && book.pages == 120)
            #expect(google.calls.withLockedValue { $0.count } == calls, "the book the search showed is not looked up again")
            for shelved in ["/reading/books/\(book.id)", "/reading"] {
                let shown = try await browser.get(shelved)
                #expect(shown.status == .ok)
                #expect(shown.headers.first(name: "Content-Security-Policy")?.contains("https://books.google.com") == true, "\(shelved) shows the cover")
            }
        }
    }

    @Test func coversKeptFromAnEarlierCatalogueStillShowAndOnlyOnReadingPages() async throws {
        try await withCatalogues(["SPROUT_BOOK_CATALOGUES": "local"]) { sprout in
            let (browser, _) = try await ReadingPagesTests().signedIn(sprout)
            let shelf = try await browser.get("/reading")
            let policy = try #require(shelf.headers.first(name: "Content-Security-Policy"))
            for origin in ["https://books.google.com", "https://image.aladin.co.kr", "https://*.kakaocdn.net", "https://covers.openlibrary.org"] {
                #expect(policy.contains(origin), "\(origin) in \(policy)")
            }
            let elsewhere = try await browser.get("/")
            #expect(elsewhere.headers.first(name: "Content-Security-Policy")?.contains("books.google.com") == false)
        }
    }
}

/// The parts on their own, on a manual clock.
@Suite struct CataloguePartsTests {
    @Test func aQuotaCountsTheMinuteAndTheReadingDay() throws {
        let time = ManualClock()
        let quota = CallQuota(perMinute: 2, perDay: 3, clock: time.clock, calendar: ReadingCalendar(timeZone: TimeZone(identifier: "Asia/Seoul") ?? .current, name: "Asia/Seoul"))
        try quota.take()
        time.advance(by: 20)
        try quota.take()
        #expect(throws: ReadingError.catalogueUnavailable(retryAfter: 40)) { try quota.take() }
        time.advance(by: 40)
        try quota.take()
        time.advance(by: 60)
        // The manual clock began at 2026-01-01 09:00 in Seoul; a minute and a half on, midnight is 53,880 s away.
        #expect(throws: ReadingError.catalogueUnavailable(retryAfter: 53_880)) { try quota.take() }
        time.advance(by: 53_880)
        try quota.take()
    }

    @Test func aBreakerRestsAProviderForAMinute() {
        let time = ManualClock()
        let breaker = CatalogueBreaker(clock: time.clock)
        #expect(breaker.allows("google"))
        breaker.failed("google")
        #expect(!breaker.allows("google") && breaker.allows("kakao"))
        time.advance(by: 59)
        #expect(!breaker.allows("google"))
        time.advance(by: 1)
        #expect(breaker.allows("google"))
    }

    @Test func theCacheForgetsAfterAnHourAndTheFirstStoredWhenFull() {
        let time = ManualClock()
        let cache = CatalogueCache<Int>(clock: time.clock, capacity: 2, lifetime: 3_600)
        cache.store(1, for: "a")
        cache.store(2, for: "b")
        cache.store(3, for: "c")
        #expect(cache.value("a") == nil && cache.value("b") == 2 && cache.value("c") == 3)
        time.advance(by: 3_600)
        #expect(cache.value("b") == nil)
    }

    @Test func providersDatesAndISBNsAreRead() {
        #expect(ProviderBook.publishedOn("2014-11-17T00:00:00.000+09:00") == "2014-11-17")
        #expect(ProviderBook.publishedOn("2007") == "2007" && ProviderBook.publishedOn("2007-10") == "2007")
        #expect(ProviderBook.publishedOn("2007-02-30") == "2007" && ProviderBook.publishedOn("0999") == "" && ProviderBook.publishedOn("20071") == "")
        #expect(ProviderBook.isbn13(anyOf: ["8936434810", "9788936434816"]) == "9788936434816", "an ISBN-13 before an ISBN-10")
        #expect(ProviderBook.isbn13(anyOf: ["0-441-17271-7"]) == "9780441172719")
        #expect(ProviderBook.isbn13(anyOf: ["0441172718", "9788936434817", ""]) == nil, "wrong check digits")
        let fitted = ProviderBook(isbn13: "9788936434816", title: "  " + String(repeating: "가", count: 400), cover: "javascript:alert(1)", link: "http://x.example/b",
                                  pages: -1).book
        #expect(fitted?.title.count == Reading.BookRules.titleLength && fitted?.cover == "" && fitted?.link == "http://x.example/b" && fitted?.pages == 0)
        #expect(ProviderBook(isbn13: "9788936434816", title: " \n").book == nil)
    }
}
