import CoreMetrics

/// The instruments Sprout reports beside Vapor's own per-request ones (`http_requests_total`,
/// `http_request_duration_seconds`, by method, route pattern and status). Each is made where it
/// is used, as Vapor makes its own, so it reaches whichever backend the process bootstrapped (none
/// in a process that never did). Names and label sets live here only: a metric's labels must be
/// the same at every use.
public enum ServerMetrics {
    /// A request refused with 429; `limit` names the allowance it spent (`ip`, `account`, `login`).
    public static func rateLimited(_ limit: String) {
        Counter(label: "sprout_rate_limit_rejections_total", dimensions: [("limit", limit)]).increment()
    }

    /// How long a write transaction waited for SQLite's one writer (the process's write gate).
    public static func waitedForDatabaseWrite(nanoseconds: UInt64) {
        CoreMetrics.Timer(label: "sprout_database_write_wait_seconds", preferredDisplayUnit: .seconds)
            .recordNanoseconds(Int64(clamping: nanoseconds))
    }

    /// Image batches queued for or running on the image pool.
    public static let imageBatches = "sprout_image_batches"

    /// Realtime sessions (a websocket or a long-polling client) open on this instance, by app.
    public static let realtimeSessions = "sprout_realtime_sessions"

    /// Counts something in progress up while `body` runs and down after, whatever it returns.
    public static func inProgress<T>(_ label: String, app: String? = nil, _ body: () async throws -> T) async rethrows -> T {
        let meter = meter(label, app: app)
        meter.increment()
        defer { meter.decrement() }
        return try await body()
    }

    public static func opened(_ label: String, app: String) { meter(label, app: app).increment() }

    public static func closed(_ label: String, app: String) { meter(label, app: app).decrement() }

    private static func meter(_ label: String, app: String?) -> Meter {
        Meter(label: label, dimensions: app.map { [("app", $0)] } ?? [])
    }
}
