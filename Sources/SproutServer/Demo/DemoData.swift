import Fluent
import Platform

/// The demo accounts every fresh Sprout starts with, and the content each app adds for them.
public enum DemoData {
    public static let password = "sprout-demo"

    /// email, display name
    public static let people: [(email: String, name: String)] = [
        ("demo@sprout.local", "새싹데모"),
        ("teacher@sprout.local", "김선생"),
        ("student@sprout.local", "이학생"),
    ]

    /// The demo content's domain: every account it makes, the apps' own included, is under it.
    static let emailDomain = "@sprout.local"

    /// The demo accounts this database holds, in the order they were made.
    static func existingAccounts(on db: any Database) async throws -> [(email: String, name: String)] {
        try await Account.query(on: db).filter(\.$email, .custom("LIKE"), "%" + emailDomain).sort(\.$createdAt).all()
            .compactMap { account in account.email.map { ($0, account.displayName) } }
    }

    /// Loads everything when the database has no accounts yet: the first run of a new install.
    static func loadIfEmpty(on db: any Database, platform: PlatformServices, modules: [any AppModule]) async throws {
        guard try await Account.query(on: db).count() == 0 else { return }
        try await load(on: db, platform: platform, modules: modules)
    }

    /// Loads the demo content in one transaction; an install that has the demo accounts already is
    /// left as it is.
    static func load(on db: any Database, platform: PlatformServices, modules: [any AppModule]) async throws {
        guard try await !platform.accounts.isEmailTaken(people[0].email, on: db) else { return }
        try await db.writeTransaction { db in
            var accounts: [Account] = []
            for person in people {
                accounts.append(try await platform.accounts.register(email: person.email, password: password, displayName: person.name, on: db))
            }
            let demo = DemoAccounts(accounts: accounts, password: password)
            for module in modules {
                try await module.seedDemoData(on: db, demo: demo)
            }
        }
    }
}
