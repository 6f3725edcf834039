import PlatformCore
import Vapor

/// Starts the modules' services after migration and stops them, last started first, when the
/// application shuts down.
struct ModuleServiceRunner: LifecycleHandler {
    let services: [any ModuleService]
    let logger: Logger

    /// Starts every service in order; if one fails, stops those already started and rethrows,
    /// so a failed start-up leaves nothing running.
    static func start(_ services: [any ModuleService], on app: Application) async throws {
        var started: [any ModuleService] = []
        do {
            for service in services {
                try await service.start(on: app)
                started.append(service)
                // Debug: a command's output (a new API key) must stay the last thing it prints.
                app.logger.debug("started \(service.name)")
            }
        } catch {
            await ModuleServiceRunner(services: started, logger: app.logger).stopAll()
            throw error
        }
        app.lifecycle.use(ModuleServiceRunner(services: started, logger: app.logger))
    }

    func shutdownAsync(_ application: Application) async {
        await stopAll()
    }

    private func stopAll() async {
        for service in services.reversed() {
            await service.stop()
            logger.debug("stopped \(service.name)")
        }
    }
}

extension Application {
    /// Starts `services` now and stops them on shutdown; see `ModuleService`.
    public func startModuleServices(_ services: [any ModuleService]) async throws {
        try await ModuleServiceRunner.start(services, on: self)
    }
}
