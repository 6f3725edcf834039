import Foundation
import PlatformCore

/// The push services a browser subscription may point at. A subscription's endpoint is a URL the
/// browser chose and the server later POSTs to, so an endpoint anywhere else (an address inside
/// the operator's network, a metadata service) is refused when subscribing: the server never
/// becomes a way to reach it.
///
/// `SPROUT_WEB_PUSH_HOSTS` replaces the list, comma-separated: a host (`fcm.googleapis.com`), a
/// domain and its subdomains (`*.push.apple.com`), both over https only, or a whole origin
/// (`http://127.0.0.1:8090`) for a push service of one's own.
public struct PushServiceHosts: Sendable, Equatable {
    /// The push services of Chrome and Edge (FCM), Firefox (Mozilla autopush), Safari (Apple)
    /// and Windows (WNS).
    public static let browsers = PushServiceHosts(entries: [
        "fcm.googleapis.com", "updates.push.services.mozilla.com", "*.push.apple.com", "*.notify.windows.com",
    ])

    let entries: [String]

    init(entries: [String]) {
        self.entries = entries.map { $0.lowercased().hasSuffix("/") ? String($0.lowercased().dropLast()) : $0.lowercased() }
    }

    public init(environment env: EnvironmentReader) throws {
        guard let raw = env.string("SPROUT_WEB_PUSH_HOSTS") else {
            self = Self.browsers
            return
        }
        let entries = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for entry in entries where !Self.isEntry(entry) {
            throw ConfigError.invalid(name: "SPROUT_WEB_PUSH_HOSTS", value: entry, expected: "a host, *.domain, or an http(s)://host:port origin")
        }
        self.init(entries: entries)
    }

    /// Whether a push to `endpoint` may be sent.
    public func admits(_ endpoint: URL) -> Bool {
        guard let scheme = endpoint.scheme?.lowercased(), let host = endpoint.host?.lowercased(), !host.isEmpty,
              endpoint.user == nil, endpoint.password == nil
        else { return false }
        let origin = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        return entries.contains { entry in
            if entry.contains("://") { return entry == origin }
            guard scheme == "https", endpoint.port == nil || endpoint.port == 443 else { return false }
            if entry.hasPrefix("*.") { return host.hasSuffix(entry.dropFirst()) }
            return host == entry
        }
    }

    private static func isEntry(_ entry: String) -> Bool {
        if entry.contains("://") {
            guard let url = URL(string: entry), ["http", "https"].contains(url.scheme?.lowercased()), url.host?.isEmpty == false else { return false }
            return url.path.isEmpty || url.path == "/"
        }
        let host = entry.hasPrefix("*.") ? String(entry.dropFirst(2)) : entry
        return !host.isEmpty && host.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
    }
}
