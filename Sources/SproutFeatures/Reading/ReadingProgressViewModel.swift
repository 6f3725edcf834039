import Foundation
import Observation
import SproutAPI
import SproutKit

/// Where the reader is in one book, as Goodreads and 북적북적 show it: a bar, the field to note the
/// page reached (a percent for a book whose pages are not known), held to the server's rules as
/// the person types, and the timeline of updates with the pages read since each one before. At the
/// last page it offers to move the book to the read shelf (the server never does it by itself);
/// a finished book can be read again, which starts the timeline over and counts the re-read.
@MainActor @Observable
public final class ReadingProgressViewModel {
    public enum Problem: Sendable, Equatable {
        case notANumber
        case pageOutOfRange(ClosedRange<Int>)
        case percentOutOfRange(ClosedRange<Int>)
    }

    // MARK: Outputs
    public private(set) var book: Reading.Book
    /// Newest first.
    public private(set) var updates: [Reading.ProgressUpdate] = []
    /// The current reading's newest update; nil before its first.
    public private(set) var current: Reading.ProgressUpdate?
    /// The number of the current reading (2 on the first re-read).
    public private(set) var read = 1
    /// How many times the book was read to the end.
    public private(set) var timesRead = 0
    public private(set) var positionText = ""
    public private(set) var problem: Problem?
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    public private(set) var alert: String?

    /// Whether the field takes a page (the book's pages are known) or a percent.
    public var recordsPages: Bool { Reading.ProgressRules.pages(of: book.pages) != nil }
    /// 0 to 100, for the bar.
    public var percent: Int { current?.percent ?? 0 }
    public var canRecord: Bool { !positionText.trimmingCharacters(in: .whitespaces).isEmpty && problem == nil && !isSaving }
    /// At the last page of a book not yet on the read shelf.
    public var offersFinish: Bool { current?.percent == 100 && book.status != .read }
    public var canReadAgain: Bool { book.status == .read && !isSaving }

    // MARK: Dependencies
    let reading: ReadingClient

    public init(reading: ReadingClient, book: Reading.Book) {
        self.reading = reading
        self.book = book
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        isLoading = true
        defer { isLoading = false }
        let bookID = book.id
        do {
            async let progress = reading.progress(bookID: bookID)
            async let reads = reading.reads(bookID: bookID)
            show(try await progress)
            timesRead = try await reads.timesRead
        } catch {
            alert = "진행 상황을 불러오지 못했어요."
        }
    }

    public func positionChanged(_ text: String) {
        positionText = text
        problem = check(text)
    }

    /// Records the page or percent typed; the timeline shows the server's update at its top.
    public func recordTapped() async {
        guard canRecord, let value = Int(positionText.trimmingCharacters(in: .whitespaces)) else { return }
        isSaving = true
        defer { isSaving = false }
        do {
            let draft = recordsPages ? Reading.ProgressDraft(page: value) : Reading.ProgressDraft(percent: value)
            let update = try await reading.recordProgress(bookID: book.id, draft)
            updates.insert(update, at: 0)
            current = update
            positionText = ""
            if book.status == .toRead { book = try await reading.book(id: book.id) }
        } catch let SproutError.http(_, .invalidValue, message) {
            alert = message ?? "기록하지 못했어요."
        } catch {
            alert = "기록하지 못했어요. 다시 시도해 주세요."
        }
    }

    /// The offer at the last page: the book moves to the read shelf, finished today.
    public func finishTapped() async {
        await save("읽은 책으로 옮기지 못했어요.") {
            self.book = try await self.reading.change(bookID: self.book.id, Reading.BookChanges(status: .read))
        }
    }

    /// A finished book starts again from page 0; the finished reading stays counted.
    public func readAgainTapped() async {
        guard canReadAgain else { return }
        await save("다시 읽기를 시작하지 못했어요.") {
            self.book = try await self.reading.readAgain(bookID: self.book.id)
            self.show(try await self.reading.progress(bookID: self.book.id))
        }
    }

    /// Corrects the days of the current reading (`yyyy-MM-dd`, nil to clear one).
    public func datesChanged(startedOn: String?, finishedOn: String?) async {
        await save("날짜를 저장하지 못했어요.") {
            self.book = try await self.reading.setDates(bookID: self.book.id, startedOn: startedOn, finishedOn: finishedOn)
        }
    }

    public func alertDismissed() { alert = nil }

    // MARK: Private

    private func show(_ progress: Reading.Progress) {
        updates = progress.updates
        current = progress.current
        read = progress.read
    }

    private func save(_ failure: String, _ work: @escaping @MainActor () async throws -> Void) async {
        isSaving = true
        defer { isSaving = false }
        do {
            try await work()
        } catch let SproutError.http(status, _, message) where status == 409 || status == 422 {
            alert = message ?? failure
        } catch {
            alert = failure
        }
    }

    /// The server's rules: a page from 1 to the book's last, or a percent from 0 to 100.
    private func check(_ text: String) -> Problem? {
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return nil }
        guard let value = Int(typed) else { return .notANumber }
        if let pages = Reading.ProgressRules.pages(of: book.pages) {
            return pages.contains(value) ? nil : .pageOutOfRange(pages)
        }
        return Reading.ProgressRules.percent.contains(value) ? nil : .percentOutOfRange(Reading.ProgressRules.percent)
    }
}
