import Foundation
import SproutAPI
import SproutTestSupport
import Testing

/// Every string and number is bounded at the edge: what cannot be read is a 400, what the rules
/// refuse a 422 naming the field, and neither changes anything.
@Suite struct HostileInputTests {
    static let json = ["Content-Type": "application/json"]

    @Test(arguments: [
        (#"{"title":"A","pages":1e308}"#, 400),
        (#"{"title":"A","pages":99999999999999999999999}"#, 400),
        (#"{"title":"A","pages":1.5}"#, 400),
        (#"{"title":"A","pages":"300"}"#, 400),
        (#"{"title":"A","status":"finished"}"#, 400),
        (#"{"title":"A","rating":null,"pages":-1}"#, 422),
        (#"{"title":"A","pages":100001}"#, 422),
        (#"{"title":"A","rating":6}"#, 422),
        (#"{"title":"A","rating":-1}"#, 422),
        (#"{"title":"   "}"#, 422),
        (#"{"title":"A","isbn13":"9788936434810"}"#, 422),
        (#"{"title":"A","isbn13":"978893643481"}"#, 422),
        (#"{"title":"A","isbn13":"97889364348１6"}"#, 422),
        (#"{"title":"A","cover":"javascript:alert(1)"}"#, 422),
        (#"{"title":"A","link":"file:///etc/passwd"}"#, 422),
        (#"{"title":"A","cover":"https://covers.example%0a.com/a.jpg"}"#, 422),
        (#"{"title":"A","link":"https://example.com/a\nb"}"#, 422),
        (#"{"title":"A","link":"https://example.com/%1b[31m"}"#, 422),
        (#"{"title":"A","status":"read","started_on":"2026-02-30"}"#, 422),
        (#"{"title":"A","status":"read","started_on":"2026-01-02","finished_on":"2026-01-01"}"#, 422),
        (#"{"title":"A","finished_on":"20260101"}"#, 422),
        (#"{"pages":3}"#, 400),
        (#"["title"]"#, 400),
        (#"{"title":"A""#, 400),
        ("", 400),
    ])
    func aNewBookThatCannotBeTakenChangesNothing(body: String, status: Int) async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let response = try await sprout.send(.POST, "api/reading/library", headers: reader.headers.merging(Self.json) { $1 }, body: body)
            #expect(response.status.code == UInt(status), "\(String(buffer: response.body))")
            #expect(try response.jsonObject()["error"] as? Bool == true)
            #expect(try await sprout.library(of: reader).isEmpty)
        }
    }

    @Test func aRefusalNamesEveryField() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let response = try await sprout.send(.POST, "api/reading/library", headers: reader.headers,
                                                 json: Reading.NewBook(title: "", pages: -1, rating: 9))
            #expect(response.status.code == 422)
            #expect(try response.jsonObject()["reason"] as? String == "pages: must be 0 to 100000, rating: must be 0 to 5, title: required")
        }
    }

    @Test func stringsAreBounded() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let longest = String(repeating: "책", count: Reading.BookRules.titleLength)
            #expect(try await sprout.addBook(Reading.NewBook(title: longest), by: reader).title == longest)
            for draft in [
                Reading.NewBook(title: longest + "책"),
                Reading.NewBook(title: "B", author: String(repeating: "a", count: Reading.BookRules.authorLength + 1)),
                Reading.NewBook(title: "B", description: String(repeating: "a", count: Reading.BookRules.descriptionLength + 1)),
                Reading.NewBook(title: "B", cover: "https://example.com/" + String(repeating: "a", count: Reading.BookRules.urlLength)),
            ] {
                #expect(try await sprout.send(.POST, "api/reading/library", headers: reader.headers, json: draft).status.code == 422)
            }
            let huge = #"{"title":""# + String(repeating: "a", count: 2_000_000) + #""}"#
            let tooLarge = try await sprout.send(.POST, "api/reading/library", headers: reader.headers.merging(Self.json) { $1 }, body: huge)
            // Over a socket the 1 MB body limit answers 413 first; in process the body arrives whole
            // and the title's bound refuses it.
            #expect([413, 422].contains(tooLarge.status.code), "\(String(buffer: tooLarge.body))")
            #expect(try await sprout.library(of: reader).count == 1)
        }
    }

    @Test(arguments: [
        (#"{"pages":1e308}"#, 400), (#"{"rating":-1}"#, 422), (#"{"rating":1e308}"#, 400), (#"{"title":""}"#, 422),
        (#"{"status":"done"}"#, 400), (#"{"started_on":"tomorrow"}"#, 422), (#"{"finished_on":"2025-12-31","started_on":"2026-01-01"}"#, 422), ("nope", 400),
    ])
    func aChangeThatCannotBeTakenChangesNothing(body: String, status: Int) async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let response = try await sprout.send(.PATCH, "api/reading/library/\(book.id)", headers: reader.headers.merging(Self.json) { $1 }, body: body)
            #expect(response.status.code == UInt(status), "\(String(buffer: response.body))")
            #expect(try await sprout.library(of: reader) == [book])
        }
    }

    @Test func timerAndStatsParametersAreBounded() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            for body in [#"{"book_id":1e308}"#, #"{"book_id":null}"#, "{}", "[]"] {
                let response = try await sprout.send(.POST, "api/reading/timer/start", headers: reader.headers.merging(Self.json) { $1 }, body: body)
                #expect(response.status.code == 400, "\(body)")
            }
            for id in ["x", String(repeating: "f", count: 100_000)] {
                let response = try await sprout.send(.POST, "api/reading/timer/start", headers: reader.headers, json: Reading.TimerStart(bookID: id))
                #expect(response.status.code == 404)
            }
            for query in ["?year=1e308", "?year=-1", "?year=99999999999999999999", "?year=2026.5", "?month=13", "?month=0", "?year=1899", "?month=-1", "?year=%00"] {
                let response = try await sprout.send(.GET, "api/reading/stats" + query, headers: reader.headers)
                #expect(response.status.code == 400, "\(query)")
                #expect(try response.jsonObject()["error"] as? Bool == true)
            }
            #expect(try await sprout.timer("", by: reader)?.state == .idle)
        }
    }
}
