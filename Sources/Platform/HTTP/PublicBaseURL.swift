import Vapor

extension Request {
    /// The URL clients reach this server at, for absolute links in JSON (image URLs): the
    /// configured public URL, else `http://` and the request's `Host` when it is a plain host name.
    public func publicBaseURL(configured: String?) -> String {
        if let configured, !configured.isEmpty { return configured.hasSuffix("/") ? String(configured.dropLast()) : configured }
        let host = headers.first(name: .host) ?? ""
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        guard !host.isEmpty, host.count <= 255, host.unicodeScalars.allSatisfy(allowed.contains) else {
            return "http://\(application.http.server.configuration.hostname):\(application.http.server.configuration.port)"
        }
        return "http://\(host)"
    }
}
