import Foundation
import Platform
import PlatformCore
import SproutServer
import Vapor

/// Every test's database starts as a copy of one that was migrated once per test process: a
/// SQLite file copied into the test's data folder, or a PostgreSQL database created from a
/// template (`CREATE DATABASE … TEMPLATE`, as the Swift Package Index server's tests do). Running
/// every migration for each of several hundred tests was most of what a test's set-up cost.
actor MigratedTemplate {
    static let shared = MigratedTemplate()

    private var sqlite: Task<URL, any Error>?
    private var postgres: Task<String, any Error>?

    /// A migrated SQLite file, made on first use.
    func sqliteFile() async throws -> URL {
        if let sqlite { return try await sqlite.value }
        let task = Task {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-template-\(UUID().uuidString)", isDirectory: true)
            let file = folder.appendingPathComponent("template.sqlite")
            try await Self.migrate(SproutConfig(dataDirectory: folder, storage: .sqlite(path: file.path), loadsDemoData: false))
            return file
        }
        sqlite = task
        return try await task.value
    }

    /// The name of a migrated PostgreSQL database to create test databases from, made on first use.
    func postgresTemplate(_ database: ScratchDatabase) async throws -> String {
        if let postgres { return try await postgres.value }
        let task = Task {
            try await database.dropTemplatesOfEndedProcesses()
            let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
            let template = ScratchDatabase(adminURL: database.adminURL, name: "sprout_tpl_\(getpid())_\(suffix)")
            try await template.execute("CREATE DATABASE \(template.name)")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-template-\(UUID().uuidString)", isDirectory: true)
            try await Self.migrate(SproutConfig(dataDirectory: folder, storage: template.storage, loadsDemoData: false))
            try? FileManager.default.removeItem(at: folder)
            return template.name
        }
        postgres = task
        return try await task.value
    }

    /// Builds Sprout on the database, which runs every migration, and shuts it down again: a
    /// template must have no connections when it is copied. Migrations that seed rows stamp them
    /// with the clock a test starts with, as when each test migrated for itself.
    private static func migrate(_ config: SproutConfig) async throws {
        var config = config
        config.logLevel = .warning
        config.passwordCost = 4
        let app = try await Application.make(.testing, .singleton)
        do {
            try await SproutApplication.configure(app, config: config, dependencies: .init(clock: ManualClock().clock))
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}
