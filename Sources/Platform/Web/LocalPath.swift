/// Where a `next` parameter may send a browser: a path on this site and nothing else.
public enum LocalPath {
    /// `candidate` when it is a path on this site, the hub otherwise (or when there is none). Browsers drop tabs and line
    /// breaks from URLs and read `\` as `/`, so `/%09/evil.example` or `/\evil.example` would leave
    /// the site: any whitespace, control character or backslash disqualifies a path, as does a
    /// second leading slash (a scheme-relative URL).
    public static func sanitized(_ candidate: String?) -> String {
        guard let candidate else { return PlatformPaths.hub.link }
        let isLocal = candidate.hasPrefix("/") && !candidate.hasPrefix("//") && !candidate.contains("\\")
            && !candidate.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
        return isLocal ? candidate : PlatformPaths.hub.link
    }
}

/// Where a page sends the browser once it is done (`?next=/market/sell`): the links to it write
/// it and the page reads it, passing it through `LocalPath.sanitized`.
public struct ReturnTo: Codable, Sendable {
    public var next: String?

    public init(next: String?) {
        self.next = next
    }
}
