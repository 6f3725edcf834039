import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

/// The progress timeline against scripted answers (`ReadingViewModelTests.ScriptedReading`): what it
/// asks, what it holds back, and what it shows.
@MainActor @Suite struct ReadingProgressViewModelTests {
    typealias Scripted = ReadingViewModelTests.ScriptedReading

    static func book(pages: Int, status: Reading.BookStatus = .reading) -> Reading.Book {
        Reading.Book(id: "b1", isbn13: nil, title: "T", author: "", publisher: "", description: "", cover: "", link: "", category: "",
                     pages: pages, status: status, rating: 0, addedAt: "2026-01-01T00:00:00.000Z", startedOn: "2026-01-01", finishedOn: nil, readingSeconds: 0)
    }

    static func update(_ id: String, page: Int?, percent: Int, pagesRead: Int?, read: Int = 1) -> Reading.ProgressUpdate {
        Reading.ProgressUpdate(id: id, bookID: "b1", read: read, day: "2026-01-01", page: page, percent: percent, pagesRead: pagesRead,
                               recordedAt: "2026-01-01T00:00:00.000Z")
    }

    static func json(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: (try? JSONEncoder().encode(value)) ?? Data())
    }

    @Test func theTimelineLoadsAndAPageIsHeldToTheBooksPagesBeforeItIsSent() async throws {
        let first = Self.update("u1", page: 50, percent: 25, pagesRead: 50)
        let second = Self.update("u2", page: 200, percent: 100, pagesRead: 150)
        let server = Scripted([
            "GET /api/reading/library/b1/progress": [Self.json(Reading.Progress(updates: [first], total: 1, read: 1, current: first))],
            "GET /api/reading/library/b1/reads": [Self.json(Reading.Reads(reads: [Reading.Read(number: 1, startedOn: "2026-01-01", finishedOn: nil, current: true)], timesRead: 0))],
            "POST /api/reading/library/b1/progress": [Self.json(second, status: 201)],
        ])
        let progress = ReadingProgressViewModel(reading: server.client, book: Self.book(pages: 200))
        await progress.viewWillAppear()
        #expect(progress.updates == [first] && progress.percent == 25 && progress.recordsPages && !progress.offersFinish)

        progress.positionChanged("201")
        #expect(progress.problem == .pageOutOfRange(1...200) && !progress.canRecord)
        progress.positionChanged("이백")
        #expect(progress.problem == .notANumber)
        await progress.recordTapped()
        #expect(server.calls("POST /api/reading/library/b1/progress") == 0, "nothing is sent that the server would refuse")

        progress.positionChanged("200")
        await progress.recordTapped()
        let sent = try #require(server.transport.requests.last { $0.method == .post })
        #expect(String(decoding: sent.body ?? Data(), as: UTF8.self) == #"{"page":200}"#)
        #expect(progress.updates.map(\.id) == ["u2", "u1"] && progress.current == second && progress.positionText.isEmpty)
        #expect(progress.offersFinish, "the last page offers the read shelf; the server does not move the book by itself")
    }

    @Test func aBookWithoutPagesRecordsAPercentAndARefusalSaysTheServersWords() async throws {
        let server = Scripted(["POST /api/reading/library/b1/progress": [ReadingViewModelTests.refusal(422, "page: the book's pages are not known; send percent")]])
        let progress = ReadingProgressViewModel(reading: server.client, book: Self.book(pages: 0))
        #expect(!progress.recordsPages)
        progress.positionChanged("101")
        #expect(progress.problem == .percentOutOfRange(0...100))
        progress.positionChanged("40")
        await progress.recordTapped()
        let sent = try #require(server.transport.requests.last)
        #expect(String(decoding: sent.body ?? Data(), as: UTF8.self) == #"{"percent":40}"#)
        #expect(progress.alert == "page: the book's pages are not known; send percent" && progress.updates.isEmpty)
    }

    @Test func theTimersStopSaysWhatItStoredAndThePageReached() async throws {
        let idle = Reading.Timer(state: .idle, bookID: nil, elapsedSeconds: 0, startedAt: nil, serverTime: "2026-01-01T00:00:00.000Z")
        let short = Reading.TimerStopped(timer: idle, recorded: [Reading.Session(bookID: "b1", day: "2026-01-01", seconds: 30)], book: Self.book(pages: 247))
        let long = Reading.TimerStopped(timer: idle, recorded: [Reading.Session(bookID: "b1", day: "2026-01-01", seconds: 779)], book: Self.book(pages: 247),
                                        progress: Self.update("u1", page: 120, percent: 48, pagesRead: 120))
        let server = Scripted([
            "GET /api/reading/timer": [ReadingViewModelTests.timer(.running, elapsed: 30)],
            "POST /api/reading/timer/stop": [Self.json(short), Self.json(long), ReadingViewModelTests.refusal(422, "page: must be 1 to 247")],
        ])
        let timer = ReadingTimerViewModel(reading: server.client, clock: TestClock())
        await timer.viewWillAppear()
        await timer.stopTapped()
        #expect(timer.lastStopConfirmation == "1분 미만 기록했어요", "30 seconds is less than a minute, not a minute and not nothing")
        await timer.stopTapped(reached: Reading.ProgressDraft(page: 120))
        #expect(timer.lastStopConfirmation == "12분 기록했어요 · 120쪽까지")
        await timer.stopTapped(reached: Reading.ProgressDraft(page: 300))
        #expect(timer.alert == "page: must be 1 to 247" && timer.state == .running, "a refused page says why; the timer runs on")
    }

    @Test func readingAgainStartsTheTimelineOverAndANotFinishedBookSaysWhy() async throws {
        let old = Self.update("u1", page: 200, percent: 100, pagesRead: 200)
        let server = Scripted([
            "POST /api/reading/library/b1/reread": [Self.json(Self.book(pages: 200, status: .reading)), ReadingViewModelTests.refusal(409, "Only a finished book can be read again.")],
            "GET /api/reading/library/b1/progress": [Self.json(Reading.Progress(updates: [old], total: 1, read: 2, current: nil))],
        ])
        let progress = ReadingProgressViewModel(reading: server.client, book: Self.book(pages: 200, status: .read))
        #expect(progress.canReadAgain)
        await progress.readAgainTapped()
        #expect(progress.book.status == .reading && progress.read == 2 && progress.current == nil && progress.percent == 0)
        #expect(progress.updates == [old], "the earlier reading's updates stay in the timeline")
        #expect(!progress.canReadAgain)

        let stale = ReadingProgressViewModel(reading: server.client, book: Self.book(pages: 200, status: .read))
        await stale.readAgainTapped()
        #expect(stale.alert == "Only a finished book can be read again." && stale.book.status == .read, "another device started it first")
    }
}
