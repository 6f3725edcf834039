import Foundation
import Vapor

/// `/reading/sw.js`: the service worker that keeps the reading pages working offline. Served from
/// under `/reading/` because a worker controls only the pages below its own path.
struct ReadingOfflinePages: Sendable {
    let script: ByteBuffer

    init() throws {
        guard let url = Bundle.module.url(forResource: "reading-sw", withExtension: "js", subdirectory: "Assets") else {
            throw Abort(.internalServerError, reason: "reading-sw.js is missing from the Reading bundle")
        }
        script = ByteBuffer(data: try Data(contentsOf: url))
    }

    func register(on pages: any RoutesBuilder) {
        pages.get("reading", "sw.js", use: serviceWorker)
    }

    func serviceWorker(_ req: Request) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "text/javascript; charset=utf-8")
        // A browser checks for a new worker on every visit when it may not keep this one.
        headers.replaceOrAdd(name: .cacheControl, value: "no-cache")
        return Response(status: .ok, headers: headers, body: .init(buffer: script))
    }
}
