import Foundation
import NIOCore
import NIOPosix
import Platform
import PlatformCore
import SproutServer
import Vapor

// `sprout` runs Sprout: `serve` (the default) and the operator's commands, which `sprout --help`
// lists (`SproutInvocation`). Everything is configured by environment variables (see README);
// `serve` also takes `--hostname` and `--port`.

// Async handlers then run on the event loop that read their request, as Vapor's template sets
// up: without it every request hopped to Swift's own thread pool and back, which the profile of
// a trivial route showed as a sixth of its time (bench/RESULTS.md).
NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("sprout: \(message)\n".utf8))
    exit(status)
}

var environment = try Environment.detect()
let logFormat: SproutLogging.Format
do {
    logFormat = try SproutLogging.bootstrap(from: &environment)
} catch {
    fail("\(error)")
}

// The command is read before anything opens the data folder or the database.
let arguments = Array(environment.arguments.dropFirst())
let command: String
switch SproutInvocation(arguments: arguments) {
case .help:
    print(SproutInvocation.usage)
    exit(0)
case let .unknown(name):
    fail("no command \"\(name)\"\n\n" + SproutInvocation.usage, status: 64)
case let .run(named):
    command = named
}

// `restore` replaces the database file, so it runs before anything opens it.
if command == "restore" {
    do {
        guard let path = arguments.dropFirst().first else { fail("usage: sprout restore PATH (a folder made by sprout backup)") }
        let config = try SproutConfig.fromEnvironment(production: environment == .production, command: command)
        let dataDirectory = try DataDirectory(config.dataDirectory)
        let lock = try DataDirectoryLock.restoring(dataDirectory)
        try Backup.restore(from: URL(fileURLWithPath: path, isDirectory: true), into: dataDirectory)
        withExtendedLifetime(lock) {}
        print("Restored \(path) into \(config.dataDirectory.path).")
        exit(0)
    } catch {
        fail(SproutApplication.describeStartupError(error))
    }
}

let app = try await Application.make(environment)
app.http.server.configuration.hostname = "127.0.0.1"
app.http.server.configuration.port = 8080
do {
    let config = try SproutConfig.fromEnvironment(production: environment == .production, command: command)
    // Held until the process ends, so that `restore` cannot replace the database under it.
    let lock = command == "serve" ? try DataDirectoryLock.serving(DataDirectory(config.dataDirectory)) : nil
    let clock = try ClockOffsetFile.clock(config.environment, production: config.isProduction)
    let running = try await SproutApplication.configure(app, config: config, dependencies: .init(clock: clock))
    SproutApplication.registerCommands(app, running: running)
    SproutApplication.announceOnStart(app, running: running, logs: logFormat)
    try await app.execute()
    try await app.asyncShutdown()
    withExtendedLifetime(lock) {}
} catch let error as DatabaseUnavailable {
    fail("cannot use the database: \(error.reason)")
} catch {
    fail(SproutApplication.describeStartupError(error))
}
