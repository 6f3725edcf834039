import Vapor

extension Request {
    /// The URL clients reach this server at, for absolute links in JSON (image URLs): the
    /// configured public URL, else `http://` and the request's `Host` when it is a plain host name.
    public func publicBaseURL(configured: String?) -> String {
        if let configured, !configured.isEmpty { return configured.hasSuffix("/") ? String(configured.dropLast()) : configured }
        let host = headers.first(name: .host) ?? ""
        guard !host.isEmpty, host.utf8.count <= 255, host.utf8.allSatisfy(Self.isHostByte) else {
            return "http://\(application.http.server.configuration.hostname):\(application.http.server.configuration.port)"
        }
        return "http://\(host)"
    }

    /// A letter, digit or one of `.-:[]`. Bytes, not a `CharacterSet`: building one for every
    /// request was a fortieth of the market's cached page in the profile (bench/RESULTS.md).
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"): true
        default: false
        }
    }
}
