import Foundation
import SproutAPI
import SproutKit
import SproutTestSupport
import Testing
import Vapor

/// The SDK over real sockets against the real server, in-process, with the server's clock injected.
@Suite struct LiveServerTests {
    @Test func joinLoginAndProfileOverHTTP() async throws {
        try await withListeningSprout { sprout, url in
            let lessons = LessonsClient(baseURL: url, apiKey: sprout.apiKey)
            let joined = try await lessons.join(Lessons.JoinRequest(email: "kit@sprout.test", password: "pw12345", nick: "kit", phoneNum: "1"))
            #expect(joined.nick == "kit")
            await #expect(throws: SproutError.http(status: 409, code: .conflict, message: "이미 사용중인 닉네임입니다.")) {
                try await lessons.join(Lessons.JoinRequest(email: "kit2@sprout.test", password: "pw12345", nick: "kit"))
            }
            try await lessons.login(email: "kit@sprout.test", password: "pw12345")
            let profile = try await lessons.myProfile()
            #expect(profile.userID == joined.userID)
            #expect(profile.phoneNum == "1")
        }
    }

    @Test func aRealExpiryTriggersExactlyOneRefreshForTenConcurrentCalls() async throws {
        try await withListeningSprout { sprout, url in
            let transport = TestTransport(recording: URLSessionTransport())
            let lessons = LessonsClient(baseURL: url, apiKey: sprout.apiKey, transport: transport)
            _ = try await lessons.join(Lessons.JoinRequest(email: "ten@sprout.test", password: "pw12345", nick: "ten"))
            try await lessons.login(email: "ten@sprout.test", password: "pw12345")
            sprout.clock.advance(by: sprout.platform.tokens.accessLifetime + 1)

            let profiles = try await withThrowingTaskGroup(of: Lessons.MyProfile.self) { group in
                for _ in 0..<10 { group.addTask { try await lessons.myProfile() } }
                return try await group.reduce(into: [Lessons.MyProfile]()) { $0.append($1) }
            }
            #expect(profiles.count == 10)
            #expect(Set(profiles.map(\.nick)) == ["ten"])
            #expect(transport.requests.filter { $0.url.path == "/v1/auth/refresh" }.count == 1)
        }
    }

    @Test func anExpiredRefreshTokenReportsSessionExpired() async throws {
        try await withListeningSprout { sprout, url in
            let lessons = LessonsClient(baseURL: url, apiKey: sprout.apiKey)
            let events = await lessons.session.events()
            _ = try await lessons.join(Lessons.JoinRequest(email: "old@sprout.test", password: "pw12345", nick: "old"))
            try await lessons.login(email: "old@sprout.test", password: "pw12345")
            sprout.clock.advance(by: sprout.platform.tokens.refreshLifetime + 1)
            await #expect(throws: SproutError.sessionExpired) { try await lessons.myProfile() }
            var iterator = events.makeAsyncIterator()
            #expect(await iterator.next() == .signedIn)
            #expect(await iterator.next() == .sessionExpired)
        }
    }
}
