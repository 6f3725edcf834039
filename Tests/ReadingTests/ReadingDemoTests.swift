import Foundation
import SproutAPI
import SproutTestSupport
import Testing

/// A new install's demo readers open the app on filled shelves and statistics.
@Suite struct ReadingDemoTests {
    @Test func demoReadersHaveShelvesSessionsAndGoals() async throws {
        try await withSprout(demoData: true) { sprout in
            let session = try await sprout.send(.POST, "api/auth/login", json: SproutAccount.LoginRequest(email: "demo@sprout.local", password: "sprout-demo"))
            let token = try session.decode(SproutAccount.Session.self).accessToken
            let headers = ["Authorization": "Bearer \(token)"]

            let library = try await sprout.send(.GET, "api/reading/library", headers: headers).decode(Reading.Library.self)
            #expect(library.total >= 6)
            #expect(Set(library.books.map(\.status)) == Set(Reading.BookStatus.allCases))
            #expect(library.books.filter { $0.status == .read }.allSatisfy { $0.finishedOn != nil && $0.rating > 0 })
            #expect(library.books.contains { $0.readingSeconds > 0 })

            let stats = try await sprout.send(.GET, "api/reading/stats", headers: headers).decode(Reading.Stats.self)
            #expect(stats.streak.current >= 1)
            #expect(stats.days.contains { $0.seconds > 0 })
            #expect(stats.totals.allTimeSeconds == library.books.reduce(0) { $0 + $1.readingSeconds }, "each book's total is its sessions")
            #expect(stats.goals.yearlyBooks == 24 && stats.goals.dailyMinutes == 30)
        }
    }
}
