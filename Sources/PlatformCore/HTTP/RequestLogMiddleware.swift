import Vapor

/// Gives every request an id (the client's `X-Request-Id` when it is a sane token, a new one
/// otherwise), returns it in the response, records its metrics, and writes one structured log
/// line per request. The
/// line names the route's pattern (`/api/products/:id/:token`), never the path itself: paths
/// carry tokens and ids that do not belong in a log. It runs around every request, so it is a
/// future-based middleware: an `AsyncMiddleware` here would cost every request a task of its own.
public struct RequestLogMiddleware: Middleware {
    let clock: @Sendable () -> UInt64
    let metrics: RequestMetrics

    public init(metrics: RequestMetrics, clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.metrics = metrics
        self.clock = clock
    }

    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let requestID = Self.isSane(request.id) ? request.id : UUID().uuidString
        request.storage[RequestIDKey.self] = requestID
        request.logger[metadataKey: "request-id"] = .string(requestID)
        let started = clock()
        return next.respond(to: request).map { response in
            response.headers.replaceOrAdd(name: .xRequestId, value: requestID)
            log(request, status: response.status, started: started)
            return response
        }.flatMapErrorThrowing { error in
            // Only reached when no error middleware turned the error into a response.
            log(request, status: .internalServerError, started: started)
            throw error
        }
    }

    private func log(_ request: Request, status: HTTPResponseStatus, started: UInt64) {
        let nanoseconds = clock() &- started
        metrics.record(request, status: status, nanoseconds: nanoseconds)
        let milliseconds = Double(nanoseconds) / 1_000_000
        request.logger.info("request", metadata: [
            "method": .string(request.method.rawValue),
            "route": .string(Self.pattern(of: request)),
            "status": .stringConvertible(status.code),
            "latency_ms": .stringConvertible((milliseconds * 100).rounded() / 100),
        ])
    }

    static func pattern(of request: Request) -> String {
        guard let route = request.route else { return "(no route)" }
        return "/" + route.path.map(\.description).joined(separator: "/")
    }

    static func isSane(_ id: String) -> Bool {
        (1...128).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"): true
            default: false
            }
        }
    }
}

private struct RequestIDKey: StorageKey { typealias Value = String }

extension Request {
    /// The id this request is logged under and answered with.
    public var requestID: String { storage[RequestIDKey.self] ?? id }
}
