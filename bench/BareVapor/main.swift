import Vapor

// The ceiling of bench/study_sockets.sh: Vapor's websocket and nothing else. Each text message
// comes straight back; `GET /healthz` tells the bench it is up. Run as `websocket-echo PORT`.
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8090
let environment = Environment(name: "production", arguments: ["websocket-echo"])
let app = try await Application.make(environment)
app.logger.logLevel = .warning
app.http.server.configuration.hostname = "127.0.0.1"
app.http.server.configuration.port = port
app.get("healthz") { _ in "ok" }
app.webSocket("echo", maxFrameSize: WebSocketMaxFrameSize(integerLiteral: 64 * 1024)) { _, socket in
    socket.onText { socket, text in socket.send(text, promise: nil) }
}
try await app.execute()
try await app.asyncShutdown()
