import Foundation
import Hummingbird

// Hummingbird at its leanest: bench/frameworks.sh's other framework beside bare Vapor. A GET of a
// path listed in the manifest (one "path<TAB>file<TAB>content type" line each, as bench/BareVapor
// reads it) answers that file's bytes; `GET /healthz` tells the bench it is up.
// Run as `bare-hummingbird PORT MANIFEST`.
struct Unreadable: Error, CustomStringConvertible {
    let line: Substring
    var description: String { "bare-hummingbird: cannot read the manifest line \(line)" }
}

let arguments = CommandLine.arguments.dropFirst()
let port = arguments.first.flatMap(Int.init) ?? 8091
var bodies: [String: (bytes: ByteBuffer, contentType: String)] = [:]
for line in try String(contentsOfFile: arguments.dropFirst().first ?? "", encoding: .utf8).split(separator: "\n") {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 3, let data = FileManager.default.contents(atPath: fields[1]) else {
        throw Unreadable(line: line)
    }
    bodies[fields[0]] = (ByteBuffer(bytes: data), fields[2])
}
let answers = bodies

let router = Router()
router.get("**") { request, _ -> Response in
    if let body = answers[request.uri.path] {
        return Response(status: .ok, headers: [.contentType: body.contentType], body: .init(byteBuffer: body.bytes))
    }
    return request.uri.path == "/healthz"
        ? Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "ok")))
        : Response(status: .notFound)
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
