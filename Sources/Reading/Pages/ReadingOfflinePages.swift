import Foundation
import Platform
import Vapor

/// `/reading/sw.js`: the service worker that keeps the reading pages working offline. A worker
/// controls only the pages below its own folder, `/reading/`, unless the server allows more: it
/// allows `/reading`, so the shelves at `/reading` itself (and `?status=…`) open offline too.
struct ReadingOfflinePages: Sendable {
    let script: ByteBuffer

    init() throws {
        guard let url = Bundle.module.url(forResource: "reading-sw", withExtension: "js", subdirectory: "Assets") else {
            throw Abort(.internalServerError, reason: "reading-sw.js is missing from the Reading bundle")
        }
        script = ByteBuffer(data: try Data(contentsOf: url))
    }

    func register(on pages: any RoutesBuilder) {
        pages.get(ReadingPaths.serviceWorker, use: serviceWorker)
    }

    func serviceWorker(_ req: Request) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "text/javascript; charset=utf-8")
        // A browser checks for a new worker on every visit when it may not keep this one.
        headers.replaceOrAdd(name: .cacheControl, value: "no-cache")
        headers.replaceOrAdd(name: "Service-Worker-Allowed", value: ReadingPaths.shelves.link)
        return Response(status: .ok, headers: headers, body: .init(buffer: script))
    }
}
