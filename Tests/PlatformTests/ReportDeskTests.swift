import Foundation
import Platform
import SproutTestSupport
import Testing

@Suite struct ReportDeskTests {
    @Test func aPersonReportsAThingOnceAndTheOperatorSeesTheMostReportedFirst() async throws {
        try await withSprout { sprout in
            let db = sprout.app.db
            let desk = ReportDesk(clock: sprout.platform.clock)
            var people: [String] = []
            for name in ["ann", "bo", "cy"] {
                people.append(try await sprout.platform.accounts.register(email: "\(name)@sprout.test", password: "pw", displayName: name, on: db).requireID())
            }
            let chair = ReportSubject(app: "market", id: "7", path: "/market/products/7")
            let lesson = ReportSubject(app: "lessons", id: "7", path: "/lessons/7")

            await #expect(throws: ReportError.unknownReason) { try await desk.file(chair, by: people[0], reason: "boring", note: "", on: db) }
            await #expect(throws: ReportError.unknownReason) { try await desk.file(chair, by: people[0], reason: "", note: "", on: db) }
            await #expect(throws: ReportError.noteTooLong(maximum: 500)) {
                try await desk.file(chair, by: people[0], reason: "fraud", note: String(repeating: "가", count: 501), on: db)
            }
            #expect(try await desk.cases(on: db).isEmpty, "a refused report stores nothing")

            // Two reports by one person racing: one is filed, the other finds it.
            let ann = people[0]
            async let first = desk.file(chair, by: ann, reason: "fraud", note: "  입금만 받고 연락이 없어요 ", on: db)
            async let second = desk.file(chair, by: ann, reason: "spam", note: "", on: db)
            #expect(Set([try await first, try await second]) == [.filed, .alreadyFiled])
            #expect(try await desk.file(chair, by: people[1], reason: "fraud", note: "", on: db) == .filed)
            #expect(try await desk.file(lesson, by: people[2], reason: "abusive", note: "", on: db) == .filed, "the same id in another app is another thing")

            let cases = try await desk.cases(on: db)
            #expect(cases.map(\.app) == ["market", "lessons"])
            #expect(cases[0].count == 2 && cases[0].path == "/market/products/7")
            #expect(cases[0].reasons[.fraud] ?? 0 >= 1 && cases[0].reasons.values.reduce(0, +) == 2)
            #expect(cases[0].notes.allSatisfy { $0 == "입금만 받고 연락이 없어요" }, "notes are kept trimmed")
        }
    }
}
