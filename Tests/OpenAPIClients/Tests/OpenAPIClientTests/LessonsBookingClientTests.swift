import LessonsBookingAPI
import OpenAPIRuntime
import Testing

@Suite(.enabled(if: RunningSprout.isConfigured)) struct LessonsBookingClientTests {
    @Test func listsMyEnrolmentsAndRefusesAStranger() async throws {
        let url = try RunningSprout.url()
        let client = LessonsBookingAPI.Client(serverURL: url, transport: RunningSprout.transport, middlewares: [try await SproutAccount.bearer()])
        #expect(try await client.getApiLessonsEnrolments().ok.body.json.enrolments.isEmpty)
        let anonymous = LessonsBookingAPI.Client(serverURL: url, transport: RunningSprout.transport)
        #expect(try await anonymous.getApiLessonsEnrolments().unauthorized.body.json.error)
    }
}
