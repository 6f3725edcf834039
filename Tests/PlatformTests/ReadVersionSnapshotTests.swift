import FluentSQL
@testable import Platform
@testable import PlatformCore
import SproutTestSupport
import Testing

/// A read request reads every counter once, at its first check; a request that may write reads
/// them afresh at every check; a new request always sees every commit made before it.
@Suite struct ReadVersionSnapshotTests {
    @Test func aReadKeepsTheCountersItFirstSawAndAWriteReadsThemAgain() async throws {
        try await withSprout { sprout in
            let versions = sprout.platform.readVersions
            let sql = try #require(sprout.app.db as? any SQLDatabase)
            let bump = { try await sql.raw("UPDATE read_versions SET version = version + 1 WHERE name IN ('market', 'credentials')").run() }
            let read = sprout.request(.GET)
            let write = sprout.request(.POST)
            let market = try #require(try await versions.current("market", for: read))
            let credentials = try #require(try await versions.current("credentials", for: write))

            try await bump()
            #expect(try await versions.current("market", for: read) == market, "the read's own snapshot")
            #expect(try await versions.current("credentials", for: read) == credentials, "every counter was read at its first check")
            #expect(try await versions.current("credentials", for: write) == credentials + 1)
            #expect(try await versions.current("market", for: sprout.request(.HEAD)) == market + 1)

            try await bump()
            #expect(try await versions.current("credentials", for: write) == credentials + 2, "a write request reads afresh")
            #expect(try await versions.current("market", for: sprout.request()) == market + 2, "a new request sees the commit")
            #expect(try await versions.current("no-such-group", for: read) == nil)
        }
    }

    @Test func aReadReadsAnAccountsCounterOncePerSnapshotAndANewRequestSeesEveryCommit() async throws {
        try await withSprout { sprout in
            // PostgreSQL has no data version to keep them by: each check is a query there.
            guard case .sqlite = sprout.platform.config.storage else { return }
            let versions = sprout.platform.readVersions
            let bump = { (account: String) in try await ReadVersions.bump(Messenger.readGroup, accounts: [account], on: sprout.app.db) }
            try await bump("reader")
            let read = sprout.request(.GET)
            let first = try #require(try await versions.current("conversations", account: "reader", for: read))
            #expect(first == 1)
            #expect(try await versions.current("conversations", account: "someone", for: read) == 0, "no row yet")

            try await bump("reader")
            #expect(try await versions.current("conversations", account: "reader", for: read) == 1, "read once at the read's snapshot")
            #expect(try await versions.current("conversations", account: "reader", for: sprout.request(.GET)) == 2, "a new request sees the commit")
            #expect(try await versions.current("conversations", account: "reader", for: sprout.request(.POST)) == 2)

            let write = sprout.request(.POST)
            try await bump("reader")
            #expect(try await versions.current("conversations", account: "reader", for: write) == 3)
            try await bump("reader")
            #expect(try await versions.current("conversations", account: "reader", for: write) == 4, "a write request reads afresh")
            #expect(try await versions.current("conversations", account: "reader", for: sprout.request(.HEAD)) == 4)
        }
    }

    @Test func allCountersReadTogetherAreTheOnesReadOneByOne() async throws {
        try await withSprout { sprout in
            let versions = sprout.platform.readVersions
            let all = try await versions.all(on: sprout.app.db)
            #expect(Set(all.keys).isSuperset(of: ["market", "lessons", "credentials", "study"]))
            #expect(all["reading"] == nil, "reading is counted per reader (CountReadingReadsPerReader)")
            for (group, version) in all {
                #expect(try await versions.current(group, on: sprout.app.db) == version, "\(group)")
            }
        }
    }
}
