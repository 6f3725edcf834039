import Foundation
import SQLKit
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

@Suite struct MemoTests {
    @Test func aMemoIsWrittenReadChangedAndRemoved() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let path = "api/reading/library/\(book.id)/memos"

            let created = try await sprout.send(.POST, path, headers: reader.headers, body: #"{"text": "  꿈 이야기가 무섭다  ", "page": 12}"#)
            #expect(created.status.code == 201, "\(created.body.string)")
            let memo = try created.decode(Reading.Memo.self)
            #expect(created.headers.first(name: .location) == "/\(path)/\(memo.id)")
            #expect(memo.text == "꿈 이야기가 무섭다" && memo.page == 12 && memo.bookID == book.id)
            #expect(memo.createdAt == "2026-01-01T00:00:00.000Z" && memo.updatedAt == memo.createdAt)

            sprout.clock.advance(by: 60)
            let second = try await sprout.send(.POST, path, headers: reader.headers, json: Reading.MemoDraft(text: "No page")).decode(Reading.Memo.self)
            #expect(second.page == nil)
            let json = try await sprout.send(.GET, "\(path)/\(second.id)", headers: reader.headers).jsonObject()
            #expect(json["page"] is NSNull, "an absent page is null, not missing")

            let list = try await sprout.send(.GET, path, headers: reader.headers).decode(Reading.Memos.self)
            #expect(list.memos.map(\.id) == [second.id, memo.id], "newest first")
            #expect(list.total == 2)

            sprout.clock.advance(by: 60)
            let changed = try await sprout.send(.PATCH, "\(path)/\(memo.id)", headers: reader.headers, json: ["text": "다시 읽음"])
            #expect(changed.status.code == 200)
            let afterText = try changed.decode(Reading.Memo.self)
            #expect(afterText.text == "다시 읽음" && afterText.page == 12, "a key left out keeps its value")
            #expect(afterText.updatedAt == "2026-01-01T00:02:00.000Z" && afterText.createdAt == memo.createdAt)

            let pageless = try await sprout.send(.PATCH, "\(path)/\(memo.id)", headers: reader.headers, body: #"{"page": null}"#)
            #expect(try pageless.decode(Reading.Memo.self).page == nil, "null takes the page away")
            #expect(try pageless.decode(Reading.Memo.self).text == "다시 읽음")

            let deleted = try await sprout.send(.DELETE, "\(path)/\(memo.id)", headers: reader.headers)
            #expect(try deleted.decode(Reading.Deleted.self) == Reading.Deleted(id: memo.id, deleted: true))
            #expect(try await sprout.send(.GET, "\(path)/\(memo.id)", headers: reader.headers).status.code == 404)
            #expect(try await sprout.send(.DELETE, "\(path)/\(memo.id)", headers: reader.headers).status.code == 404)
            #expect(try await sprout.send(.GET, path, headers: reader.headers).decode(Reading.Memos.self).memos.map(\.id) == [second.id])
        }
    }

    @Test func textAndPageAreHeldToTheirRulesAndARefusalChangesNothing() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let unpaged = try await sprout.addBook(Reading.NewBook(title: "쪽수 모름"), by: reader)
            let path = "api/reading/library/\(book.id)/memos"

