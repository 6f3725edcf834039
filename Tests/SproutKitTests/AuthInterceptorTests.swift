import Foundation
import SproutAPI
import SproutKit
import Synchronization
import Testing

/// A scripted LSLP server: tokens are "access-N"; only the newest is valid; refresh answers 200,
/// or `refreshStatus` when set.
final class ScriptedLessonsServer: Sendable {
    let state = Mutex<(generation: Int, refreshStatus: Int?)>((1, nil))

    var transport: TestTransport {
        TestTransport { [self] request in self.answer(request) }
    }

    func expireAccessToken() { state.withLock { $0.generation += 1 } }
    func refuseRefresh(with status: Int) { state.withLock { $0.refreshStatus = status } }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        state.withLock { state in
            if request.url.path == "/v1/auth/refresh" {
                if let status = state.refreshStatus { return HTTPResponse(status: status, body: Data(#"{"message":"no"}"#.utf8)) }
                return HTTPResponse(status: 200, body: Data(#"{"accessToken":"access-\#(state.generation)"}"#.utf8))
            }
            guard request.header("Authorization") == "access-\(state.generation)" else {
                return HTTPResponse(status: 419, body: Data(#"{"message":"expired"}"#.utf8))
            }
            return HTTPResponse(status: 200, body: Data(#"{"ok":"\#(request.url.path)"}"#.utf8))
        }
    }
}

@Suite struct AuthInterceptorTests {
    func client(_ transport: TestTransport) -> LessonsClient {
        LessonsClient(
            baseURL: URL(string: "http://sprout.test")!, apiKey: "key", transport: transport,
            session: AuthSession(tokens: AuthTokens(accessToken: "access-1", refreshToken: "refresh"))
        )
    }

    let endpoint = Endpoint<[String: String]>(method: .get, path: "v1/users/me/profile", requiresAuthentication: true)

    @Test func tenConcurrentExpiredCallsShareOneRefresh() async throws {
        let server = ScriptedLessonsServer()
        let transport = server.transport
        let lessons = client(transport)
        server.expireAccessToken()
        let results = try await withThrowingTaskGroup(of: [String: String].self) { group in
            for _ in 0..<10 { group.addTask { try await lessons.api.send(endpoint) } }
            return try await group.reduce(into: [[String: String]]()) { $0.append($1) }
        }
        #expect(results.count == 10)
        let refreshes = transport.requests.filter { $0.url.path == "/v1/auth/refresh" }
        #expect(refreshes.count == 1)
        #expect(refreshes[0].header("Authorization") == "access-1")
        #expect(refreshes[0].header("Refresh") == "refresh")
        #expect(refreshes[0].header("SesacKey") == "key")
        #expect(await lessons.session.tokens?.accessToken == "access-2")
        #expect(transport.requests.count <= 21, "each call is retried at most once")
    }

    @Test func anExpiredRefreshTokenEndsTheSessionInsteadOfLooping() async throws {
        let server = ScriptedLessonsServer()
        let transport = server.transport
        let lessons = client(transport)
        let events = await lessons.session.events()
        server.expireAccessToken()
        server.refuseRefresh(with: 418)
        await #expect(throws: SproutError.sessionExpired) { try await lessons.api.send(endpoint) }
        #expect(await lessons.session.tokens == nil)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .sessionExpired)
        #expect(transport.requests.count == 2, "one call, one refresh, no retry loop")
        await #expect(throws: SproutError.notSignedIn) { try await lessons.api.send(endpoint) }
    }

    @Test func aCallThatStillFailsAfterRefreshIsNotRetriedAgain() async throws {
        let transport = TestTransport { request in
            request.url.path == "/v1/auth/refresh"
                ? HTTPResponse(status: 200, body: Data(#"{"accessToken":"still-bad"}"#.utf8))
                : HTTPResponse(status: 419, body: Data(#"{"message":"expired"}"#.utf8))
        }
        let lessons = client(transport)
        await #expect(throws: SproutError.http(status: 419, code: .accessTokenExpired, message: "expired")) {
            try await lessons.api.send(endpoint)
        }
        #expect(transport.requests.count == 3)
    }

    @Test func unauthenticatedCallsCarryNoToken() async throws {
        let server = ScriptedLessonsServer()
        let transport = server.transport
        let lessons = client(transport)
        _ = try? await lessons.validateEmail("a@b.co")
        #expect(transport.requests.first?.header("Authorization") == nil)
        #expect(transport.requests.first?.header("SesacKey") == "key")
    }
}

@Suite struct AccountsClientTests {
    @Test func logoutRevokesOnTheServerAndForgetsTheSession() async throws {
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: Data(#"{"revoked":true}"#.utf8)) }
        let session = AuthSession(tokens: AuthTokens(accessToken: "a", refreshToken: "r"))
        let accounts = AccountsClient(baseURL: URL(string: "http://sprout.test")!, transport: transport, session: session)
        await accounts.logout()
        #expect(transport.requests.map(\.url.path) == ["/api/auth/logout"])
        #expect(transport.requests.first?.header("Refresh") == "r")
        #expect(await session.tokens == nil)
    }

    @Test func logoutStillForgetsTheSessionWhenTheServerIsUnreachable() async {
        let transport = TestTransport { _ in throw SproutError.transport("offline") }
        let session = AuthSession(tokens: AuthTokens(accessToken: "a", refreshToken: "r"))
        await AccountsClient(baseURL: URL(string: "http://sprout.test")!, transport: transport, session: session).logout()
        #expect(await session.tokens == nil)
    }
}
