import OpenAPIRuntime
import ReadingAPI
import Testing

@Suite(.enabled(if: RunningSprout.isConfigured)) struct ReadingClientTests {
    @Test func addsABookTimesItAndReadsTheStatistics() async throws {
        let url = try RunningSprout.url()
        let client = ReadingAPI.Client(serverURL: url, transport: RunningSprout.transport, middlewares: [try await SproutAccount.bearer()])
        let book = try await client.postApiReadingLibrary(body: .json(.init(author: "한강", pages: 247, title: "소년이 온다"))).created.body.json
        #expect(book.title == "소년이 온다" && book.pages == 247)
        #expect(try await client.getApiReadingLibrary().ok.body.json.books.contains { $0.id == book.id })

        let timer = try await client.postApiReadingTimerStart(body: .json(.init(bookId: book.id))).ok.body.json
        #expect(timer.bookId == book.id)
        _ = try await client.postApiReadingTimerStop().ok
        _ = try await client.getApiReadingStats().ok

        let anonymous = ReadingAPI.Client(serverURL: url, transport: RunningSprout.transport)
        #expect(try await anonymous.getApiReadingLibrary().unauthorized.body.json.error)
    }
}
