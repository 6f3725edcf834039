import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// A reading log that looks lived in on a new install: each demo account's shelves hold some
/// well-known books on all three shelves, with three weeks of reading sessions and goals, so the
/// statistics open on a filled calendar and chart.
struct ReadingDemoData {
    let library: Library
    let goals: ReadingGoals
    let clock: WallClock
    let ids: IdentifierGenerator
    let calendar: ReadingCalendar

    /// title, author, publisher, ISBN-13, pages, category, shelf
    static let books: [(String, String, String, String, Int, String, Reading.BookStatus)] = [
        ("소년이 온다", "한강", "창비", "9788936434120", 216, "국내도서>소설/시/희곡>한국소설", .read),
        ("채식주의자", "한강", "창비", "9788936433598", 247, "국내도서>소설/시/희곡>한국소설", .reading),
        ("아몬드", "손원평", "창비", "9788936456788", 264, "국내도서>소설/시/희곡>한국소설", .read),
        ("82년생 김지영", "조남주", "민음사", "9788937473135", 192, "국내도서>소설/시/희곡>한국소설", .toRead),
        ("불편한 편의점", "김호연", "나무옆의자", "9791161571188", 268, "국내도서>소설/시/희곡>한국소설", .reading),
        ("달러구트 꿈 백화점", "이미예", "팩토리나인", "9791165341909", 300, "국내도서>소설/시/희곡>판타지", .toRead),
        ("미드나잇 라이브러리", "매트 헤이그", "인플루엔셜", "9791191056556", 448, "국내도서>소설/시/희곡>영미소설", .read),
        ("사피엔스", "유발 하라리", "김영사", "9788934972464", 636, "국내도서>역사>세계사", .reading),
        ("코스모스", "칼 세이건", "사이언스북스", "9788983711892", 719, "국내도서>과학>천문학", .toRead),
        ("데미안", "헤르만 헤세", "민음사", "9788937460449", 244, "국내도서>소설/시/희곡>독일소설", .read),
    ]

    func load(on db: any Database, demo: DemoAccounts) async throws {
        let now = clock.now()
        for (person, account) in demo.accounts.enumerated() {
            let accountID = try account.requireID()
            var reading: [ReadingBook] = []
            for (index, book) in Self.books.enumerated() where (index + person) % 4 != 3 {
                let finished = book.6 == .read ? calendar.day(of: now.addingTimeInterval(-Double(3 + index) * 86_400)) : nil
                let added = try await library.add(Reading.NewBook(
                    isbn13: book.3, title: book.0, author: book.1, publisher: book.2, category: book.5, pages: book.4,
                    status: book.6, rating: book.6 == .read ? 4 + index % 2 : nil,
                    startedOn: book.6 == .toRead ? nil : calendar.day(of: now.addingTimeInterval(-Double(25 + index) * 86_400)),
                    finishedOn: finished
                ), for: accountID, on: db)
                if book.6 != .toRead { reading.append(added) }
            }
            try await recordThreeWeeks(of: reading, for: accountID, person: person, now: now, on: db)
            try await noteProgress(on: reading, for: accountID, now: now, on: db)
            _ = try await goals.set(Reading.Goals(yearlyBooks: 24, dailyMinutes: 30), for: accountID, on: db)
        }
    }

    /// Two updates a week apart on each book being read, so the shelves open with their bars.
    private func noteProgress(on books: [ReadingBook], for accountID: String, now: Date, on db: any Database) async throws {
        for (index, book) in books.enumerated() where book.status == Reading.BookStatus.reading.rawValue && book.pages > 0 {
            for (sequence, (daysAgo, share)) in [(8, 15 + index * 3), (1, 40 + index * 6)].enumerated() {
                let when = now.addingTimeInterval(-Double(daysAgo) * 86_400)
                let page = max(1, book.pages * min(share, 95) / 100)
                try await ReadingProgressRow(
                    id: ids.objectID(), accountID: accountID, bookID: try book.requireID(), readNumber: 1, day: calendar.day(of: when),
                    page: page, percent: page * 100 / book.pages, recordedAt: when, sequence: sequence + 1
                ).create(on: db)
            }
        }
    }

    /// 15 to 60 minutes on most of the last 21 days, a book at a time, in the pattern a reader
    /// keeps: a few days off, never two in a row.
    private func recordThreeWeeks(of books: [ReadingBook], for accountID: String, person: Int, now: Date, on db: any Database) async throws {
        guard !books.isEmpty else { return }
        var totals: [String: Int] = [:]
        for daysAgo in 0..<21 where (daysAgo + person) % 5 != 4 {
            let book = books[(daysAgo / 3) % books.count]
            let bookID = try book.requireID()
            let seconds = (15 + (daysAgo * 7 + person * 11) % 46) * 60
            try await ReadingSession(
                id: ids.objectID(), accountID: accountID, bookID: bookID,
                day: calendar.day(of: now.addingTimeInterval(-Double(daysAgo) * 86_400)), seconds: seconds, recordedAt: now
            ).create(on: db)
            totals[bookID, default: 0] += seconds
        }
        for book in books {
            book.readingSeconds = totals[try book.requireID()] ?? 0
            try await book.update(on: db)
        }
    }
}
