import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// The Kakao adapter, alone (`SPROUT_BOOK_CATALOGUES=kakao`), against a local fake of Kakao's
/// documented book search.
@Suite struct KakaoBookCatalogueTests {
    static let books = [
        FakeKakaoBooks.Book(title: "채식주의자", authors: ["한강"], publisher: "창비", isbn: "8936434810 9788936434816",
                            datetime: "2007-10-30T00:00:00.000+09:00", contents: "어느 날 영혜는 꿈을 꾼다.",
                            thumbnail: "https://search1.kakaocdn.net/thumb/R120x174.q85/?fname=veg"),
        FakeKakaoBooks.Book(title: "소년이 온다", authors: ["한강"], publisher: "창비", isbn: " 9788936434120", datetime: "2014-05-19T00:00:00.000+09:00"),
        FakeKakaoBooks.Book(title: "한강 에세이 (전자책)", authors: ["한강"], publisher: "문학동네", isbn: ""),
        FakeKakaoBooks.Book(title: "흰", authors: ["한강"], publisher: "문학동네", isbn: "8954651135 ", datetime: "미정"),
    ]

    func withKakao(key: String = FakeKakaoBooks.key, sources: String = "kakao", _ test: (FakeKakaoBooks, TestSprout) async throws -> Void) async throws {
        try await withFakeKakaoBooks { fake in
            fake.books.withLockedValue { $0 = Self.books }
            try await withCatalogues(fake.environment(sources: sources, key: key)) { sprout in try await test(fake, sprout) }
        }
    }

    @Test func documentsAreReadIntoBooksWithTheKeyInTheHeader() async throws {
        try await withKakao { fake, sprout in
            let reader = try await sprout.reader()
            let found = try await sprout.catalogue(search: "한강", by: reader)
            #expect(found.books.map(\.isbn13) == ["9788936434816", "9788936434120", "9788954651134"], "ISBN-13 of \"10 13\"; an ISBN-10 alone as its ISBN-13; the e-book without one left out")
            #expect(found.total == 4, "meta.pageable_count")
            let vegetarian = try #require(found.books.first)
            #expect(vegetarian == Reading.CatalogBook(
                isbn13: "9788936434816", title: "채식주의자", author: "한강", publisher: "창비", description: "어느 날 영혜는 꿈을 꾼다.",
                cover: "https://search1.kakaocdn.net/thumb/R120x174.q85/?fname=veg",
                link: "https://search.daum.net/search?w=bookpage&bookId=1&q=%EC%B1%84%EC%8B%9D%EC%A3%BC%EC%9D%98%EC%9E%90", publishedOn: "2007-10-30"
            ))
            #expect(found.books.last?.publishedOn == "", "a datetime that is no day")

            let call = try #require(fake.calls.withLockedValue { $0 }.last)
            #expect(call.authorization == "KakaoAK \(FakeKakaoBooks.key)")
            #expect(call.query["query"] == "한강" && call.query["page"] == "1" && call.query["size"] == "20" && call.query["target"] == nil)

            let looked = try await sprout.catalogue(isbn: "9788936434120", by: reader)
            #expect(looked.status.code == 200)
            #expect(try looked.decode(Reading.CatalogBook.self).title == "소년이 온다")
            let lookUp = try #require(fake.calls.withLockedValue { $0 }.last)
            #expect(lookUp.query["target"] == "isbn" && lookUp.query["query"] == "9788936434120")
        }
    }

    @Test func pastKakaosFiftiethPageNothingIsAsked() async throws {
        try await withKakao { fake, sprout in
            let reader = try await sprout.reader()
            let far = try await sprout.catalogue(search: "한강", page: 51, size: 1, by: reader)
            #expect(far.books.isEmpty && fake.calls.withLockedValue { $0.count } == 0)
        }
    }

    @Test func aWrongKeyIsA503AloneAndTheLocalCatalogueWithIt() async throws {
        try await withKakao(key: "wrong") { fake, sprout in
            let reader = try await sprout.reader()
            let refused = try await sprout.catalogueSearch("한강", by: reader)
            #expect(refused.status.code == 503 && refused.headers.first(name: "Retry-After") == nil)
            #expect(fake.calls.withLockedValue { $0 }.last?.authorization == "KakaoAK wrong")
        }
        try await withKakao(key: "wrong", sources: "local,kakao") { _, sprout in
            let reader = try await sprout.reader()
            let local = try await sprout.catalogue(search: "hobbit", by: reader)
            #expect(local.books.first?.isbn13 == "9780618260300", "Kakao refuses; the local catalogue answers")
        }
    }
}
