import Fluent
import Media
import Platform
import PlatformCore
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

/// `sprout backup PATH`: a consistent copy of the database, uploads and secrets, taken while
/// Sprout serves (see `Backup`).
struct BackupCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "path", help: "A folder to create for the backup")
        var path: String
    }

    let help = "Copy the database, uploads and secrets into a new folder (online; PostgreSQL: use pg_dump for the database)."
    let platform: PlatformServices

    func run(using context: CommandContext, signature: Signature) async throws {
        let config = platform.config
        try await Backup.write(
            to: URL(fileURLWithPath: signature.path, isDirectory: true), dataDirectory: try DataDirectory(config.dataDirectory),
            storage: config.storage, db: context.application.db
        )
        if case .postgres = config.storage {
            context.console.warning("The database is PostgreSQL: back it up with pg_dump; \(signature.path) holds the uploads and secrets.")
        }
        if let note = try UploadStorageSettings(environment: config.environment).backupNote {
            context.console.warning("The \(note).")
        }
        context.console.info("Backed up into \(signature.path). Restore with: sprout restore \(signature.path)")
    }
}

extension SproutApplication {
    /// Registers Sprout's own commands beside Vapor's `serve`.
    public static func registerCommands(_ app: Application, running: Running) {
        app.asyncCommands.use(MigrateCommand(), as: "migrate")
        app.asyncCommands.use(SeedCommand(platform: running.platform, modules: running.modules), as: "seed")
        app.asyncCommands.use(KeysCommands(registry: running.platform.apiKeys).group, as: "keys")
        app.asyncCommands.use(BackupCommand(platform: running.platform), as: "backup")
        app.asyncCommands.use(AccountsCommands(platform: running.platform, console: running.console).group, as: "accounts")
        app.asyncCommands.use(ReportsCommand(platform: running.platform), as: "reports")
        app.asyncCommands.use(AuditCommand(console: running.console), as: "audit")
        for module in running.modules {
            for (name, command) in module.commands { app.asyncCommands.use(command, as: name) }
        }
    }
}
