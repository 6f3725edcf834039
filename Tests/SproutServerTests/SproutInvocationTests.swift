import Foundation
import Platform
import SproutServer
import SproutTestSupport
import Testing
import Vapor

/// `sprout`'s command line is read before anything is opened (issue 29): help and mistakes are
/// answered without a data folder or a database.
@Suite struct SproutInvocationTests {
    @Test func helpAnywhereAndUnknownCommandsAreAnsweredWithoutRunning() {
        #expect(SproutInvocation(arguments: []) == .run(command: "serve"))
        #expect(SproutInvocation(arguments: ["--port", "9000"]) == .run(command: "serve"))
        #expect(SproutInvocation(arguments: ["keys", "create", "ios-app"]) == .run(command: "keys"))
        for help in [["--help"], ["-h"], ["help"], ["restore", "--help"], ["keys", "create", "--help"], ["serve", "-h"]] {
            #expect(SproutInvocation(arguments: help) == .help, "\(help)")
        }
        #expect(SproutInvocation(arguments: ["keys", "create", "help"]) == .run(command: "keys"), "a key may be named help")
        #expect(SproutInvocation(arguments: ["serv"]) == .unknown("serv"))
        #expect(SproutInvocation.usage.contains("sprout restore PATH") && SproutInvocation.usage.contains("keys revoke NAME"))
    }

    @Test func theUsageListsExactlyTheCommandsTheApplicationRuns() async throws {
        try await withSprout { sprout in
            SproutApplication.registerCommands(sprout.app, running: sprout.running)
            let registered = Set(sprout.app.asyncCommands.commands.keys).union(["serve", "restore"])
            #expect(Set(SproutInvocation.commandNames) == registered)
        }
    }

    @Test func demoDataAndTheDevKeyBelongToADevelopmentInstallUnlessAsked() throws {
        let development = try SproutConfig.fromEnvironment([:])
        #expect(development.loadsDemoData && development.registersDevAPIKey)
        let migrate = try SproutConfig.fromEnvironment([:], command: "migrate")
        #expect(!migrate.loadsDemoData && migrate.registersDevAPIKey, "only serve seeds on its own")
        let production = try SproutConfig.fromEnvironment(["SPROUT_SMS": "twilio"], production: true)
        #expect(!production.loadsDemoData && !production.registersDevAPIKey && production.isProduction)
        let https = try SproutConfig.fromEnvironment(["SPROUT_PUBLIC_URL": "https://study.example"])
        #expect(!https.loadsDemoData && !https.registersDevAPIKey, "an https address is a real deployment")
        let asked = try SproutConfig.fromEnvironment(["SPROUT_DEMO_DATA": "true"], production: true)
        #expect(asked.loadsDemoData && asked.registersDevAPIKey)
        let quiet = try SproutConfig.fromEnvironment(["SPROUT_DEMO_DATA": "false"])
        #expect(!quiet.loadsDemoData && quiet.registersDevAPIKey, "development keeps its key")
    }

    @Test func aDevKeyFromADevelopmentRunIsRevokedOnceTheInstallIsNoLongerOne() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-devkey-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let sqlite = data.appendingPathComponent("shared.sqlite")
        var key = ""
        try await withSprout(configure: { $0.dataDirectory = data; $0.storage = .sqlite(path: sqlite.path) }) { sprout in
            key = try #require(sprout.running.devAPIKey)
            #expect(try await sprout.platform.apiKeys.list(on: sprout.app.db).count == 1)
        }
        try await withSprout(configure: {
            $0.dataDirectory = data
            $0.storage = .sqlite(path: sqlite.path)
            $0.registersDevAPIKey = false
        }) { sprout in
            #expect(sprout.running.devAPIKey == nil)
            let keys = try await sprout.platform.apiKeys.list(on: sprout.app.db)
            let stillValid = try await sprout.platform.apiKeys.isValid(key, for: sprout.request())
            #expect(keys.isEmpty && !stillValid, "the printed key no longer opens anything")
            #expect(sprout.running.demoAccounts.isEmpty)
        }
    }
}
