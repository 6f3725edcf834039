import Foundation
import Vapor

/// `/push-sw.js`: the service worker that shows pushed notifications. Served from the root, so
/// its scope is the whole site and a notification can open any page.
struct PushWorkerRoute: Sendable {
    let script: ByteBuffer

    init() throws {
        guard let url = Bundle.module.url(forResource: "push-sw", withExtension: "js", subdirectory: "Assets") else {
            throw Abort(.internalServerError, reason: "push-sw.js is missing from the Platform bundle")
        }
        script = ByteBuffer(data: try Data(contentsOf: url))
    }

    func register(on routes: any RoutesBuilder) {
        routes.get(PlatformPaths.pushWorker) { _ in
            var headers = HTTPHeaders()
            headers.replaceOrAdd(name: .contentType, value: "text/javascript; charset=utf-8")
            // A browser checks for a new worker on every visit when it may not keep this one.
            headers.replaceOrAdd(name: .cacheControl, value: "no-cache")
            return Response(status: .ok, headers: headers, body: .init(buffer: script))
        }
    }
}
