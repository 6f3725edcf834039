import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// The pages' side of progress, as a browser without scripts uses them: the book page's form and
/// timeline, the shelves' bars and the year's goal, the days and reading again, the timer's stop
/// that says what it recorded, and a refused memo that keeps its photo.
@Suite struct ReadingProgressPagesTests {
    /// Another browser, signed up as `name`, and the same account's API token.
    func signedIn(_ sprout: TestSprout, as name: String) async throws -> (WebClient, Reader) {
        let browser = WebClient(sprout)
        let csrf = try await browser.csrfToken(from: "/signup")
        try await browser.post("/signup", form: ["name": name, "email": "\(name)@sprout.test", "password": "long-password"], csrf: csrf)
        let login = try await sprout.send(.POST, "api/auth/login", json: SproutAccount.LoginRequest(email: "\(name)@sprout.test", password: "long-password"))
        let session = try login.decode(SproutAccount.Session.self)
        return (browser, Reader(accountID: session.userID, token: session.accessToken))
    }

    @Test func progressLoggedTwiceShowsOnTheTimelineAndAsTheShelfsBar() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await ReadingPagesTests().signedIn(sprout)
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let path = "/reading/books/\(book.id)"
            let csrf = try await browser.csrfToken(from: path)
            let empty = String(buffer: try await browser.get(path).body)
            #expect(empty.contains(#"id="progress-form""#) && empty.contains(#"id="progress-page""#) && empty.contains(#"id="progress-empty""#))

            let first = try await browser.post("\(path)/progress", form: ["page": "40"], csrf: csrf)
            #expect(first.status.code == 303 && first.headers.first(name: .location) == "\(path)#progress")
            sprout.clock.advance(by: 86_400)
            #expect(try await browser.post("\(path)/progress", form: ["page": "1,00"], csrf: csrf).status.code == 303, "typed as people type")

            let page = String(buffer: try await browser.get(path).body)
            #expect(page.contains(#"<ol class="progress-timeline" id="progress-timeline">"#))
            #expect(page.components(separatedBy: #"<span class="progress-at">"#).count - 1 == 2)
            #expect(page.contains("100쪽") && page.contains("+60쪽") && page.contains("+40쪽") && page.contains("100 / 247쪽 · 40%"))
            #expect((page.range(of: "+60쪽")?.lowerBound ?? page.endIndex) < (page.range(of: "+40쪽")?.lowerBound ?? page.startIndex), "newest first")
            #expect(page.contains(#"datetime="2026-01-02""#))

            let shelf = String(buffer: try await browser.get("/reading").body)
            #expect(shelf.contains(#"class="shelf-progress""#) && shelf.contains(#"<progress class="reading-progress" max="100" value="40""#))
            #expect(shelf.contains(#"id="year-goal""#) && shelf.contains("올해 읽을 책 목표 정하기"), "no goal yet: a way to set one")

            for (typed, message) in [("248", "1쪽에서 247쪽 사이로 입력해 주세요"), ("백", "숫자로 입력해 주세요")] {
                let refused = try await browser.post("\(path)/progress", form: ["page": typed], csrf: csrf)
                let html = String(buffer: refused.body)
                #expect(refused.status.code == 422 && html.contains(message) && html.contains(#"value="\#(typed)""#), "\(typed)")
            }
            #expect(try await sprout.send(.GET, "api/reading/library/\(book.id)/progress", headers: reader.headers).decode(Reading.Progress.self).total == 2)

            let last = try await browser.post("\(path)/progress", form: ["page": "247"], csrf: csrf)
            #expect(last.status == .seeOther, "\(last.status) \(String(buffer: last.body).prefix(3000))")
            let atEnd = String(buffer: try await browser.get(path).body)
            #expect(atEnd.contains(#"id="finish-offer""#), "the last page offers the read shelf")
            #expect(try await sprout.library(of: reader).first?.status == .reading, "and does not move the book by itself")

