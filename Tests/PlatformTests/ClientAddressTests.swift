import Foundation
import NIOCore
@testable import Platform
@testable import PlatformCore
import Testing
import Vapor

/// Per-client limits key a client by its address: IPv6 by its /64, and behind a trusted proxy by
/// the forwarding headers, which anyone else may forge and so are ignored.
@Suite struct ClientAddressTests {
    @Test func ipv6ClientsAreKeyedByTheirSlash64() {
        #expect(ClientAddress.key("2001:db8:1:2:aaaa::1") == ClientAddress.key("2001:db8:1:2:ffff:1:2:3"))
        #expect(ClientAddress.key("2001:db8:1:2::1") != ClientAddress.key("2001:db8:1:3::1"))
        #expect(ClientAddress.key("2001:db8:1:2::1") == "2001:0db8:0001:0002::/64")
        #expect(ClientAddress.key("203.0.113.7") == "203.0.113.7")
        #expect(ClientAddress.key("not an address") == "not an address")
    }

    @Test func forwardingHeadersAreReadClientFirst() {
        #expect(ClientAddress.forwardedFor(["X-Forwarded-For": "203.0.113.7, 10.0.0.2"]) == ["203.0.113.7", "10.0.0.2"])
        #expect(ClientAddress.forwardedFor(["Forwarded": #"for=192.0.2.60;proto=http, for="[2001:db8::1]:4711""#]) == ["192.0.2.60", "2001:db8::1"])
        #expect(ClientAddress.forwardedFor(["Forwarded": "for=198.51.100.17:8080"]) == ["198.51.100.17"])
    }

    @Test func onlyATrustedProxyMayNameTheClient() async throws {
        let app = try await Application.make(.testing)
        defer { Task { try? await app.asyncShutdown() } }
        func client(peer: String, forwarded: String) throws -> String {
            let request = Request(application: app, method: .GET, url: "/", headers: ["X-Forwarded-For": forwarded],
                                  remoteAddress: try SocketAddress(ipAddress: peer, port: 1234), on: app.eventLoopGroup.next())
            return request.clientIP
        }
        #expect(try client(peer: "198.51.100.1", forwarded: "203.0.113.7") == "198.51.100.1", "forged by the client itself")
        app.trustProxies(["10.0.0.2", "10.0.0.3"])
        #expect(try client(peer: "10.0.0.3", forwarded: "203.0.113.7, 10.0.0.2") == "203.0.113.7")
        #expect(try client(peer: "10.0.0.3", forwarded: "1.2.3.4, 203.0.113.7, 10.0.0.2") == "203.0.113.7", "the nearest untrusted hop")
        #expect(try client(peer: "198.51.100.1", forwarded: "203.0.113.7") == "198.51.100.1")
    }

    @Test func bucketsUntouchedForAMinuteArePruned() {
        let clock = ManualClock()
        let limiter = RateLimiter(clock: clock.clock)
        for index in 0..<1_000 { _ = limiter.allow("ip:\(index)", perMinute: 5) }
        #expect(limiter.bucketCount == 1_000)
        clock.advance(by: 61)
        #expect(limiter.allow("ip:new", perMinute: 5))
        #expect(limiter.bucketCount == 1)
    }
}
