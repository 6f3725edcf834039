import Foundation
import SproutKit
import Testing

@Suite struct ReadingClientTests {
    @Test func anImportReportFromAServerBeforeMergingReadsAsNothingMerged() throws {
        let older = Data(#"{"imported":[],"skipped":[]}"#.utf8)
        #expect(try JSONDecoder().decode(Reading.ImportReport.self, from: older) == Reading.ImportReport(imported: [], merged: [], skipped: []))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Reading.ImportReport.self, from: Data(#"{"merged":[],"skipped":[]}"#.utf8)) }
    }

    @Test func aPauseOrStopKeptOfflineSaysHowLongAgoItWasTaken() async throws {
        let timer = #"{"state":"paused","book_id":"b","elapsed_seconds":60,"started_at":null,"server_time":"2026-01-01T00:00:00.000Z"}"#
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: Data(timer.utf8)) }
        let reading = ReadingClient(baseURL: URL(string: "http://sprout.test")!, transport: transport,
                                    session: AuthSession(tokens: AuthTokens(accessToken: "access", refreshToken: "refresh")))
        _ = try await reading.pauseTimer()
        _ = try await reading.pauseTimer(takenSecondsAgo: 90)
        let ages = transport.requests.map { request in request.headers.first { $0.name == "Sprout-Action-Age" }?.value }
        #expect(ages == [nil, "90"], "sent only for a tap taken earlier")
        #expect(transport.requests.allSatisfy { $0.url.path == "/api/reading/timer/pause" })
    }

    @Test func erasingTheReadingLogIsOnePostReadingTheCount() async throws {
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: Data(#"{"erased_books":3}"#.utf8)) }
        let reading = ReadingClient(baseURL: URL(string: "http://sprout.test")!, transport: transport,
                                    session: AuthSession(tokens: AuthTokens(accessToken: "access", refreshToken: "refresh")))
        #expect(try await reading.eraseReadingLog().erasedBooks == 3)
        #expect(transport.requests.map(\.url.path) == ["/api/reading/erase"] && transport.requests.first?.method == .post)
    }
}
