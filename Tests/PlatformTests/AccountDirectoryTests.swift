import Fluent
import Foundation
import Platform
import SproutTestSupport
import Testing
import Vapor

@Suite struct AccountDirectoryTests {
    @Test func emailsAreUniqueRegardlessOfCase() async throws {
        try await withSprout { sprout in
            let accounts = sprout.platform.accounts
            _ = try await accounts.register(email: "Mina@Sprout.test", password: "pw", displayName: "Mina", on: sprout.app.db)
            await #expect(throws: AccountError.emailTaken) {
                try await accounts.register(email: "mina@sprout.TEST", password: "pw", displayName: "Other", on: sprout.app.db)
            }
            let found = try await accounts.authenticate(email: "MINA@sprout.test", password: "pw", client: "127.0.0.1", on: sprout.app.db)
            #expect(found.email == "Mina@Sprout.test")
        }
    }

    @Test func passwordsAreStoredAsBcryptAndChecked() async throws {
        try await withSprout { sprout in
            let accounts = sprout.platform.accounts
            let account = try await accounts.register(email: "a@sprout.test", password: "correct horse", displayName: "A", on: sprout.app.db)
            #expect(account.passwordHash?.hasPrefix("$2") == true)
            #expect(account.passwordHash?.contains("correct horse") == false)
            await #expect(throws: AccountError.wrongCredentials) {
                try await accounts.authenticate(email: "a@sprout.test", password: "wrong", client: "127.0.0.1", on: sprout.app.db)
            }
            await #expect(throws: AccountError.wrongCredentials) {
                try await accounts.authenticate(email: "nobody@sprout.test", password: "correct horse", client: "127.0.0.1", on: sprout.app.db)
            }
        }
    }

    /// A digest made at another cost (an older default) is stored again at the configured cost by
    /// the first login that proves the password; a failed login leaves it as it was.
    @Test func aLoginStoresAnOlderCostsDigestAgainAtTheConfiguredCost() async throws {
        try await withSprout { sprout in
            let accounts = sprout.platform.accounts
            let db = sprout.app.db
            let older = try Bcrypt.hash("correct horse", cost: 5)
            _ = try await accounts.register(email: "old@sprout.test", passwordHash: older, displayName: "Old", on: db)
            func stored() async throws -> String? {
                try await Account.query(on: db).filter(\.$emailKey == Account.key(forEmail: "old@sprout.test")).first()?.passwordHash
            }

            await #expect(throws: AccountError.wrongCredentials) {
                try await accounts.authenticate(email: "old@sprout.test", password: "wrong", client: "127.0.0.1", on: db)
            }
            #expect(try await stored() == older)

            _ = try await accounts.authenticate(email: "old@sprout.test", password: "correct horse", client: "127.0.0.1", on: db)
            let rehashed = try #require(try await stored())
            #expect(rehashed.hasPrefix("$2b$04$"))
            #expect(try Bcrypt.verify("correct horse", created: rehashed))
            _ = try await accounts.authenticate(email: "old@sprout.test", password: "correct horse", client: "127.0.0.1", on: db)
            #expect(try await stored() == rehashed)
        }
    }

    @Test func concurrentSignUpsWithOneEmailCreateOneAccount() async throws {
        try await withSprout { sprout in
            let accounts = sprout.platform.accounts
            let db = sprout.app.db
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        (try? await accounts.register(email: "race@sprout.test", password: "pw", displayName: "R\(index)", on: db)) != nil
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1)
        }
    }

    @Test(arguments: ["", "no-at-sign", "two@@sprout.test", "space @sprout.test", "nodot@localhost"])
    func implausibleEmailsAreRefused(email: String) async throws {
        #expect(!AccountDirectory.isPlausibleEmail(email))
    }
}
