import Foundation
import Observation
import SproutAPI
import SproutKit

/// One book (the seed's BookDetailView): its status and rating, changed in place, and its memos,
/// newest first. A status change keeps the days as the server sets them (starting to read starts
/// today, finishing finishes today), so the screen shows the server's answer, not a guess.
@MainActor @Observable
public final class BookDetailViewModel {
    public enum Route: Sendable, Equatable {
        /// The book was removed, here or on another device: back to the shelves.
        case library
    }

    // MARK: Outputs
    public private(set) var book: Reading.Book?
    public private(set) var memos: [Reading.Memo] = []
    public private(set) var isLoading = false
    public private(set) var alert: String?
    public private(set) var route: Route?

    // MARK: Dependencies
    let reading: ReadingClient
    let bookID: String

    public init(reading: ReadingClient, bookID: String) {
        self.reading = reading
        self.bookID = bookID
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        isLoading = true
        defer { isLoading = false }
        do {
            async let book = reading.book(id: bookID)
            async let memos = reading.memos(bookID: bookID)
            (self.book, self.memos) = (try await book, try await memos.memos)
        } catch {
            fail(error, "책을 불러오지 못했어요.")
        }
    }

    public func statusSelected(_ status: Reading.BookStatus) async {
        guard book?.status != status else { return }
        await change(Reading.BookChanges(status: status))
    }

    /// Tapping the star already chosen clears the rating, as the seed's stars did.
    public func ratingTapped(_ rating: Int) async {
        guard Reading.BookRules.rating.contains(rating), let book else { return }
        await change(Reading.BookChanges(rating: book.rating == rating ? 0 : rating))
    }

    /// A memo saved by the editor: shown at the top, or in place when it was changed.
    public func memoSaved(_ memo: Reading.Memo) {
        if let index = memos.firstIndex(where: { $0.id == memo.id }) {
            memos[index] = memo
        } else {
            memos.insert(memo, at: 0)
        }
    }

    public func removeMemoTapped(_ memoID: String) async {
        guard let index = memos.firstIndex(where: { $0.id == memoID }) else { return }
        let removed = memos.remove(at: index)
        do {
            try await reading.removeMemo(id: memoID, bookID: bookID)
        } catch let error as SproutError where error.status == 404 {
            // Gone already.
        } catch {
            memos.insert(removed, at: min(index, memos.count))
            alert = "메모를 삭제하지 못했어요."
        }
    }

    public func removeBookTapped() async {
        do {
            try await reading.remove(bookID: bookID)
            route = .library
        } catch {
            fail(error, "책을 삭제하지 못했어요.")
        }
    }

    public func alertDismissed() { alert = nil }

    private func change(_ changes: Reading.BookChanges) async {
        do {
            book = try await reading.change(bookID: bookID, changes)
        } catch {
            fail(error, "변경 사항을 저장하지 못했어요.")
        }
    }

    private func fail(_ error: any Error, _ message: String) {
        if (error as? SproutError)?.status == 404 {
            route = .library
        } else {
            alert = message
        }
    }
}
