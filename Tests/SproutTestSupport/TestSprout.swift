import Fluent
import FluentPostgresDriver
import Foundation
import Platform
import PlatformCore
import SproutServer
import Vapor
import VaporTesting

/// A Sprout built exactly as `main` builds it, on a database of its own: a fresh SQLite file, or a
/// fresh PostgreSQL database when `TEST_DATABASE_URL` is set. Time is a `ManualClock` the test moves;
/// push notifications are recorded in `pushes` instead of leaving the machine, unless the test
/// configures `SPROUT_PUSH` itself.
public struct TestSprout: Sendable {
    public let app: Application
    public let running: SproutApplication.Running
    public let clock: ManualClock
    public let pushes: RecordingPushSender
    public let dataDirectory: URL

    public var platform: PlatformServices { running.platform }
    public var apiKey: String { running.devAPIKey ?? "" }

    /// The pushes sent so far, once the push outbox has delivered what is due now (the server
    /// sends them in the background; a test asks for them to be sent before it looks).
    public func deliveredPushes() async -> [RecordingPushSender.Push] {
        await platform.pushes.deliverDue(on: app.db)
        return pushes.sent
    }

    /// A request as a handler gets one, for checks that read the database as a request sees it.
    public func request(_ method: HTTPMethod = .GET) -> Request {
        Request(application: app, method: method, on: app.eventLoopGroup.any())
    }
}

/// Builds a `TestSprout`, runs `test` with it, and tears everything down, database included.
///
/// - Parameter ownThreads: gives this Sprout event loops and a thread pool of its own. Every other
///   test app shares NIO's singletons (two threads each on a two-core machine), and with hundreds of
///   tests at once a server that real sockets talk to could wait past its clients' timeouts.
public func withSprout<T>(
    demoData: Bool = false,
    ownThreads: Bool = false,
    configure: (inout SproutConfig) -> Void = { _ in },
    _ test: (TestSprout) async throws -> T
) async throws -> T {
    let usesPostgres = !(ProcessInfo.processInfo.environment["TEST_DATABASE_URL"] ?? "").isEmpty
    if usesPostgres { await ScratchDatabase.slots.acquire() }
    defer { if usesPostgres { Task { await ScratchDatabase.slots.release() } } }
    let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-test-\(UUID().uuidString)", isDirectory: true)
    let scratchDatabase = try await ScratchDatabase.make()
    var config = SproutConfig(
        dataDirectory: dataDirectory,
        storage: scratchDatabase?.storage,
        rateLimit: .off,
        logLevel: .warning,
        passwordCost: 4,
        loadsDemoData: demoData
    )
    configure(&config)
    // Tests never reach the internet: the book catalogue is the local one unless a test names others.
    config.environment = config.environment.defaulting("SPROUT_BOOK_CATALOGUES", to: "local")
    if config.storage == SproutConfig(dataDirectory: dataDirectory).storage {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try await MigratedTemplate.shared.sqliteFile(), to: dataDirectory.appendingPathComponent("sprout.sqlite"))
    }
    let clock = ManualClock()
    let pushes = RecordingPushSender()
    let loops = ownThreads ? MultiThreadedEventLoopGroup(numberOfThreads: 2) : nil
    let app = try await Application.make(.testing, loops.map { .shared($0) } ?? .singleton)
    // Vapor starts a pool it is given, and shuts it down with the application.
    if ownThreads { app.threadPool = NIOThreadPool(numberOfThreads: 2) }
    let outcome: Result<T, any Error>
    do {
        let running = try await SproutApplication.configure(
            app, config: config, dependencies: .init(clock: clock.clock, ids: .secureRandom, push: config.environment.string("SPROUT_PUSH") == nil ? pushes : nil,
                                              browserPush: pushes)
        )
        outcome = .success(try await test(TestSprout(app: app, running: running, clock: clock, pushes: pushes, dataDirectory: dataDirectory)))
    } catch {
        outcome = .failure(error)
    }
    try? await app.asyncShutdown()
    try? await loops?.shutdownGracefully()
    do {
        try await scratchDatabase?.drop()
    } catch {
        Logger(label: "sprout.test").warning("could not drop \(scratchDatabase?.name ?? ""): \(String(reflecting: error))")
    }
    try? FileManager.default.removeItem(at: dataDirectory)
    return try outcome.get()
}

/// A PostgreSQL database made for one test and dropped after it, so tests can run in parallel.
struct ScratchDatabase {
    /// Swift Testing runs every test at once; PostgreSQL allows about a hundred connections, and
    /// each test's application opens a few.
    static let slots = TestSlots(count: 8)

    let adminURL: String
    let name: String

    var storage: DatabaseStorage {
        var components = URLComponents(string: adminURL)!
        components.path = "/" + name
        return .postgres(url: components.string!)
    }

    static func make() async throws -> ScratchDatabase? {
        guard let url = ProcessInfo.processInfo.environment["TEST_DATABASE_URL"], !url.isEmpty else { return nil }
        let database = ScratchDatabase(adminURL: url, name: "sprout_t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20))
        let template = try await MigratedTemplate.shared.postgresTemplate(database)
        try await database.execute("CREATE DATABASE \(database.name) TEMPLATE \(template)")
        return database
    }

    /// Drops the templates of test processes that have ended: a template lives as long as the
    /// process that made it, and is named after it (`sprout_tpl_<pid>_…`).
    func dropTemplatesOfEndedProcesses() async throws {
        for name in try await names(like: "sprout_tpl_%") {
            let parts = name.split(separator: "_")
            guard parts.count >= 3, let pid = Int32(parts[2]), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try await execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        }
    }

    private func names(like pattern: String) async throws -> [String] {
        let configuration = try SQLPostgresConfiguration(url: adminURL)
        let logger = Logger(label: "sprout.test.scratch-db")
        let connection = try await PostgresConnection.connect(configuration: configuration.coreConfiguration, id: 1, logger: logger)
        do {
            var names: [String] = []
            for try await name in try await connection.query("SELECT datname FROM pg_database WHERE datname LIKE \(pattern)", logger: logger).decode(String.self) {
                names.append(name)
            }
            try await connection.close()
            return names
        } catch {
            try? await connection.close()
            throw error
        }
    }

    func drop() async throws {
        try await execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    func execute(_ statement: String) async throws {
        let configuration = try SQLPostgresConfiguration(url: adminURL)
        let connection = try await PostgresConnection.connect(
            configuration: configuration.coreConfiguration, id: 1, logger: Logger(label: "sprout.test.scratch-db")
        )
        do {
            _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Logger(label: "sprout.test.scratch-db"))
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

/// A counting semaphore for async tests.
actor TestSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
