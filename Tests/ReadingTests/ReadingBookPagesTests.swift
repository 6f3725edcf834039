import Foundation
import Media
import OpenAPIDocuments
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// The `/reading` pages past the shelves: a book's page, the timer, the statistics and the
/// Goodreads import and export, as a browser without scripts uses them.
@Suite struct ReadingBookPagesTests {
    func signedIn(_ sprout: TestSprout) async throws -> (WebClient, Reader) {
        try await ReadingPagesTests().signedIn(sprout)
    }

    /// A browser without scripts sends its photo as it is, larger than any JSON body: the memo
    /// form takes it up to the upload limit, as the market's and lessons' forms do.
    @Test func aMemoFormTakesAPhotoLargerThanAJSONBody() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await signedIn(sprout)
            let csrf = try await browser.csrfToken(from: "/reading/books/new")
            #expect(try await browser.post("/reading/books/new", form: ["title": "소년이 온다", "pages": "216"], csrf: csrf).status.code == 303)
            let book = try #require(try await sprout.library(of: reader).first)
            var generator = SystemRandomNumberGenerator()
            let noise = (0..<(1200 * 1200 * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let photo = try ImagePipeline.jpeg(rgb: noise, width: 1200, height: 1200)
            #expect(photo.count > DocumentedRoutes.jsonBodyLimit.value)
            let posted = try await browser.postMultipart("/reading/books/\(book.id)/memos", csrf: csrf) { body in
                body.add(name: "text", Data("사진 메모".utf8))
                body.add(name: "page", Data())
                body.add(name: "photo", filename: "page.jpg", contentType: "image/jpeg", photo)
            }
            #expect(posted.status.code == 303)
            let memo = try #require(try await sprout.send(.GET, "api/reading/library/\(book.id)/memos", headers: reader.headers).decode(Reading.Memos.self).memos.first)
            #expect(memo.text == "사진 메모" && memo.photo != nil)
        }
    }

    @Test func aBookAddedByHandGetsItsPageWithStatusAndMemos() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await signedIn(sprout)
            let csrf = try await browser.csrfToken(from: "/reading/books/new")
            let refused = try await browser.post("/reading/books/new", form: ["title": " ", "pages": "many", "isbn13": "978-0"], csrf: csrf)
            #expect(refused.status.code == 422)
            let refusedPage = String(buffer: refused.body)
            #expect(refusedPage.contains("숫자로 입력해 주세요") && refusedPage.contains(#"value="978-0""#), "the typed values stay")

            let added = try await browser.post("/reading/books/new", form: ["title": "소년이 온다", "author": "한강", "pages": "1,216", "status": "reading"], csrf: csrf)
            #expect(added.status.code == 303)
            let path = try #require(added.headers.first(name: .location))
            let book = try #require(try await sprout.library(of: reader).first)
            #expect(path == "/reading/books/\(book.id)" && book.pages == 1216 && book.status == .reading)
            let again = try await browser.post("/reading/books/new", form: ["title": "소년이 온다", "author": "한강"], csrf: csrf)
            #expect(again.headers.first(name: .location) == "/reading/books/\(book.id)?done=exists")
            #expect(String(buffer: try await browser.get("/reading/books/\(book.id)?done=exists").body).contains(#"id="exists""#))

            let memoRefused = try await browser.post("\(path)/memos", form: ["text": "마지막 장", "page": "2000"], csrf: csrf)
            #expect(memoRefused.status.code == 422)
            let memoPage = String(buffer: memoRefused.body)
            #expect(memoPage.contains("1쪽에서 1216쪽 사이로 입력해 주세요") && memoPage.contains("마지막 장"), "the memo is kept to fix")
            #expect(try await browser.post("\(path)/memos", form: ["text": "마지막 장\n<b>", "page": "200"], csrf: csrf).status.code == 303)
            let detail = String(buffer: try await browser.get(path).body)
            #expect(detail.contains("마지막 장\n&lt;b&gt;") && detail.contains("200쪽"))
            let memo = try #require(try await sprout.send(.GET, "api/reading/library/\(book.id)/memos", headers: reader.headers).decode(Reading.Memos.self).memos.first)

