import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct LibraryListingTests {
    /// Four books added a minute apart, on three shelves.
    func shelves(_ sprout: TestSprout, _ reader: Reader) async throws {
        for book in [
            Reading.NewBook(title: "채식주의자", author: "한강", pages: 247, status: .read),
            Reading.NewBook(title: "Dune", author: "Frank Herbert", pages: 896, status: .reading),
            Reading.NewBook(title: "아몬드", author: "손원평", pages: 264),
            Reading.NewBook(title: "소년이 온다", author: "한강", pages: 216),
        ] {
            try await sprout.addBook(book, by: reader)
            sprout.clock.advance(by: 60)
        }
    }

    @Test func sortsByAddedTitleOrPagesEitherWay() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            try await shelves(sprout, reader)
            let titles = { (query: String) in try await sprout.library(query, of: reader).map(\.title) }
            #expect(try await titles("") == ["소년이 온다", "아몬드", "Dune", "채식주의자"], "newest first")
            #expect(try await titles("?sort=added&order=asc") == ["채식주의자", "Dune", "아몬드", "소년이 온다"])
            #expect(try await titles("?sort=title") == ["Dune", "소년이 온다", "아몬드", "채식주의자"], "A to Z, then 가나다")
            #expect(try await titles("?sort=title&order=desc") == ["채식주의자", "아몬드", "소년이 온다", "Dune"])
            #expect(try await titles("?sort=pages") == ["Dune", "아몬드", "채식주의자", "소년이 온다"], "thickest first")
            #expect(try await titles("?sort=pages&order=asc") == ["소년이 온다", "채식주의자", "아몬드", "Dune"])
        }
    }

    @Test func keepsOneShelf() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            try await shelves(sprout, reader)
            #expect(try await sprout.library("?status=to-read", of: reader).map(\.title) == ["소년이 온다", "아몬드"])
            #expect(try await sprout.library("?status=reading", of: reader).map(\.title) == ["Dune"])
            #expect(try await sprout.library("?status=read", of: reader).map(\.title) == ["채식주의자"])
        }
    }

    @Test func searchesTitleAndAuthorInAnyCaseKoreanIncluded() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            try await shelves(sprout, reader)
            let found = { (q: String) in
                try await sprout.library("?q=" + (q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q), of: reader).map(\.title)
            }
            #expect(try await found("한강") == ["소년이 온다", "채식주의자"], "by author")
            #expect(try await found("소년") == ["소년이 온다"], "by part of a title")
            #expect(try await found("dUNE") == ["Dune"], "any case")
            #expect(try await found("herbert") == ["Dune"])
            // 아몬드 typed on a Mac arrives decomposed into jamo.
            #expect(try await found("아몬드".decomposedStringWithCanonicalMapping) == ["아몬드"])
            #expect(try await found("%") == [], "LIKE's wildcards are taken literally")
            #expect(try await found("_") == [])
            #expect(try await found("없는 책") == [])
            #expect(try await sprout.library("?q=%ED%95%9C%EA%B0%95&status=read&sort=title", of: reader).map(\.title) == ["채식주의자"], "search, shelf and sort together")
        }
    }

    @Test func anotherReadersBooksAreNeverListed() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            try await shelves(sprout, reader)
            let other = try await sprout.reader("other")
            #expect(try await sprout.library(of: other).isEmpty)
            #expect(try await sprout.library("?q=%ED%95%9C%EA%B0%95", of: other).isEmpty)
        }
    }

    @Test func refusesWhatItCannotRead() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let longSearch = String(repeating: "가", count: 101).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            for query in ["?sort=rating", "?order=up", "?status=finished", "?status=2", "?q=" + longSearch, "?sort=%00"] {
                let response = try await sprout.send(.GET, "api/reading/library" + query, headers: reader.headers)
                #expect(response.status.code == 400, "\(query.prefix(40))")
                #expect(try response.jsonObject()["error"] as? Bool == true)
            }
            #expect(try await sprout.library("?q=&sort=&order=", of: reader).isEmpty, "empty parameters are absent ones")
        }
    }
}
