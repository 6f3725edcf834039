import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Synchronization
import Testing

/// The reading view models against scripted answers: what they ask, and what they show when the
/// server refuses or cannot be reached.
@MainActor @Suite struct ReadingViewModelTests {
    /// Answers each method and path from `answers` in turn, the last one repeating; anything else is a 404.
    final class ScriptedReading: Sendable {
        final class Answers: Sendable {
            let value: Mutex<[String: [HTTPResponse]]>
            init(_ answers: [String: [HTTPResponse]]) { value = Mutex(answers) }
        }

        let transport: TestTransport
        let client: ReadingClient

        init(_ answers: [String: [HTTPResponse]]) {
            let box = Answers(answers)
            transport = TestTransport { request in
                let key = "\(request.method.rawValue) \(request.url.path)"
                return box.value.withLock { answers in
                    guard var queue = answers[key], let first = queue.first else { return HTTPResponse(status: 404) }
                    if queue.count > 1 { queue.removeFirst() }
                    answers[key] = queue
                    return first
                }
            }
            client = ReadingClient(
                baseURL: URL(string: "http://reading.test")!, transport: transport,
                session: AuthSession(tokens: AuthTokens(accessToken: "a", refreshToken: "r"))
            )
        }

        func calls(_ key: String) -> Int {
            transport.requests.filter { "\($0.method.rawValue) \($0.url.path)" == key }.count
        }
    }

    static func timer(_ state: Reading.TimerState, elapsed: Int, book: String? = "b1") -> HTTPResponse {
        let timer = Reading.Timer(state: state, bookID: state == .idle ? nil : book, elapsedSeconds: elapsed, startedAt: nil, serverTime: "2026-01-01T00:00:00.000Z")
        return HTTPResponse(status: 200, body: try! JSONEncoder().encode(timer))
    }

    static func refusal(_ status: Int, _ reason: String) -> HTTPResponse {
        HTTPResponse(status: status, body: Data(#"{"error":true,"reason":"\#(reason)"}"#.utf8))
    }

    @Test func theDisplayTicksOnTheClockWithoutAskingTheServer() async throws {
        let server = ScriptedReading(["GET /api/reading/timer": [Self.timer(.running, elapsed: 3_600)]])
        let clock = TestClock()
        let timer = ReadingTimerViewModel(reading: server.client, clock: clock)
        await timer.viewWillAppear()
        #expect(timer.displayedTime == "01:00:00")
        await clock.advance(by: .seconds(75))
        #expect(timer.displayedTime == "01:01:15")
        #expect(server.calls("GET /api/reading/timer") == 1, "75 ticks, no calls")
        timer.viewDidDisappear()
        #expect(clock.runningTimers == 0, "a screen out of sight does not tick")
    }

    @Test func aConflictSaysWhyAndShowsTheServersTimer() async throws {
        let server = ScriptedReading([
            "POST /api/reading/timer/start": [Self.refusal(409, "The timer is already timing “아몬드”: stop or reset it first.")],
            "GET /api/reading/timer": [Self.timer(.paused, elapsed: 42, book: "b2")],
        ])
        let timer = ReadingTimerViewModel(reading: server.client, clock: TestClock())
        await timer.startTapped(bookID: "b1")
        #expect(timer.alert == "The timer is already timing “아몬드”: stop or reset it first.")
        #expect(timer.state == .paused && timer.bookID == "b2" && timer.displayedSeconds == 42)
        #expect(timer.canResume && !timer.canStart)
    }

    @Test func anUnreachableServerLeavesTheTimerAsItWas() async throws {
        let server = ScriptedReading(["GET /api/reading/timer": [Self.timer(.running, elapsed: 10)], "POST /api/reading/timer/stop": [HTTPResponse(status: 500)]])
        let timer = ReadingTimerViewModel(reading: server.client, clock: TestClock())
        await timer.viewWillAppear()
        await timer.stopTapped()
        #expect(timer.alert == "기록을 저장하지 못했어요.")
        #expect(timer.state == .running && timer.lastStop == nil)
    }

    @Test func theMemoEditorHoldsTheServersRulesAsThePersonTypes() async throws {
        let server = ScriptedReading(["POST /api/reading/library/b1/memos": [Self.refusal(422, "page: must be 1 to 200")]])
        let book = Reading.Book(id: "b1", isbn13: nil, title: "T", author: "", publisher: "", description: "", cover: "", link: "", category: "",
                                pages: 200, status: .reading, rating: 0, addedAt: "2026-01-01T00:00:00.000Z", startedOn: nil, finishedOn: nil, readingSeconds: 0)
        let editor = MemoEditorViewModel(reading: server.client, book: book)
        #expect(!editor.canSave, "an empty memo")
        editor.textChanged(String(repeating: "가", count: Reading.MemoRules.textLength + 1))
        #expect(editor.problems == [.textTooLong(maximum: Reading.MemoRules.textLength)] && !editor.canSave)
        editor.textChanged("좋은 문장")
        editor.pageChanged("12쪽")
        #expect(editor.problems == [.pageNotANumber])
        editor.pageChanged("201")
        #expect(editor.problems == [.pageOutOfRange(1...200)])
        await editor.saveTapped()
        #expect(server.calls("POST /api/reading/library/b1/memos") == 0, "nothing is sent that the server would refuse")
        editor.pageChanged("12")
        await editor.saveTapped()
        #expect(editor.alert == "page: must be 1 to 200", "the server's own words when it refuses anyway")
        #expect(editor.saved == nil)
    }

    @Test func aSearchIsCutToWhatTheServerTakes() async throws {
        let library = Reading.Library(books: [], total: 0)
        let server = ScriptedReading(["GET /api/reading/library": [HTTPResponse(status: 200, body: try JSONEncoder().encode(library))]])
        let shelves = LibraryViewModel(reading: server.client)
        await shelves.searchChanged(String(repeating: "a", count: 300))
        #expect(shelves.search.count == 100, "searches are cut to what the server takes")
        let sent = try #require(server.transport.requests.last?.url.query)
        #expect(sent.contains("q=" + String(repeating: "a", count: 100)))
        #expect(shelves.isEmpty)
    }
}
