import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// The settings tab: the reader's data, the privacy policy as Sprout keeps it, and erasing
/// everything.
@Suite struct ReadingSettingsPagesTests {
    @Test func theSettingsSayWhatIsKeptAndLeadToExportAndErasure() async throws {
        try await withReadingSprout { sprout in
            let (browser, _) = try await ReadingPagesTests().signedIn(sprout)
            let shelf = String(buffer: try await browser.get("/reading").body)
            #expect(shelf.contains(#"id="reading-nav-settings" href="/reading/settings""#))
            let page = String(buffer: try await browser.get("/reading/settings").body)
            for part in [#"id="my-data""#, #"href="/reading/export.csv""#, #"href="/reading/settings/erase""#, #"id="privacy""#, "EXIF", #"id="version""#] {
                #expect(page.contains(part), "\(part)")
            }
            #expect(!page.contains(#"id="erased""#))
            #expect(try await WebClient(sprout).get("/reading/settings").status == .seeOther, "signed out: to the login")
        }
    }

    @Test func erasingTakesEveryBookMemoPhotoSessionTimerAndGoalOfThisReaderOnly() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await ReadingPagesTests().signedIn(sprout)
            let other = try await sprout.reader("other")
            let othersBook = try await sprout.addBook(Books.almond, by: other)
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            _ = try await sprout.addBook(Books.dune, by: reader)
            let memo = try await sprout.send(.POST, "api/reading/library/\(book.id)/memos", headers: reader.headers, json: Reading.MemoDraft(text: "밑줄")).decode(Reading.Memo.self)
            let photo = try #require(try await MemoPhotoTests().putPhoto(try MemoPhotoTests.fixture("transparent.png"), on: memo, by: reader, sprout).decode(Reading.Memo.self).photo)
            _ = try await sprout.send(.POST, "api/reading/timer/start", headers: reader.headers, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 600)
            _ = try await sprout.send(.POST, "api/reading/timer/stop", headers: reader.headers)
            _ = try await sprout.send(.POST, "api/reading/timer/start", headers: reader.headers, json: Reading.TimerStart(bookID: book.id))
            _ = try await sprout.send(.PUT, "api/reading/goals", headers: reader.headers, json: Reading.Goals(yearlyBooks: 24, dailyMinutes: 30))
            _ = try await sprout.send(.POST, "api/reading/timer/start", headers: other.headers, json: Reading.TimerStart(bookID: othersBook.id))

            let confirm = String(buffer: try await browser.get("/reading/settings/erase").body)
            #expect(confirm.contains("책 2권") && confirm.contains(#"action="/reading/settings/erase""#))
            #expect(try await browser.post("/reading/settings/erase", form: [:]).status == .forbidden, "no CSRF token, nothing erased")
            #expect(try await sprout.library(of: reader).count == 2)

            let csrf = try await browser.csrfToken(from: "/reading/settings/erase")
            let erased = try await browser.post("/reading/settings/erase", form: [:], csrf: csrf)
            #expect(erased.status == .seeOther && erased.headers.first(name: .location) == "/reading/settings?erased=2")
            #expect(String(buffer: try await browser.get("/reading/settings?erased=2").body).contains("책 2권"))

            #expect(try await sprout.library(of: reader).isEmpty)
            #expect(try await sprout.send(.GET, String(photo.dropFirst())).status.code == 404, "the memo's photo is deleted")
            #expect(try await sprout.send(.GET, "api/reading/timer", headers: reader.headers).decode(Reading.Timer.self).state == .idle)
            #expect(try await sprout.send(.GET, "api/reading/goals", headers: reader.headers).decode(Reading.Goals.self) == Reading.Goals(yearlyBooks: 0, dailyMinutes: 0))
            let stats = try await sprout.send(.GET, "api/reading/stats", headers: reader.headers).decode(Reading.Stats.self)
            #expect(stats.totals.allTimeSeconds == 0, "the sessions went with their books")

            #expect(try await sprout.library(of: other).map(\.id) == [othersBook.id], "another reader keeps everything")
            #expect(try await sprout.send(.GET, "api/reading/timer", headers: other.headers).decode(Reading.Timer.self).state == .running)
            #expect(try await sprout.send(.GET, "api/reading/catalog/isbn/9788936434816", headers: other.headers).status.code == 200, "the catalogue keeps the book")
        }
    }

    @Test func theAPIErasesTheReadingLogTooAndNeedsAToken() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            let other = try await sprout.reader("other")
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let memo = try await sprout.send(.POST, "api/reading/library/\(book.id)/memos", headers: reader.headers, json: Reading.MemoDraft(text: "밑줄")).decode(Reading.Memo.self)
            let photo = try #require(try await MemoPhotoTests().putPhoto(try MemoPhotoTests.fixture("transparent.png"), on: memo, by: reader, sprout).decode(Reading.Memo.self).photo)
            _ = try await sprout.addBook(Books.almond, by: other)

            #expect(try await sprout.send(.POST, "api/reading/erase").status.code == 401)
            #expect(try await sprout.library(of: reader).count == 1, "no token, nothing erased")
            let erased = try await sprout.send(.POST, "api/reading/erase", headers: reader.headers)
            #expect(try erased.decode(Reading.Erased.self) == Reading.Erased(erasedBooks: 1))
            #expect(Set(try erased.jsonObject().keys) == ["erased_books"])
            #expect(try await sprout.library(of: reader).isEmpty)
            #expect(try await sprout.send(.GET, String(photo.dropFirst())).status.code == 404)
            #expect(try await sprout.library(of: other).count == 1)
            #expect(try await sprout.send(.POST, "api/reading/erase", headers: reader.headers).decode(Reading.Erased.self).erasedBooks == 0, "erasing again erases nothing")
        }
    }
}
