import Foundation
import Platform
import PlatformCore
import Testing

@Suite struct RateLimiterTests {
    @Test func allowsTheAllowanceThenRefusesUntilTimeRefills() {
        let clock = ManualClock()
        let limiter = RateLimiter(clock: clock.clock)
        for _ in 0..<3 { #expect(limiter.allow("ip:1", perMinute: 3)) }
        #expect(!limiter.allow("ip:1", perMinute: 3))
        #expect(limiter.allow("ip:2", perMinute: 3), "another key has its own bucket")
        clock.advance(by: 20)
        #expect(limiter.allow("ip:1", perMinute: 3), "a third of a minute refills one request")
        #expect(!limiter.allow("ip:1", perMinute: 3))
    }

    @Test func zeroMeansNoLimit() {
        let limiter = RateLimiter(clock: ManualClock().clock)
        for _ in 0..<1000 { #expect(limiter.allow("ip:1", perMinute: 0)) }
    }
}
