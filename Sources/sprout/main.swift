import Foundation
import NIOCore
import NIOPosix
import Platform
import SproutServer
import Vapor

// `sprout` runs Sprout: `serve` (the default), `migrate`, `seed`, `keys create NAME`, `keys list`,
// `backup PATH`, `restore PATH`, and the modules' own (`curation set|list`).
// Everything is configured by environment variables (see README); `serve` also takes
// `--hostname` and `--port`.

// Async handlers then run on the event loop that read their request, as Vapor's template sets
// up: without it every request hopped to Swift's own thread pool and back, which the profile of
// a trivial route showed as a sixth of its time (bench/RESULTS.md).
NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()

var environment = try Environment.detect()
do {
    try SproutLogging.bootstrap(from: &environment)
} catch {
    FileHandle.standardError.write(Data("sprout: \(error)\n".utf8))
    exit(1)
}
let app = try await Application.make(environment)
app.http.server.configuration.hostname = "127.0.0.1"
app.http.server.configuration.port = 8080

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sprout: \(message)\n".utf8))
    exit(1)
}

// `restore` replaces the database file, so it runs before anything opens it.
if CommandLine.arguments.dropFirst().first == "restore" {
    do {
        guard let path = CommandLine.arguments.dropFirst(2).first else { fail("usage: sprout restore PATH (a folder made by sprout backup)") }
        let config = try SproutConfig.fromEnvironment()
        try Backup.restore(from: URL(fileURLWithPath: path, isDirectory: true), into: DataDirectory(config.dataDirectory))
        print("Restored \(path) into \(config.dataDirectory.path).")
        exit(0)
    } catch {
        fail(SproutApplication.describeStartupError(error))
    }
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
