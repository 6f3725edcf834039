import OpenAPIRuntime
import StudyAPI
import Testing

@Suite(.enabled(if: RunningSprout.isConfigured)) struct StudyClientTests {
    @Test func signsUpWaitsInTheQueueAndStops() async throws {
        let identity = try await PhoneSignIn.signIn()
        let client = StudyAPI.Client(
            serverURL: try RunningSprout.url(), transport: RunningSprout.transport,
            middlewares: [Credentials([("idtoken", identity.idToken)])]
        )
        let nick = String(RunningSprout.unique("s").prefix(8))
        let user = try await client.postV1User(body: .urlEncodedForm(.init(
            fcMtoken: "fcm-token", birth: "1999-01-01T00:00:00.000Z", email: "study@example.com", gender: 1, nick: nick, phoneNumber: identity.phoneNumber
        ))).ok.body.json
        #expect(user.nick == nick)
        #expect(try await client.getV1User().ok.body.json.uid == user.uid)

        _ = try await client.postV1Queue(body: .urlEncodedForm(.init(lat: 37.517819, long: 126.886446, studylist: ["swift"]))).ok
        let state = try await client.getV1QueueMyQueueState().ok.body.json
        #expect(state.matched == 0)
        _ = try await client.deleteV1Queue().ok
        _ = try await client.getV1QueueMyQueueState().created
    }
}
