import Foundation
import SproutAPI
import SproutKit
import Testing

/// `AppointmentsClient.studyMeeting()`: the request it sends, the answer read back in every key,
/// and the refusal a partner whose study ended gets.
@Suite struct StudyMeetingClientTests {
    static let base = URL(string: "http://sprout.test")!
    static let signedIn = AuthSession(tokens: AuthTokens(accessToken: "access-1", refreshToken: "refresh-1"))
    static let meeting = Study.Meeting(conversationID: "c1", partnerID: "p1", appointments: [
        Conversations.Appointment(id: 4, conversationID: "c1", proposerID: "p1", startsAt: "2026-01-03T10:00:00Z", place: "서울 마포구 망원제1동 · 망원역 2번 출구",
                                  state: .accepted, mine: false),
    ])

    @Test func theMeetingIsAskedWithTheAccountsTokenAndReadBack() async throws {
        let answer = try JSONEncoder().encode(Self.meeting)
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: answer) }
        let meeting = try await AppointmentsClient(baseURL: Self.base, transport: transport, session: Self.signedIn).studyMeeting()
        let request = try #require(transport.requests.first)
        #expect(request.method == .get && request.url.path == "/api/study/appointments" && request.body == nil)
        #expect(request.header("Authorization") == "Bearer access-1")
        #expect(meeting == Self.meeting)
        #expect(try JSONValue(answer) == [
            "conversation_id": "c1", "partner_id": "p1",
            "appointments": .array([["id": 4, "conversation_id": "c1", "proposer_id": "p1", "starts_at": "2026-01-03T10:00:00Z",
                                     "place": "서울 마포구 망원제1동 · 망원역 2번 출구", "state": "accepted", "mine": false]]),
        ])
    }

    @Test func aStudyThatEndedIsAConflict() async throws {
        let reason = "The study has ended: partners meet only while they are matched."
        let body = try JSONSerialization.data(withJSONObject: ["error": true, "reason": reason])
        let transport = TestTransport { _ in HTTPResponse(status: 409, body: body) }
        await #expect(throws: SproutError.http(status: 409, code: .conflict, message: reason)) {
            try await AppointmentsClient(baseURL: Self.base, transport: transport, session: Self.signedIn).studyMeeting()
        }
    }
}