            #expect(try await browser.post("\(path)/status", form: ["status": "read", "rating": "5"], csrf: csrf).status.code == 303)
            let read = try await sprout.send(.GET, "api/reading/library/\(book.id)", headers: reader.headers).decode(Reading.Book.self)
            #expect(read.status == .read && read.rating == 5 && read.finishedOn == "2026-01-01")
            let controls = String(buffer: try await browser.get(path).body)
            #expect(controls.contains(#"<input type="radio" name="status" value="read" id="status-read" checked"#), "status as a radio group a form sends")
            #expect(controls.contains(#"<input type="radio" name="rating" value="5" id="rating-5" checked"#) && controls.contains(#"id="rating-0""#))
            #expect(controls.contains(#"<legend>별점</legend>"#) && controls.contains(#"<span class="visually-hidden">5점</span>"#))

            #expect(try await browser.post("\(path)/memos/\(memo.id)/delete", form: [:], csrf: csrf).status.code == 303)
            #expect(try await sprout.send(.GET, "api/reading/library/\(book.id)/memos", headers: reader.headers).decode(Reading.Memos.self).total == 0)

            #expect(String(buffer: try await browser.get("\(path)/delete").body).contains("“소년이 온다” 책을 서재에서 삭제할까요?"))
            #expect(try await browser.post("\(path)/delete", form: [:], csrf: csrf).headers.first(name: .location) == "/reading")
            #expect(try await sprout.library(of: reader).isEmpty)
            #expect(try await browser.get(path).status.code == 404)
        }
    }

    @Test func aMemoFromThePageCanCarryAPhotoAndARefusedOneKeepsWhatWasTyped() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await ReadingPagesTests().signedIn(sprout)
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let path = "/reading/books/\(book.id)"
            let csrf = try await browser.csrfToken(from: path)
            let jpeg = try MemoPhotoTests.fixture("exif-rotated.jpg")
            #expect(String(buffer: try await browser.get(path).body).contains(#"enctype="multipart/form-data""#))
            func memos() async throws -> [Reading.Memo] {
                try await sprout.send(.GET, "api/reading/library/\(book.id)/memos", headers: reader.headers).decode(Reading.Memos.self).memos
            }

            let notAPhoto = try await browser.postMultipart("\(path)/memos", csrf: csrf) { form in
                form.add(name: "text", Data("사진과 함께".utf8))
                form.add(name: "page", Data("12".utf8))
                form.add(name: "photo", filename: "memo.jpg", contentType: "image/jpeg", Data("not an image".utf8))
            }
            #expect(notAPhoto.status.code == 422)
            let refusedPage = String(buffer: notAPhoto.body)
            #expect(refusedPage.contains("사진을 읽을 수 없어요") && !refusedPage.contains("not a JPEG") && refusedPage.contains("사진과 함께") && refusedPage.contains(#"value="12""#))
            #expect(try await memos().isEmpty, "a refused photo leaves no memo")

            let withPhoto = try await browser.postMultipart("\(path)/memos", csrf: csrf) { form in
                form.add(name: "text", Data("사진과 함께".utf8))
                form.add(name: "page", Data("12".utf8))
                form.add(name: "photo", filename: "밑줄.jpg", contentType: "image/jpeg", jpeg)
            }
            #expect(withPhoto.status.code == 303)
            let saved = try #require(try await memos().first)
            let photo = try #require(saved.photo)
            #expect(saved.text == "사진과 함께" && saved.page == 12)
            let image = try await sprout.send(.GET, String(photo.dropFirst()))
            #expect(image.status.code == 200 && !Data(buffer: image.body).contains(Data("Exif".utf8)), "stored without its metadata")
            #expect(String(buffer: try await browser.get(path).body).contains(#"src="\#(photo)""#))

            let noPhotoChosen = try await browser.postMultipart("\(path)/memos", csrf: csrf) { form in
                form.add(name: "text", Data("사진 없이".utf8))
                form.add(name: "page", Data("".utf8))
                form.add(name: "photo", filename: "", contentType: "application/octet-stream", Data())
            }
            #expect(noPhotoChosen.status.code == 303)
            #expect(try await memos().first { $0.text == "사진 없이" }?.photo == nil)

            let tooLong = try await browser.postMultipart("\(path)/memos", csrf: csrf) { form in
                form.add(name: "text", Data(String(repeating: "가", count: 20_001).utf8))
                form.add(name: "photo", filename: "밑줄.jpg", contentType: "image/jpeg", jpeg)
            }
            #expect(tooLong.status.code == 422 && String(buffer: tooLong.body).contains("20000자까지"))
            #expect(try await memos().count == 2, "a refused text, photo or not, adds nothing")
        }
    }

    @Test func anotherReadersBookIsTheNotFoundPage() async throws {
        try await withReadingSprout { sprout in
            let (browser, _) = try await signedIn(sprout)
            let theirs = try await sprout.addBook(Books.almond, by: try await sprout.reader("other"))
            let csrf = try await browser.csrfToken(from: "/reading/books/new")
            #expect(try await browser.get("/reading/books/\(theirs.id)").status.code == 404)
            #expect(try await browser.get("/reading/books/not-an-id").status.code == 404)
            #expect(try await browser.post("/reading/books/\(theirs.id)/status", form: ["status": "read"], csrf: csrf).status.code == 404)
            #expect(try await browser.post("/reading/books/\(theirs.id)/memos", form: ["text": "mine"], csrf: csrf).status.code == 404)
            #expect(try await browser.post("/reading/books/\(theirs.id)/delete", form: [:], csrf: csrf).status.code == 404)
            #expect(try await browser.post("/reading/timer/start", form: ["book_id": theirs.id], csrf: csrf).status.code == 404)
            let other = try await sprout.reader("other2")
            #expect(try await sprout.send(.GET, "api/reading/library/\(theirs.id)", headers: other.headers).status.code == 404)
            #expect(try await WebClient(sprout).get("/reading/timer").headers.first(name: .location) == "/login?next=/reading/timer")
        }
    }

    @Test func theTimerPageShowsTheServersCountAcrossReloadsAndDevices() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await signedIn(sprout)
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let csrf = try await browser.csrfToken(from: "/reading/timer")
            let idle = String(buffer: try await browser.get("/reading/timer").body)
            #expect(idle.contains(#"id="timer-start""#) && idle.contains("채식주의자"))

            let started = try await browser.post("/reading/timer/start", form: ["book_id": book.id, "next": "/reading/books/\(book.id)"], csrf: csrf)
            #expect(started.headers.first(name: .location) == "/reading/books/\(book.id)")
            sprout.clock.advance(by: 754)
            let page = String(buffer: try await browser.get("/reading/timer").body)
            #expect(page.contains(#"data-elapsed="754""#) && page.contains(#"data-state="running""#) && page.contains("00:12:34"))

            _ = try await sprout.timer("pause", by: try await sprout.anotherDevice(of: reader))
            let paused = String(buffer: try await browser.get("/reading/books/\(book.id)").body)
            #expect(paused.contains(#"data-state="paused""#) && paused.contains(#"data-timer-action="resume""#), "another device's pause shows here")
            let raced = try await browser.post("/reading/timer/pause", form: [:], csrf: csrf)
            #expect(raced.headers.first(name: .location) == "/reading/timer?problem=changed")
            #expect(String(buffer: try await browser.get("/reading/timer?problem=changed").body).contains(#"id="timer-changed""#))

            #expect(try await browser.post("/reading/timer/resume", form: ["next": "//evil.example"], csrf: csrf).headers.first(name: .location) == "/reading/timer")
            sprout.clock.advance(by: 60)
            #expect(try await browser.post("/reading/timer/stop", form: [:], csrf: csrf).status.code == 303)
            let recorded = try await sprout.send(.GET, "api/reading/library/\(book.id)", headers: reader.headers).decode(Reading.Book.self)
            #expect(recorded.readingSeconds == 814)
            #expect(try await browser.post("/reading/timer/explode", form: [:], csrf: csrf).status.code == 404)
        }
    }

    @Test func statisticsDrawTheMonthAndTheYearOnTheServer() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await signedIn(sprout)
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 45 * 60)
            _ = try await sprout.stopTimer(by: reader)

            let page = String(buffer: try await browser.get("/reading/stats").body)
            #expect(page.contains("2026년 1월"))
            #expect(page.contains(#"<svg id="month-chart""#) && page.components(separatedBy: "<rect").count - 1 == 12)
            #expect(page.contains(#"<rect class="bar current""#))
            #expect(page.contains(#"<text class="value""#) && page.contains(">0.8</text>"), "each month with reading shows its hours")
            #expect(page.components(separatedBy: #"<text class="value""#).count - 1 == 1, "months without reading show none")
            #expect(page.contains(#"data-day="2026-01-01""#) && page.contains("45분"))
            #expect(page.components(separatedBy: #"class="day blank""#).count - 1 == 4, "January 2026 begins on a Thursday")
            #expect(page.contains(#"href="/reading/stats?year=2025&amp;month=12""#))
            #expect(try await browser.get("/reading/stats?year=99999&month=13").status.code == 200, "a page forgives a bad month")

            let csrf = try await browser.csrfToken(from: "/reading/stats")
            let saved = try await browser.post("/reading/goals", form: ["yearly_books": "24", "daily_minutes": "99999"], csrf: csrf)
            #expect(saved.headers.first(name: .location) == "/reading/stats?done=goals")
            let goals = try await sprout.send(.GET, "api/reading/goals", headers: reader.headers).decode(Reading.Goals.self)
            #expect(goals == Reading.Goals(yearlyBooks: 24, dailyMinutes: 1440), "a goal past the limit is held at the limit")
            #expect(String(buffer: try await browser.get("/reading/stats?done=goals").body).contains("올해 24권 중 0권"))
        }
    }

    @Test func aGoodreadsFileIsImportedAndTheLibraryDownloadedFromThePage() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await signedIn(sprout)
            let csrf = try await browser.csrfToken(from: "/reading/transfer")
            let imported = try await browser.postMultipart("/reading/transfer", csrf: csrf) {
                $0.add(name: "file", filename: "goodreads_library_export.csv", contentType: "text/csv", Data(GoodreadsFiles.library.utf8))
            }
            #expect(imported.status.code == 200)
            #expect(String(buffer: imported.body).contains("4권을 가져오고 0권을 건너뛰었어요."))
            #expect(try await sprout.library(of: reader).count == 4)

            let rated = try await browser.postMultipart("/reading/transfer", csrf: csrf) {
                $0.add(name: "file", filename: "rated.csv", contentType: "text/csv", Data(GoodreadsFiles.file([#"1,아몬드,손원평,,,,,5,,,,,,,,,,,to-read,,,,0,0"#]).utf8))
            }
            let ratedPage = String(buffer: rated.body)
            #expect(ratedPage.contains("서재에 있던 1권에 더한 것") && ratedPage.contains("1행 “아몬드” — 별점"), "a row for a shelved book says what it added")

            let refused = try await browser.postMultipart("/reading/transfer", csrf: csrf) {
                $0.add(name: "file", filename: "photo.csv", contentType: "text/csv", Data([0xFF, 0xD8, 0xFF, 0x00]))
            }
            #expect(refused.status.code == 422 && String(buffer: refused.body).contains(#"id="import-error""#))

            let download = try await browser.get("/reading/export.csv")
            #expect(download.headers.first(name: .contentType) == "text/csv; charset=utf-8")
            #expect(String(buffer: download.body).hasPrefix(GoodreadsFiles.header + ",Date Started\r\n"))
        }
    }
}