            _ = try await sprout.send(.PUT, "api/reading/goals", headers: reader.headers, json: Reading.Goals(yearlyBooks: 24, dailyMinutes: 0))
            #expect(String(buffer: try await browser.get("/reading").body).contains("2026년 목표 24권 중 0권 읽었어요"))
        }
    }

    @Test func theDaysAreCorrectedAndAFinishedBookIsReadAgainFromItsPage() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await ReadingPagesTests().signedIn(sprout)
            let book = try await sprout.addBook(Reading.NewBook(title: "Dune", pages: 896, status: .read), by: reader)
            let path = "/reading/books/\(book.id)"
            let csrf = try await browser.csrfToken(from: path)
            let page = String(buffer: try await browser.get(path).body)
            #expect(page.contains(#"id="dates-form""#) && page.contains(#"type="date""#) && page.contains(#"max="2026-01-01""#) && page.contains(#"id="reread-form""#))

            let future = try await browser.post("\(path)/dates", form: ["started_on": "2025-12-01", "finished_on": "2026-01-05"], csrf: csrf)
            #expect(future.status.code == 422 && String(buffer: future.body).contains("오늘 이후로는 정할 수 없어요"))
            let reversed = try await browser.post("\(path)/dates", form: ["started_on": "2025-12-01", "finished_on": "2025-11-30"], csrf: csrf)
            #expect(reversed.status.code == 422 && String(buffer: reversed.body).contains("시작한 날보다 앞설 수 없어요"))
            let saved = try await browser.post("\(path)/dates", form: ["started_on": "2025-12-01", "finished_on": "2025-12-24"], csrf: csrf)
            #expect(saved.status.code == 303)
            let dated = try #require(try await sprout.library(of: reader).first)
            #expect(dated.startedOn == "2025-12-01" && dated.finishedOn == "2025-12-24" && dated.status == .read)

            #expect(try await browser.post("\(path)/reread", form: [:], csrf: csrf).status.code == 303)
            #expect(try await browser.post("\(path)/reread", form: [:], csrf: csrf).status.code == 303, "a second tap is no error")
            let again = String(buffer: try await browser.get(path).body)
            #expect(again.contains("1번 읽었어요") && again.contains(#"class="past-reads""#) && !again.contains(#"id="reread-form""#))
            #expect(try await sprout.library(of: reader).first?.status == .reading)
        }
    }

    @Test func theStopSaysWhatItRecordedAsItWasStored() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await ReadingPagesTests().signedIn(sprout)
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let path = "/reading/books/\(book.id)"
            let csrf = try await browser.csrfToken(from: path)
            func stopped(after seconds: TimeInterval, form: [String: String] = [:]) async throws -> (TestingHTTPResponse, String) {
                try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
                sprout.clock.advance(by: seconds)
                let response = try await browser.post("/reading/timer/stop", form: form.merging(["next": path]) { $1 }, csrf: csrf)
                let shown = try await browser.get(response.headers.first(name: .location) ?? "/")
                return (response, String(buffer: shown.body))
            }

            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            let running = String(buffer: try await browser.get(path).body)
            #expect(running.contains(#"class="timer-stop""#) && running.contains(#"id="stop-page""#) && running.contains(#"placeholder="1–247""#))
            try await sprout.timer("reset", by: reader)

            let (short, shortPage) = try await stopped(after: 30)
            #expect(short.headers.first(name: .location) == "\(path)?recorded=30")
            #expect(shortPage.contains(#"id="timer-recorded""#) && shortPage.contains("1분 미만 기록했어요"), "30 s is less than a minute, not a minute and not nothing")

            let (_, withPage) = try await stopped(after: 12 * 60 + 59, form: ["page": "120"])
            #expect(withPage.contains("12분 기록했어요 · 120쪽까지"))
            let api = try await sprout.send(.GET, "api/reading/library/\(book.id)/progress", headers: reader.headers).decode(Reading.Progress.self)
            #expect(api.current?.page == 120)

            let (_, zero) = try await stopped(after: 0)
            #expect(zero.contains("타이머가 0초여서 기록한 시간이 없어요"))

            try await sprout.timer("start", by: reader, json: Reading.TimerStart(bookID: book.id))
            sprout.clock.advance(by: 60)
            let refused = try await browser.post("/reading/timer/stop", form: ["page": "300", "next": path], csrf: csrf)
            #expect(refused.headers.first(name: .location) == "/reading/timer?problem=reached")
            #expect(String(buffer: try await browser.get("/reading/timer?problem=reached").body).contains(#"id="timer-reached-refused""#))
            #expect(try await sprout.timer("", by: reader)?.state == .running, "a page the book refuses leaves the timer running")
            #expect(try await sprout.library(of: reader).first?.readingSeconds == 30 + 779)
        }
    }

    @Test func aRefusedMemoKeepsItsPhotoOnTheServerUntilItIsSaved() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await ReadingPagesTests().signedIn(sprout)
            let book = try await sprout.addBook(Books.vegetarian, by: reader)
            let path = "/reading/books/\(book.id)"
            let csrf = try await browser.csrfToken(from: path)
            let jpeg = try MemoPhotoTests.fixture("exif-rotated.jpg")
            func memos() async throws -> [Reading.Memo] {
                try await sprout.send(.GET, "api/reading/library/\(book.id)/memos", headers: reader.headers).decode(Reading.Memos.self).memos
            }
            func keptID(_ html: String) -> String? {
                html.firstMatch(of: /name="kept_photo" value="([0-9a-f]{24})"/).map { String($0.1) }
            }

            let refused = try await browser.postMultipart("\(path)/memos", csrf: csrf) { form in
                form.add(name: "text", Data("   ".utf8))
                form.add(name: "page", Data("12".utf8))
                form.add(name: "photo", filename: "밑줄.jpg", contentType: "image/jpeg", jpeg)
            }
            let refusedPage = String(buffer: refused.body)
            #expect(refused.status.code == 422 && refusedPage.contains("메모를 입력해 주세요") && refusedPage.contains(#"value="12""#))
            let kept = try #require(keptID(refusedPage), "the photo comes back with the form")
            #expect(refusedPage.contains(#"id="kept-photo""#) && refusedPage.contains(#"src="/uploads/reading-memos/"#))
            #expect(try await memos().isEmpty)

            let stranger = try await signedIn(sprout, as: "stranger")
            let theirs = try await sprout.addBook(Books.almond, by: stranger.1)
            let strangerCSRF = try await stranger.0.csrfToken(from: "/reading/books/\(theirs.id)")
            let stolen = try await stranger.0.post("/reading/books/\(theirs.id)/memos", form: ["text": "남의 사진", "kept_photo": kept], csrf: strangerCSRF)
            #expect(stolen.status.code == 422 && String(buffer: stolen.body).contains("사진을 다시 골라 주세요"), "another reader's kept photo is not found")

            let saved = try await browser.post("\(path)/memos", form: ["text": "고쳐 쓴 메모", "page": "12", "kept_photo": kept], csrf: csrf)
            #expect(saved.status.code == 303)
            let memo = try #require(try await memos().first)
            let photo = try #require(memo.photo)
            #expect(memo.text == "고쳐 쓴 메모" && memo.page == 12)
            #expect(try await sprout.send(.GET, String(photo.dropFirst())).status.code == 200, "the memo took the kept file over")
            let again = try await browser.post("\(path)/memos", form: ["text": "두 번째", "kept_photo": kept], csrf: csrf)
            #expect(again.status.code == 422, "a kept photo goes with one memo only")

            let letGo = try await browser.postMultipart("\(path)/memos", csrf: csrf) { form in
                form.add(name: "text", Data())
                form.add(name: "photo", filename: "밑줄.jpg", contentType: "image/jpeg", jpeg)
            }
            let second = try #require(keptID(String(buffer: letGo.body)))
            #expect(try await browser.post("\(path)/memos", form: ["text": "사진 없이", "kept_photo": second, "drop_kept_photo": "1"], csrf: csrf).status.code == 303)
            #expect(try await memos().first { $0.text == "사진 없이" }?.photo == nil, "a photo let go stays out")
        }
    }
}
