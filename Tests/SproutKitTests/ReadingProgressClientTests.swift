import Foundation
import SproutKit
import Testing

/// The progress calls as they leave the client: their paths, and bodies that say exactly what the
/// reader chose (a cleared day is `null`, not left out).
@Suite struct ReadingProgressClientTests {
    static func client(answering body: String) -> (ReadingClient, TestTransport) {
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: Data(body.utf8)) }
        let reading = ReadingClient(baseURL: URL(string: "http://sprout.test")!, transport: transport,
                                    session: AuthSession(tokens: AuthTokens(accessToken: "access", refreshToken: "refresh")))
        return (reading, transport)
    }

    static let book = #"{"id":"b1","isbn13":null,"title":"T","author":"","publisher":"","description":"","cover":"","link":"","category":"","pages":10,"status":"reading","rating":0,"added_at":"2026-01-01T00:00:00.000Z","started_on":null,"finished_on":null,"reading_seconds":0}"#

    @Test func daysAreSentWhole() async throws {
        let (reading, transport) = Self.client(answering: Self.book)
        _ = try await reading.setDates(bookID: "b1", startedOn: "2026-01-01", finishedOn: nil)
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .put && sent.url.path == "/api/reading/library/b1/dates")
        let body = try #require(try JSONSerialization.jsonObject(with: sent.body ?? Data()) as? [String: Any])
        #expect(body["started_on"] as? String == "2026-01-01" && body["finished_on"] is NSNull)
    }

    @Test func aStopWithThePageReachedCarriesItAndHowLongAgoItWasTaken() async throws {
        let timer = #"{"state":"idle","book_id":null,"elapsed_seconds":0,"started_at":null,"server_time":"2026-01-01T00:00:00.000Z"}"#
        let (reading, transport) = Self.client(answering: #"{"timer":\#(timer),"recorded":[],"book":\#(Self.book),"progress":null}"#)
        let stopped = try await reading.stopTimer(reached: Reading.ProgressDraft(page: 7), takenSecondsAgo: 30)
        #expect(stopped.progress == nil && stopped.recorded.isEmpty)
        let sent = try #require(transport.requests.first)
        #expect(sent.url.path == "/api/reading/timer/stop" && sent.header("Sprout-Action-Age") == "30")
        #expect(String(decoding: sent.body ?? Data(), as: UTF8.self) == #"{"page":7}"#)
    }

    /// Without a page reached, the stop says nothing of progress: `{}`, which the server reads as
    /// it reads no body.
    @Test func aStopWithoutAPageReachedCarriesAnEmptyDraft() async throws {
        let timer = #"{"state":"idle","book_id":null,"elapsed_seconds":0,"started_at":null,"server_time":"2026-01-01T00:00:00.000Z"}"#
        let (reading, transport) = Self.client(answering: #"{"timer":\#(timer),"recorded":[],"book":\#(Self.book),"progress":null}"#)
        _ = try await reading.stopTimer()
        let sent = try #require(transport.requests.first)
        #expect(sent.url.path == "/api/reading/timer/stop" && sent.header("Sprout-Action-Age") == nil)
        #expect(String(decoding: sent.body ?? Data(), as: UTF8.self) == "{}")
    }

    @Test func readingAgainAndTheReadingsAreTheBooksOwnPaths() async throws {
        let (reading, transport) = Self.client(answering: Self.book)
        _ = try await reading.readAgain(bookID: "b1")
        #expect(transport.requests.map { "\($0.method.rawValue) \($0.url.path)" } == ["POST /api/reading/library/b1/reread"])
    }
}
