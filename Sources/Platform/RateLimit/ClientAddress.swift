#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Vapor

/// Who a request comes from, as the per-client limits key it. Behind a reverse proxy every
/// request arrives from the proxy: when the peer is one of `SPROUT_TRUSTED_PROXIES`, the client
/// is the nearest address in `X-Forwarded-For` (or `Forwarded: for=`) that is not itself a
/// trusted proxy. Anyone else's forwarding headers are ignored, since a client can write them.
/// An IPv6 client is keyed by its /64, which one subscriber usually holds whole.
enum ClientAddress {
    struct TrustedProxies: StorageKey { typealias Value = Set<String> }

    static func key(for request: Request) -> String {
        let peer = request.remoteAddress?.ipAddress ?? "unknown"
        let trusted = request.application.storage[TrustedProxies.self] ?? []
        guard trusted.contains(peer) else { return key(peer) }
        let hops = forwardedFor(request.headers)
        return key(hops.reversed().first { !trusted.contains($0) } ?? peer)
    }

    /// The forwarding chain, client first: `X-Forwarded-For`, else `Forwarded`'s `for=` values.
    static func forwardedFor(_ headers: HTTPHeaders) -> [String] {
        let forwarded = headers[.xForwardedFor].flatMap { $0.split(separator: ",") }
        if !forwarded.isEmpty { return forwarded.map { address(String($0)) } }
        return headers[.forwarded].flatMap { $0.split(separator: ",") }.compactMap { element in
            element.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.lowercased().hasPrefix("for=") }
                .map { address(String($0.dropFirst(4))) }
        }
    }

    /// An address without quotes, brackets or port: `"[2001:db8::1]:4711"` → `2001:db8::1`.
    static func address(_ text: String) -> String {
        var value = text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        if value.hasPrefix("["), let end = value.firstIndex(of: "]") {
            value = String(value[value.index(after: value.startIndex)..<end])
        } else if value.filter({ $0 == ":" }).count == 1, let colon = value.firstIndex(of: ":") {
            value = String(value[..<colon])
        }
        return value
    }

    /// IPv4 as it is; IPv6 as its /64 prefix.
    static func key(_ address: String) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard address.contains(":"), inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        return stride(from: 0, to: 8, by: 2).map { String(format: "%02x%02x", bytes[$0], bytes[$0 + 1]) }.joined(separator: ":") + "::/64"
    }
}

extension Request {
    /// The client a request comes from, for per-client limits; see `ClientAddress`.
    public var clientIP: String { ClientAddress.key(for: self) }
}

extension Application {
    /// The reverse proxies whose forwarding headers name the client (`SPROUT_TRUSTED_PROXIES`).
    public func trustProxies(_ addresses: [String]) {
        storage[ClientAddress.TrustedProxies.self] = Set(addresses)
    }
}
