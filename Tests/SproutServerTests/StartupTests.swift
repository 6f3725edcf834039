import Foundation
import Platform
import PlatformCore
import SproutAPI
@testable import SproutServer
import SproutTestSupport
import Synchronization
import Testing
import Vapor

@Suite struct StartupTests {
    @Test func aCorruptDatabaseFailsFastWithOneLine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-corrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: folder.appendingPathComponent("sprout.sqlite"))
        let app = try await Application.make(.testing)
        do {
            try await SproutApplication.configure(app, config: SproutConfig(dataDirectory: folder, logLevel: .critical, passwordCost: 4))
            Issue.record("configure accepted a corrupt database")
        } catch let error as DatabaseUnavailable {
            #expect(!error.reason.isEmpty)
            #expect(!error.reason.contains("\n"))
        }
        try await app.asyncShutdown()
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func demoDataIsLoadedOnFirstRun() async throws {
        try await withSprout(demoData: true) { sprout in
            for person in DemoData.people {
                _ = try await sprout.platform.accounts.authenticate(email: person.email, password: DemoData.password, client: "127.0.0.1", on: sprout.app.db)
            }
        }
    }

    @Test func tokensStayValidAfterARestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-restart-\(UUID().uuidString)")
        let config = SproutConfig(dataDirectory: folder, logLevel: .warning, passwordCost: 4, loadsDemoData: false)
        // Both runs read one injected clock: the wall clock may jump between them on a loaded or
        // suspended machine, and the five-minute token would then be judged expired.
        let clock = ManualClock()
        func boot() async throws -> (Application, SproutApplication.Running) {
            let app = try await Application.make(.testing)
            return (app, try await SproutApplication.configure(app, config: config, dependencies: .init(clock: clock.clock)))
        }
        let (first, running) = try await boot()
        let account = try await running.platform.accounts.register(email: "r@sprout.test", password: "pw", displayName: "R", on: first.db)
        let pair = try await running.platform.tokens.issue(for: try account.requireID(), on: first.db)
        try await first.asyncShutdown()

        let (second, again) = try await boot()
        #expect(again.devAPIKey == running.devAPIKey)
        #expect(await again.platform.tokens.check(accessToken: pair.accessToken) == .valid(accountID: try account.requireID()))
        try await second.asyncShutdown()
        let secret = try String(contentsOf: folder.appendingPathComponent("jwt-secret"), encoding: .utf8)
        #expect(secret.count > 40)
        try? FileManager.default.removeItem(at: folder)
    }
}

@Suite struct DataFilePermissionsTests {
    @Test func theDataFolderAndDatabaseAreTheOwnersAlone() async throws {
        try await withSprout { sprout in
            let folder = try FileManager.default.attributesOfItem(atPath: sprout.dataDirectory.path)
            #expect((folder[.posixPermissions] as? Int) == 0o700)
            guard case let .sqlite(path) = sprout.platform.config.storage else { return }
            let database = try FileManager.default.attributesOfItem(atPath: path)
            #expect((database[.posixPermissions] as? Int) == 0o600)
        }
    }
}

/// Instances started together take turns to migrate and load the demo data, and a step that fails
/// says so in words.
@Suite struct StartupTurnsTests {
    @Test func aFailingStepNamesItselfAndItsCauseInWords() async {
        let failure = await #expect(throws: (any Error).self) {
            try await StartupStep.run("Loading the demo data") { throw AccountError.emailTaken }
        }
        #expect(failure.map(SproutApplication.describeStartupError) == "Loading the demo data failed: an account with this email exists already")
    }

    /// On PostgreSQL (`TEST_DATABASE_URL`), two instances' turns never overlap.
    @Test func turnsOnOneDatabaseNeverOverlap() async throws {
        guard let url = ProcessInfo.processInfo.environment["TEST_DATABASE_URL"], !url.isEmpty else { return }
        final class Inside: Sendable {
            let count = Mutex((now: 0, most: 0))
        }
        let inside = Inside()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await DatabaseSetup.alone(.postgres(url: url), logger: Logger(label: "test")) {
                        inside.count.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                        try await Task.sleep(for: .milliseconds(50))
                        inside.count.withLock { $0.now -= 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(inside.count.withLock { $0.most } == 1)
    }
}
