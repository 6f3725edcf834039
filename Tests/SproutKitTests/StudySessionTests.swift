import Foundation
import SproutAPI
import SproutKit
import Synchronization
import Testing

/// A scripted study server with its token endpoint: ID tokens are "id-N" and only the newest is
/// accepted; a refresh issues the next generation, or answers `refreshStatus` when set.
final class ScriptedStudyServer: Sendable {
    let state = Mutex<(generation: Int, refreshStatus: Int?, refreshDelay: Duration)>((1, nil, .zero))

    var transport: TestTransport {
        TestTransport { [self] request in try await self.answer(request) }
    }

    func expireIDToken() { state.withLock { $0.generation += 1 } }
    func refuseRefresh(with status: Int) { state.withLock { $0.refreshStatus = status } }
    func slowRefresh(_ delay: Duration) { state.withLock { $0.refreshDelay = delay } }

    private func answer(_ request: HTTPRequest) async throws -> HTTPResponse {
        if request.url.path == "/securetoken.googleapis.com/v1/token" {
            // Slow enough that every concurrent 401 arrives while the refresh is on its way.
            try await Task.sleep(for: state.withLock { $0.refreshDelay })
            return state.withLock { state in
                if let status = state.refreshStatus {
                    return HTTPResponse(status: status, body: Data(#"{"error":{"code":400,"message":"TOKEN_EXPIRED","status":"INVALID_ARGUMENT"}}"#.utf8))
                }
                let body = #"{"access_token":"id-\#(state.generation)","expires_in":"3600","token_type":"Bearer","refresh_token":"refresh-\#(state.generation)","id_token":"id-\#(state.generation)","user_id":"uid-me","project_id":"sprout"}"#
                return HTTPResponse(status: 200, body: Data(body.utf8))
            }
        }
        return state.withLock { state in
            guard request.header("idtoken") == "id-\(state.generation)" else { return HTTPResponse(status: 401, body: Data("Firebase Token Error".utf8)) }
            return HTTPResponse(status: 201, body: Data("normal".utf8))
        }
    }
}

@Suite struct StudySessionTests {
    func client(_ transport: TestTransport) -> StudyClient {
        StudyClient(baseURL: URL(string: "http://sprout.test")!, transport: transport,
                    session: StudySession(tokens: StudyTokens(idToken: "id-1", refreshToken: "refresh-1", uid: "uid-me")))
    }

    @Test func a401RefreshesOnceThroughTheTokenEndpointAndRetries() async throws {
        let server = ScriptedStudyServer()
        let transport = server.transport
        let study = client(transport)
        server.expireIDToken()
        #expect(try await study.queueState() == .normal)
        #expect(transport.requests.map(\.url.path) == ["/v1/queue/myQueueState", "/securetoken.googleapis.com/v1/token", "/v1/queue/myQueueState"])
        let refresh = transport.requests[1]
        #expect(refresh.method == .post)
        #expect(refresh.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(String(decoding: refresh.body ?? Data(), as: UTF8.self) == "grant_type=refresh_token&refresh_token=refresh-1")
        #expect(refresh.header("idtoken") == nil)
        #expect(transport.requests[2].header("idtoken") == "id-2")
        #expect(await study.session.tokens == StudyTokens(idToken: "id-2", refreshToken: "refresh-2", uid: "uid-me"))
    }

    @Test func tenConcurrent401sShareOneRefresh() async throws {
        let server = ScriptedStudyServer()
        server.slowRefresh(.milliseconds(50))
        let transport = server.transport
        let study = client(transport)
        server.expireIDToken()
        let states = try await withThrowingTaskGroup(of: Study.QueueStateOutcome.self) { group in
            for _ in 0..<10 { group.addTask { try await study.queueState() } }
            return try await group.reduce(into: [Study.QueueStateOutcome]()) { $0.append($1) }
        }
        #expect(states == Array(repeating: .normal, count: 10))
        #expect(transport.requests.filter { $0.url.path.hasPrefix("/securetoken") }.count == 1)
        #expect(transport.requests.count <= 21, "each call is retried at most once")
        #expect(await study.session.tokens?.idToken == "id-2")
    }

    @Test func a401AfterTheRefreshSurfacesInsteadOfLooping() async throws {
        let transport = TestTransport { request in
            request.url.path.hasPrefix("/securetoken")
                ? HTTPResponse(status: 200, body: Data(#"{"id_token":"still-bad","refresh_token":"r2","expires_in":"3600","user_id":"u"}"#.utf8))
                : HTTPResponse(status: 401, body: Data("Firebase Token Error".utf8))
        }
        let study = client(transport)
        await #expect(throws: SproutError.http(status: 401, code: .unauthorized, message: nil)) { try await study.user() }
        #expect(transport.requests.count == 3)
    }

    @Test func aRefusedRefreshTokenEndsTheSession() async throws {
        let server = ScriptedStudyServer()
        let transport = server.transport
        let study = client(transport)
        let events = await study.session.events()
        server.expireIDToken()
        server.refuseRefresh(with: 400)
        await #expect(throws: SproutError.sessionExpired) { try await study.queueState() }
        #expect(await study.session.tokens == nil)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .sessionExpired)
        #expect(transport.requests.count == 2, "one call, one refresh, no retry")
        await #expect(throws: SproutError.notSignedIn) { try await study.queueState() }
    }

    @Test func anUnreachableTokenServiceKeepsTheSession() async throws {
        let transport = TestTransport { request in
            if request.url.path.hasPrefix("/securetoken") { throw SproutError.transport("offline") }
            return HTTPResponse(status: 401)
        }
        let study = client(transport)
        await #expect(throws: SproutError.transport("offline")) { try await study.queueState() }
        #expect(await study.session.tokens?.refreshToken == "refresh-1")
    }

    @Test func signingInAndOutIsObservable() async throws {
        let session = StudySession()
        let events = await session.events()
        await session.signIn(StudyTokens(idToken: "a", refreshToken: "b", uid: "c"))
        await session.signOut()
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .signedIn)
        #expect(await iterator.next() == .signedOut)
        #expect(await session.tokens == nil)
    }
}
