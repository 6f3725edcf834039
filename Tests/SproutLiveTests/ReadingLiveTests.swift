import Foundation
import Platform
import PlatformCore
import SproutAPI
import SproutFeatures
import SproutKit
import SproutTestSupport
import Synchronization
import Testing

/// The reading view models and `ReadingClient` against the real server over real sockets.
@Suite struct ReadingLiveTests {
    @Test func aReaderShelvesTimesWritesAndCountsThroughTheViewModels() async throws {
        try await withListeningSprout { sprout, url in
            let session = AuthSession()
            _ = try await AccountsClient(baseURL: url, session: session).join(email: "reader@sprout.test", password: "long-password", name: "Reader")
            let reading = ReadingClient(baseURL: url, session: session)
            let vegetarian = try await reading.add(Reading.NewBook(isbn13: "9788936434816", title: "채식주의자", author: "한강", pages: 247))
            sprout.clock.advance(by: 1)
            let almond = try await reading.add(Reading.NewBook(title: "아몬드", author: "손원평", pages: 264))
            sprout.clock.advance(by: 1)
            try await reading.add(Reading.NewBook(title: "Dune", author: "Frank Herbert"))

            let library = await LibraryViewModel(reading: reading)
            await library.viewWillAppear()
            #expect(await library.books.map(\.title) == ["Dune", "아몬드", "채식주의자"], "newest first")
            await library.searchChanged(" 채식 ")
            #expect(await library.books.map(\.id) == [vegetarian.id])
            await library.searchChanged("")
            await library.sortSelected(.title)
            #expect(await library.books.map(\.title) == ["Dune", "아몬드", "채식주의자"])
            await library.shelfSelected(.reading)
            #expect(await library.isEmpty)

            let clock = ServerTimeClock(sprout.clock)
            let timer = await ReadingTimerViewModel(reading: reading, clock: clock)
            await timer.viewWillAppear()
            #expect(await timer.canStart)
            await timer.startTapped(bookID: vegetarian.id)
            #expect(await timer.state == .running)
            #expect(await timer.bookID == vegetarian.id)
            sprout.clock.advance(by: 65)
            await clock.tick()
            #expect(await timer.displayedTime == "00:01:05", "the display ticks without asking the server")

            let otherDevice = AuthSession()
            _ = try await AccountsClient(baseURL: url, session: otherDevice).login(email: "reader@sprout.test", password: "long-password")
            let tablet = ReadingClient(baseURL: url, session: otherDevice)
            #expect(try await tablet.pauseTimer().elapsedSeconds == 65)
            sprout.clock.advance(by: 100)
            await timer.willEnterForeground()
            #expect(await timer.state == .paused, "the foreground shows what the tablet did")
            #expect(await timer.displayedSeconds == 65)
            await clock.tick()
            #expect(await timer.displayedSeconds == 65, "a paused timer does not tick")

            await timer.resumeTapped()
            sprout.clock.advance(by: 30)
            await clock.tick()
            #expect(await timer.displayedSeconds == 95)
            await timer.stopTapped()
            #expect(await timer.state == .idle)
            #expect(await timer.displayedSeconds == 0)
            #expect(await timer.lastStop?.book.readingSeconds == 95)

            _ = try await tablet.startTimer(bookID: almond.id)
            await timer.startTapped(bookID: vegetarian.id)
            #expect(await timer.alert?.contains("아몬드") == true, "the 409 names the book already being timed")
            #expect(await timer.state == .running, "and the screen shows the truth")
            #expect(await timer.bookID == almond.id)
            await timer.resetTapped()
            #expect(await timer.state == .idle)

            let editor = await MemoEditorViewModel(reading: reading, book: vegetarian)
            await editor.textChanged("  나무가 되고 싶은 사람  ")
            await editor.pageChanged("999")
            #expect(await editor.problems == [.pageOutOfRange(1...247)])
            #expect(await !editor.canSave)
            await editor.pageChanged("12")
            #expect(await editor.canSave)
            await editor.saveTapped()
            let memo = try #require(await editor.saved)
            #expect(memo.text == "나무가 되고 싶은 사람" && memo.page == 12)
            let photo = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/images/exif-rotated.jpg"))
            let pictured = try await reading.setMemoPhoto(id: memo.id, bookID: vegetarian.id, photo: ImageUpload(filename: "밑줄.jpg", data: photo))
            #expect(pictured.photo?.hasPrefix("/uploads/reading-memos/") == true)

            let detail = await BookDetailViewModel(reading: reading, bookID: vegetarian.id)
            await detail.viewWillAppear()
            #expect(await detail.memos.map(\.id) == [memo.id])
            #expect(await detail.book?.status == .reading, "timing a to-read book started it")
            await detail.statusSelected(.read)
            #expect(await detail.book?.finishedOn == "2026-01-01")
            await detail.ratingTapped(4)
            #expect(await detail.book?.rating == 4)
            await detail.ratingTapped(4)
            #expect(await detail.book?.rating == 0, "the chosen star again clears the rating")
            await detail.removeMemoTapped(memo.id)
            #expect(try await reading.memos(bookID: vegetarian.id).total == 0)

            let stats = await ReadingStatsViewModel(reading: reading)
            await stats.viewWillAppear()
            #expect(await stats.stats?.year == 2026)
            #expect(await stats.stats?.month == 1)
            #expect(await stats.stats?.totals.monthSeconds == 95)
            await stats.previousMonthTapped()
            #expect(await stats.stats?.year == 2025, "January steps back into the previous year")
            #expect(await stats.stats?.month == 12)
            await stats.goalsChanged(yearlyBooks: 24, dailyMinutes: 30)
            #expect(await stats.stats?.goals.yearlyBooks == 24)
            await stats.goalsChanged(yearlyBooks: 5_000, dailyMinutes: 30)
            #expect(await stats.alert != nil)
            #expect(try await reading.goals().yearlyBooks == 24, "an out-of-range goal is never sent")

            let export = try await reading.exportGoodreads()
            let copy = ReadingClient(baseURL: url, session: otherDevice)
            _ = try await AccountsClient(baseURL: url, session: otherDevice).join(email: "copy@sprout.test", password: "long-password", name: "Copy")
            let report = try await copy.importGoodreads(csv: export)
            #expect(report.imported.count == 3 && report.skipped.isEmpty)
            #expect(Set(try await copy.library().books.map(\.title)) == ["채식주의자", "아몬드", "Dune"])

            let search = await BookSearchViewModel(reading: copy, pageSize: 1)
            await search.viewWillAppear()
            #expect(await search.bestsellers.first?.isbn13 == "9788936434816", "the one book shelved with an ISBN leads the seeded ones")
            await search.searchSubmitted("  한강 ")
            #expect(await search.results.map(\.isbn13) == ["9788936434816"])
            await search.searchSubmitted("창비")
            #expect(await search.results.isEmpty, "the reader typed no publisher")
            await search.searchSubmitted("9788936434816")
            let found = try #require(await search.results.first)
            await search.addTapped(found)
            let copied = try await copy.library().books.first { $0.isbn13 == found.isbn13 }
            #expect(await search.route == .book(id: try #require(copied?.id)), "already on the copy's shelf: opened, not failed")

            await search.barcodeScanned("978-89-364-3481-6 ")
            #expect(await search.results.map(\.isbn13) == ["9788936434816"], "one book for one barcode")
            #expect(await !search.hasNext)
            await search.barcodeScanned("9780000000002")
            #expect(await search.route == .newBook(isbn13: "9780000000002"), "unknown: added by hand, ISBN filled in")
            #expect(await search.results.isEmpty)
            await search.barcodeScanned("9780000000003")
            #expect(await search.alert?.hasPrefix("ISBN 바코드가 아니에요") == true, "a wrong check digit is no ISBN")

            await library.viewWillAppear()
            #expect(await library.books.map(\.id) == [almond.id], "the tablet's timer put it on the reading shelf")
            await library.removeTapped(almond.id)
            #expect(await library.books.isEmpty)
            #expect(try await reading.library().books.count == 2)
        }
    }
}

/// The view models' clock read from the server's manual clock, so a timer's display and the
/// server's count move together; its repeating timers fire when the test calls `tick()`.
final class ServerTimeClock: FeatureClock {
    private final class Ticks: Sendable {
        let value = Mutex<(nextID: Int, ticks: [(id: Int, tick: @Sendable @MainActor () async -> Bool)])>((0, []))
    }

    private let server: ManualClock
    private let ticks = Ticks()

    init(_ server: ManualClock) {
        self.server = server
    }

    var now: Date { server.now }

    @MainActor func repeating(every interval: Duration, _ tick: @escaping @Sendable @MainActor () async -> Bool) -> RepeatingTimer {
        let id = ticks.value.withLock { state in
            state.nextID += 1
            state.ticks.append((state.nextID, tick))
            return state.nextID
        }
        return RepeatingTimer { [ticks] in ticks.value.withLock { $0.ticks.removeAll { $0.id == id } } }
    }

    /// Fires every timer once, as a second passing would.
    @MainActor func tick() async {
        for (id, tick) in ticks.value.withLock({ $0.ticks }) where await !tick() {
            ticks.value.withLock { $0.ticks.removeAll { $0.id == id } }
        }
    }
}
