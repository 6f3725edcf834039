import Vapor

/// A module's long-running work: a realtime hub, a LISTEN/NOTIFY subscriber, a timer.
public protocol ModuleService: Sendable {
    /// Named in the start-up and shutdown log lines.
    var name: String { get }
    /// Called once the database is migrated; `application` gives the database and event loops.
    func start(on application: Application) async throws
    /// Finishes in-flight work and releases what `start` took. Called once, only after `start`
    /// succeeded, when the application shuts down (SIGTERM included).
    func stop() async
}
