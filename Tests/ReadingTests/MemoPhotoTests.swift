import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// A memo's photo, through the platform's image pipeline: the app planned photos and never stored them.
@Suite struct MemoPhotoTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/images/\(name)"))
    }

    func putPhoto(_ data: Data, filename: String = "책.jpg", on memo: Reading.Memo, by reader: Reader, _ sprout: TestSprout) async throws -> TestingHTTPResponse {
        var form = MultipartBody()
        form.add(name: "photo", filename: filename, contentType: "image/jpeg", data)
        return try await sprout.send(.PUT, "api/reading/library/\(memo.bookID)/memos/\(memo.id)/photo",
                                     headers: reader.headers.merging(["Content-Type": form.contentType]) { $1 }, body: form.bytes)
    }

    @Test func aPhotoIsStoredWithoutItsMetadataReplacedAndTakenAway() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let memo = try await sprout.send(.POST, "api/reading/library/\(book.id)/memos", headers: reader.headers, json: Reading.MemoDraft(text: "밑줄")).decode(Reading.Memo.self)
            #expect(memo.photo == nil)

            let first = try await putPhoto(try Self.fixture("exif-rotated.jpg"), on: memo, by: reader, sprout)
            #expect(first.status.code == 200, "\(first.body.string)")
            let photo = try #require(try first.decode(Reading.Memo.self).photo)
            #expect(photo.hasPrefix("/uploads/reading-memos/"))
            let image = try await sprout.send(.GET, String(photo.dropFirst()))
            #expect(image.status.code == 200 && image.headers.first(name: .contentType) == "image/jpeg")
            #expect(!Data(buffer: image.body).contains(Data("Exif".utf8)), "the location and every other tag are gone")

            let second = try await putPhoto(try Self.fixture("transparent.png"), filename: "page.png", on: memo, by: reader, sprout)
            let replaced = try #require(try second.decode(Reading.Memo.self).photo)
            #expect(replaced != photo)
            #expect(try await sprout.send(.GET, String(photo.dropFirst())).status.code == 404, "the replaced photo is deleted")
            let listed = try await sprout.send(.GET, "api/reading/library/\(book.id)/memos", headers: reader.headers).decode(Reading.Memos.self)
            #expect(listed.memos.first?.photo == replaced)

            let removed = try await sprout.send(.DELETE, "api/reading/library/\(book.id)/memos/\(memo.id)/photo", headers: reader.headers)
            #expect(try removed.decode(Reading.Memo.self).photo == nil)
            #expect(try await sprout.send(.GET, String(replaced.dropFirst())).status.code == 404)
            let json = try await sprout.send(.GET, "api/reading/library/\(book.id)/memos/\(memo.id)", headers: reader.headers).jsonObject()
            #expect(json["photo"] is NSNull, "no photo is null, not missing")
        }
    }

    @Test func whatIsNotAPhotoIsRefusedAndChangesNothing() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let memo = try await sprout.send(.POST, "api/reading/library/\(book.id)/memos", headers: reader.headers, json: Reading.MemoDraft(text: "밑줄")).decode(Reading.Memo.self)
            let kept = try #require(try await putPhoto(try Self.fixture("transparent.png"), on: memo, by: reader, sprout).decode(Reading.Memo.self).photo)

            for (name, data) in [("text", Data("not an image".utf8)), ("truncated.jpg", try Self.fixture("truncated.jpg")), ("bomb.png", try Self.fixture("bomb.png"))] {
                let refused = try await putPhoto(data, on: memo, by: reader, sprout)
                #expect(refused.status.code == 422, "\(name): \(refused.body.string)")
                #expect((try refused.jsonObject()["reason"] as? String)?.hasPrefix("photo: ") == true, "\(name)")
            }
            #expect(try await putPhoto(Data(), on: memo, by: reader, sprout).status.code == 400, "an empty file part is no photo")
            var noPhoto = MultipartBody()
            noPhoto.add(name: "picture", filename: "a.jpg", contentType: "image/jpeg", try Self.fixture("exif-rotated.jpg"))
            let missing = try await sprout.send(.PUT, "api/reading/library/\(book.id)/memos/\(memo.id)/photo",
                                                headers: reader.headers.merging(["Content-Type": noPhoto.contentType]) { $1 }, body: noPhoto.bytes)
            #expect(missing.status.code == 400)
            let unchanged = try await sprout.send(.GET, "api/reading/library/\(book.id)/memos/\(memo.id)", headers: reader.headers).decode(Reading.Memo.self)
            #expect(unchanged.photo == kept)
            #expect(try await sprout.send(.GET, String(kept.dropFirst())).status.code == 200)
        }
    }

    @Test func anotherReadersMemoCannotTakeAPhotoAndARemovedMemoTakesItsPhotoAlong() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let stranger = try await sprout.reader("stranger")
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let memo = try await sprout.send(.POST, "api/reading/library/\(book.id)/memos", headers: reader.headers, json: Reading.MemoDraft(text: "밑줄")).decode(Reading.Memo.self)
            #expect(try await putPhoto(try Self.fixture("transparent.png"), on: memo, by: stranger, sprout).status.code == 404)
            #expect(try await sprout.send(.DELETE, "api/reading/library/\(book.id)/memos/\(memo.id)/photo", headers: stranger.headers).status.code == 404)
            #expect(try await putPhoto(try Self.fixture("transparent.png"), on: memo, by: Reader(accountID: "", token: "nope"), sprout).status.code == 401)

            let photo = try #require(try await putPhoto(try Self.fixture("transparent.png"), on: memo, by: reader, sprout).decode(Reading.Memo.self).photo)
            #expect(try await sprout.send(.DELETE, "api/reading/library/\(book.id)/memos/\(memo.id)", headers: reader.headers).status.code == 200)
            #expect(try await sprout.send(.GET, String(photo.dropFirst())).status.code == 404, "no orphan left behind")
        }
    }

    @Test func aRemovedBookTakesItsMemosPhotosAlongThroughTheAPIAndThePage() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await ReadingPagesTests().signedIn(sprout)
            var photos: [String] = []
            for book in [Books.vegetarian, Books.almond] {
                let added = try await sprout.addBook(book, by: reader)
                for text in ["첫 메모", "둘째 메모"] {
                    let memo = try await sprout.send(.POST, "api/reading/library/\(added.id)/memos", headers: reader.headers, json: Reading.MemoDraft(text: text)).decode(Reading.Memo.self)
                    photos.append(try #require(try await putPhoto(try Self.fixture("transparent.png"), on: memo, by: reader, sprout).decode(Reading.Memo.self).photo))
                }
                _ = try await sprout.send(.POST, "api/reading/library/\(added.id)/memos", headers: reader.headers, json: Reading.MemoDraft(text: "사진 없는 메모"))
            }
            let books = try await sprout.library(of: reader)
            let vegetarian = try #require(books.first { $0.title == "채식주의자" })
            let almond = try #require(books.first { $0.title == "아몬드" })

            #expect(try await sprout.send(.DELETE, "api/reading/library/\(vegetarian.id)", headers: reader.headers).status.code == 200)
            for photo in photos.prefix(2) {
                #expect(try await sprout.send(.GET, String(photo.dropFirst())).status.code == 404, "no orphan left behind")
            }
            for photo in photos.suffix(2) {
                #expect(try await sprout.send(.GET, String(photo.dropFirst())).status.code == 200, "another book's photos stay")
            }

            let csrf = try await browser.csrfToken(from: "/reading/books/\(almond.id)/delete")
            #expect(try await browser.post("/reading/books/\(almond.id)/delete", form: [:], csrf: csrf).status.code == 303)
            for photo in photos.suffix(2) {
                #expect(try await sprout.send(.GET, String(photo.dropFirst())).status.code == 404)
            }
        }
    }
}
