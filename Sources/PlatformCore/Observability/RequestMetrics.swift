import CoreMetrics
import Synchronization
import Vapor

/// The per-request metrics Vapor reports (`http_requests_total`, `http_request_errors_total`,
/// `http_request_duration_seconds`, by method, route pattern and status), with the same names
/// and labels, but each route's instruments made once. Vapor builds the pattern's text and asks
/// the metrics backend for three instruments on every request, which was a thirtieth of a
/// trivial route's time in the profile; Sprout turns Vapor's off (`reportMetrics`) for these.
public final class RequestMetrics: Sendable {
    private struct Key: Hashable {
        let route: ObjectIdentifier?
        let method: String
        let status: UInt
    }

    private struct Instruments: Sendable {
        let requests: Counter
        let errors: Counter?
        let duration: CoreMetrics.Timer
    }

    private let instruments = Mutex<[Key: Instruments]>([:])

    public init() {}

    public func record(_ request: Request, status: HTTPResponseStatus, nanoseconds: UInt64) {
        let key = Key(route: request.route.map(ObjectIdentifier.init), method: request.method.rawValue, status: status.code)
        let found = instruments.withLock { $0[key] } ?? make(key, for: request)
        found.requests.increment()
        found.errors?.increment()
        found.duration.recordNanoseconds(Int64(clamping: nanoseconds))
    }

    private func make(_ key: Key, for request: Request) -> Instruments {
        // Requests outside every route are one series, as Vapor reports them, so that random
        // paths cannot grow the metrics without bound.
        let dimensions = [
            ("method", request.route == nil ? "undefined" : key.method),
            ("path", request.route == nil ? "vapor_route_undefined" : RequestLogMiddleware.pattern(of: request)),
            ("status", String(key.status)),
        ]
        let made = Instruments(
            requests: Counter(label: "http_requests_total", dimensions: dimensions),
            errors: key.status >= 500 ? Counter(label: "http_request_errors_total", dimensions: dimensions) : nil,
            duration: CoreMetrics.Timer(label: "http_request_duration_seconds", dimensions: dimensions, preferredDisplayUnit: .seconds)
        )
        instruments.withLock { $0[key] = made }
        return made
    }
}
