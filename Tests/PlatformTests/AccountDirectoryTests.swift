import Foundation
import Platform
import SproutTestSupport
import Testing

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
