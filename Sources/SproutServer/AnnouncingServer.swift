import Vapor

/// Vapor's HTTP server, plus one thing: once it listens, Sprout prints where, with the demo
/// accounts and the dev API key, so a newcomer knows what to open and how to sign in.
struct AnnouncingServer: Server {
    let inner: HTTPServer
    let announce: @Sendable (_ address: String) -> Void

    var onShutdown: EventLoopFuture<Void> { inner.onShutdown }

    func start(address: BindAddress?) throws {
        try inner.start(address: address)
        announceAddress()
    }

    func start(address: BindAddress?) async throws {
        try await inner.start(address: address)
        announceAddress()
    }

    func shutdown() { inner.shutdown() }

    func shutdown() async { await inner.shutdown() }

    private func announceAddress() {
        guard let address = inner.localAddress, let ip = address.ipAddress, let port = address.port else { return }
        let host = ip.contains(":") ? "[\(ip)]" : ip
        announce("http://\(host):\(port)")
    }
}

extension SproutApplication {
    /// The text printed when the server starts listening.
    static func banner(url: String, running: Running) -> String {
        var lines = ["", "🌱 Sprout is running at \(url)", ""]
        lines.append("   Web app      \(url)/")
        lines.append("   API docs     \(url)/docs")
        lines.append("   Dev API key  \(running.devAPIKey)   (send as the SesacKey header)")
        lines.append("")
        lines.append("   Demo accounts (password: \(DemoData.password))")
        for person in DemoData.people {
            lines.append("     \(person.email)  \(person.name)")
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }

    /// Makes `serve` print the banner once it listens.
    public static func announceOnStart(_ app: Application, running: Running) {
        app.servers.use { app in
            AnnouncingServer(inner: app.http.server.shared) { url in
                FileHandle.standardOutput.write(Data((banner(url: url, running: running) + "\n").utf8))
            }
        }
    }
}
