import Foundation
import Platform
import SproutAPI
import SproutServer
import SproutTestSupport
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
        func boot() async throws -> (Application, SproutApplication.Running) {
            let app = try await Application.make(.testing)
            return (app, try await SproutApplication.configure(app, config: config))
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
