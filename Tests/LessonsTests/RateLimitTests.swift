import SproutAPI
import SproutTestSupport
import Testing

@Suite struct RateLimitTests {
    @Test func excessCallsAre429InTheContractsFormat() async throws {
        try await withSprout(configure: { $0.rateLimit = .init(requestsPerMinutePerIP: 3, requestsPerMinutePerAccount: 0) }) { sprout in
            var statuses: [UInt] = []
            for _ in 0..<4 {
                let response = try await sprout.send(.POST, "v1/validation/email", headers: sprout.lessonsHeaders(), json: Lessons.EmailValidationRequest(email: "x@sprout.test"))
                statuses.append(response.status.code)
                if response.status.code == 429 {
                    #expect(!(try sprout.message(response)).isEmpty)
                    #expect(response.headers.first(name: "Retry-After") == "20", "one request of 3 a minute refills in 20 s")
                }
            }
            #expect(statuses == [200, 200, 200, 429])
            sprout.clock.advance(by: 20)
            let later = try await sprout.send(.POST, "v1/validation/email", headers: sprout.lessonsHeaders(), json: Lessons.EmailValidationRequest(email: "x@sprout.test"))
            #expect(later.status.code == 200)
        }
    }

    @Test func eachAccountHasItsOwnAllowance() async throws {
        try await withSprout(configure: { $0.rateLimit = .init(requestsPerMinutePerIP: 0, requestsPerMinutePerAccount: 2) }) { sprout in
            try await sprout.join()
            try await sprout.join(email: "other@sprout.test", nick: "other")
            let mina = try await sprout.login()
            let other = try await sprout.login(email: "other@sprout.test")
            var minaStatuses: [UInt] = []
            for _ in 0..<3 {
                minaStatuses.append(try await sprout.send(.GET, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": mina.accessToken])).status.code)
            }
            #expect(minaStatuses == [200, 200, 429])
            let otherStatus = try await sprout.send(.GET, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": other.accessToken])).status.code
            #expect(otherStatus == 200)
        }
    }
}
