import Vapor

/// Vapor's HTTP server, plus one thing: once it listens, Sprout prints where, with the demo
/// accounts and the dev API key when there are any, so a newcomer knows what to open and how to
/// sign in.
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
        if let key = running.devAPIKey {
            lines.append("   Dev API key  \(key)   (send as the SesacKey header)")
        }
        lines.append("")
        if !running.demoAccounts.isEmpty {
            lines.append("   Demo accounts (password: \(DemoData.password))")
            for person in running.demoAccounts {
                lines.append("     \(person.email)  \(person.name)")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// Makes `serve` print the banner once it listens: on standard output, or on standard error
    /// when the logs are JSON, so that a log collector reading standard output gets JSON only.
    public static func announceOnStart(_ app: Application, running: Running, logs: SproutLogging.Format) {
        let output: FileHandle = logs == .json ? .standardError : .standardOutput
        app.servers.use { app in
            AnnouncingServer(inner: app.http.server.shared) { url in
                output.write(Data((banner(url: url, running: running) + "\n").utf8))
            }
        }
    }
}
