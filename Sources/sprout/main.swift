import Foundation
import Platform
import SproutServer
import Vapor

// `sprout` runs Sprout: `serve` (the default), `migrate`, `seed`, `keys create NAME`, `keys list`.
// Everything is configured by environment variables (see README); `serve` also takes
// `--hostname` and `--port`.

var environment = try Environment.detect()
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
app.http.server.configuration.hostname = "127.0.0.1"
app.http.server.configuration.port = 8080

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sprout: \(message)\n".utf8))
    exit(1)
}

do {
    let config = try SproutConfig.fromEnvironment()
    let running = try await SproutApplication.configure(app, config: config)
    SproutApplication.registerCommands(app, running: running)
    SproutApplication.announceOnStart(app, running: running)
    try await app.execute()
    try await app.asyncShutdown()
} catch let error as DatabaseUnavailable {
    fail("cannot use the database: \(error.reason)")
} catch {
    fail(SproutApplication.describeStartupError(error))
}