            let refusals: [(body: String, reason: String)] = [
                (#"{}"#, "text: required"),
                (#"{"text": "   \n "}"#, "text: required"),
                (#"{"text": "\#(String(repeating: "가", count: 20_001))"}"#, "text: at most 20000 characters"),
                (#"{"text": "a", "page": 0}"#, "page: must be 1 to 247"),
                (#"{"text": "a", "page": 248}"#, "page: must be 1 to 247"),
                (#"{"text": "a", "page": -3}"#, "page: must be 1 to 247"),
            ]
            for refusal in refusals {
                let response = try await sprout.send(.POST, path, headers: reader.headers, body: refusal.body)
                #expect(response.status.code == 422, "\(refusal.body.prefix(40))")
                #expect(try response.jsonObject()["reason"] as? String == refusal.reason)
            }
            let unreadable: [String] = [#"{"text": "a", "page": 1e30}"#, #"{"text": "a", "page": "12"}"#, #"{"text": 5}"#, "not json"]
            for body in unreadable {
                let response = try await sprout.send(.POST, path, headers: reader.headers, body: body)
                #expect(response.status.code == 400, "\(body)")
                #expect(try response.jsonObject()["error"] as? Bool == true)
            }
            #expect(try await sprout.send(.POST, path, headers: reader.headers, body: #"{"text": "\#(String(repeating: "가", count: 20_000))", "page": 247}"#).status.code == 201)
            let anyPage = try await sprout.send(.POST, "api/reading/library/\(unpaged.id)/memos", headers: reader.headers, body: #"{"text": "a", "page": 1200}"#)
            #expect(anyPage.status.code == 201, "a book without pages takes any page up to the thickest book's")

            let memo = try await sprout.send(.GET, path, headers: reader.headers).decode(Reading.Memos.self).memos[0]
            let badChange = try await sprout.send(.PATCH, "\(path)/\(memo.id)", headers: reader.headers, body: #"{"text": "fine", "page": 9999}"#)
            #expect(badChange.status.code == 422)
            let unchanged = try await sprout.send(.GET, "\(path)/\(memo.id)", headers: reader.headers).decode(Reading.Memo.self)
            #expect(unchanged == memo, "a refused change changes nothing, not even the valid part")
        }
    }

    @Test func anotherReadersBookOrMemoIsNotFound() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let stranger = try await sprout.reader("stranger")
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let theirs = try await sprout.addBook(Books.almond, by: stranger)
            let path = "api/reading/library/\(book.id)/memos"
            let memo = try await sprout.send(.POST, path, headers: reader.headers, json: Reading.MemoDraft(text: "mine")).decode(Reading.Memo.self)

            let attempts: [(HTTPMethod, String, String?)] = [
                (.GET, path, nil), (.POST, path, #"{"text": "theirs"}"#), (.GET, "\(path)/\(memo.id)", nil),
                (.PATCH, "\(path)/\(memo.id)", #"{"text": "theirs"}"#), (.DELETE, "\(path)/\(memo.id)", nil),
            ]
            for (method, target, body) in attempts {
                let response = try await sprout.send(method, target, headers: stranger.headers, body: body)
                #expect(response.status.code == 404, "\(method) \(target)")
                #expect(try response.jsonObject()["error"] as? Bool == true)
            }
            let throughTheirBook = try await sprout.send(.GET, "api/reading/library/\(theirs.id)/memos/\(memo.id)", headers: stranger.headers)
            #expect(throughTheirBook.status.code == 404, "a memo is reached only through its own book")
            for malformed in ["x", "../\(memo.id)", "0123456789ABCDEF01234567"] {
                #expect(try await sprout.send(.GET, "\(path)/\(malformed)", headers: reader.headers).status.code == 404, "\(malformed)")
            }
            for (method, target, body) in attempts {
                #expect(try await sprout.send(method, target, body: body).status.code == 401, "\(method) \(target) without a token")
            }
            let untouched = try await sprout.send(.GET, "\(path)/\(memo.id)", headers: reader.headers).decode(Reading.Memo.self)
            #expect(untouched.text == "mine")
            #expect(try await sprout.send(.GET, path, headers: reader.headers).decode(Reading.Memos.self).total == 1)
        }
    }

    @Test func removingABookRemovesItsMemos() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let kept = try await sprout.addBook(Books.almond, by: reader)
            for text in ["one", "two"] {
                _ = try await sprout.send(.POST, "api/reading/library/\(book.id)/memos", headers: reader.headers, json: Reading.MemoDraft(text: text))
            }
            _ = try await sprout.send(.POST, "api/reading/library/\(kept.id)/memos", headers: reader.headers, json: Reading.MemoDraft(text: "kept"))
            #expect(try await sprout.send(.DELETE, "api/reading/library/\(book.id)", headers: reader.headers).status.code == 200)

            let sql = try #require(sprout.app.db as? any SQLDatabase)
            let rows = try await sql.raw("SELECT book_id FROM reading_memos").all()
            #expect(try rows.map { try $0.decode(column: "book_id", as: String.self) } == [kept.id])
        }
    }
}
