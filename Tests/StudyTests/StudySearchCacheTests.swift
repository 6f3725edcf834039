import FluentSQL
import SproutAPI
import SproutTestSupport
import Testing

/// A nearby search is answered from the study cache only while the profiles, the queue and the
/// study requests are unchanged; writes made anywhere, even outside the API, are seen by the next
/// search, and one person's answer is never another's.
@Suite struct StudySearchCacheTests {
    @Test func aSearchSeesEveryWriteToThePeopleItListsAndStaysTheAskersOwn() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyPerson("+821011110001", nick: "asker")
            let b = try await sprout.studyPerson("+821011110002", nick: "waiting")
            #expect(try await sprout.enterQueue(b) == 200)
            #expect(try await sprout.search(a).fromQueueDB.map(\.nick) == ["waiting"])
            #expect(try await sprout.search(a).fromQueueDB.map(\.nick) == ["waiting"], "the same answer again")
            #expect(try await sprout.search(b).fromQueueDB.isEmpty, "not the asker's answer: b does not see itself")

            let sql = try #require(sprout.app.db as? any SQLDatabase)
            try await sql.raw("UPDATE study_profiles SET nick = 'renamed' WHERE uid = \(bind: b.accountID)").run()
            #expect(try await sprout.search(a).fromQueueDB.map(\.nick) == ["renamed"], "a profile written outside the API")

            try await sql.raw("INSERT INTO study_requests (from_uid, to_uid, created_at) VALUES (\(bind: b.accountID), \(bind: a.accountID), CURRENT_TIMESTAMP)").run()
            #expect(try await sprout.search(a).fromQueueDBRequested.map(\.uid) == [b.accountID], "a study request")

            try await sql.raw("DELETE FROM study_queue WHERE uid = \(bind: b.accountID)").run()
            let after = try await sprout.search(a)
            #expect(after.fromQueueDB.isEmpty && after.fromQueueDBRequested.isEmpty, "left the queue")
        }
    }
}
