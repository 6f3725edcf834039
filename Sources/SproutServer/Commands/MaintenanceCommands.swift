import Fluent
import Platform
import Vapor

/// `sprout migrate`: brings the database schema up to date (start-up does this too; this is for
/// deployments that migrate in a separate step before starting instances).
struct MigrateCommand: AsyncCommand {
    struct Signature: CommandSignature {}
    let help = "Apply pending database migrations and exit."

    func run(using context: CommandContext, signature: Signature) async throws {
        // `configure` has already migrated by the time a command runs.
        context.console.info("Database is up to date.")
    }
}

/// `sprout seed`: loads the demo accounts and content unless they are already there.
struct SeedCommand: AsyncCommand {
    struct Signature: CommandSignature {}
    let help = "Load the demo accounts and content (skipped when they exist)."
    let platform: PlatformServices
    let modules: [any AppModule]

    func run(using context: CommandContext, signature: Signature) async throws {
        try await DemoData.load(on: context.application.db, platform: platform, modules: modules)
        context.console.info("Demo data is loaded. Accounts (password \(DemoData.password)): " + DemoData.people.map(\.email).joined(separator: ", "))
    }
}

extension SproutApplication {
    /// Registers Sprout's own commands beside Vapor's `serve`.
    public static func registerCommands(_ app: Application, running: Running) {
        app.asyncCommands.use(MigrateCommand(), as: "migrate")
        app.asyncCommands.use(SeedCommand(platform: running.platform, modules: running.modules), as: "seed")
        app.asyncCommands.use(KeysCommands(registry: running.platform.apiKeys).group, as: "keys")
    }
}
