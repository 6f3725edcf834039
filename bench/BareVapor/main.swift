import Vapor

// Vapor at its leanest, with nothing of Sprout's on it: the framework's own ceiling. A new app's
// default middleware (route logging, errors) and route metrics are off, as Sprout turns the
// metrics off, so nothing here is work Sprout could also skip.
// - bench/run.sh passes a manifest of the bodies Sprout answered (one "path<TAB>file<TAB>content
//   type" line each); a GET of a listed path answers that file's bytes, as nginx does, so a run
//   shows how much of Sprout's distance to nginx is the framework's.
// - bench/study_sockets.sh sends text messages to `/echo`; each comes straight back.
// `GET /healthz` tells a bench it is up. Run as `bare-vapor PORT [MANIFEST]`.
let arguments = CommandLine.arguments.dropFirst()
let port = arguments.first.flatMap(Int.init) ?? 8090
let bodies = try arguments.dropFirst().first.map(ManifestBodies.load) ?? [:]

let environment = Environment(name: "production", arguments: ["bare-vapor"])
let app = try await Application.make(environment)
app.logger.logLevel = .warning
app.http.server.configuration.hostname = "127.0.0.1"
app.http.server.configuration.port = port
app.http.server.configuration.reportMetrics = false
app.middleware = Middlewares()
app.get(.catchall) { request -> Response in
    if let body = bodies[request.url.path] {
        return Response(status: .ok, headers: ["Content-Type": body.contentType], body: .init(buffer: body.bytes))
    }
    return request.url.path == "/healthz" ? Response(status: .ok, body: "ok") : Response(status: .notFound)
}
app.webSocket("echo", maxFrameSize: WebSocketMaxFrameSize(integerLiteral: 64 * 1024)) { _, socket in
    socket.onText { socket, text in socket.send(text, promise: nil) }
}
try await app.execute()
try await app.asyncShutdown()

/// The bytes to answer at each path, read once at start.
enum ManifestBodies {
    struct Body: Sendable {
        let bytes: ByteBuffer
        let contentType: String
    }

    struct Unreadable: Error, CustomStringConvertible {
        let line: Substring
        var description: String { "bare-vapor: cannot read the manifest line \(line)" }
    }

    static func load(_ manifest: String) throws -> [String: Body] {
        var bodies: [String: Body] = [:]
        for line in try String(contentsOfFile: manifest, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let data = FileManager.default.contents(atPath: fields[1]) else {
                throw Unreadable(line: line)
            }
            bodies[fields[0]] = Body(bytes: ByteBuffer(bytes: data), contentType: fields[2])
        }
        return bodies
    }
}
