import Foundation
import Observation
import SproutAPI
import SproutKit

/// The home shelves (the seed's HomeView): the books of one status, or all, sorted by added date,
/// title or pages and searched by title or author. A change of shelf, sort or search asks again;
/// an answer for an older question is dropped, so a fast typist never sees a stale list.
@MainActor @Observable
public final class LibraryViewModel {
    // MARK: Outputs
    public private(set) var books: [Reading.Book] = []
    public private(set) var shelf: Reading.BookStatus?
    public private(set) var sort: Reading.LibrarySort = .added
    public private(set) var search = ""
    public private(set) var isLoading = false
    public private(set) var alert: String?

    /// "아직 책이 없어요" on an empty shelf; "검색 결과가 없어요" when a search found nothing.
    public var isEmpty: Bool { books.isEmpty && !isLoading }

    // MARK: Dependencies and state
    let reading: ReadingClient
    private var generation = 0

    public init(reading: ReadingClient) {
        self.reading = reading
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        await load()
    }

    public func shelfSelected(_ shelf: Reading.BookStatus?) async {
        self.shelf = shelf
        await load()
    }

    public func sortSelected(_ sort: Reading.LibrarySort) async {
        self.sort = sort
        await load()
    }

    public func searchChanged(_ text: String) async {
        search = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(100))
        await load()
    }

    /// Swipe to delete: gone from the list at once, back in it if the server refuses.
    public func removeTapped(_ bookID: String) async {
        guard let index = books.firstIndex(where: { $0.id == bookID }) else { return }
        let removed = books.remove(at: index)
        do {
            try await reading.remove(bookID: bookID)
        } catch let error as SproutError where error.status == 404 {
            // Already removed on another device.
        } catch {
            books.insert(removed, at: min(index, books.count))
            alert = "책을 삭제하지 못했어요."
        }
    }

    public func alertDismissed() { alert = nil }

    private func load() async {
        generation += 1
        let asked = generation
        isLoading = true
        defer { if asked == generation { isLoading = false } }
        do {
            let library = try await reading.library(status: shelf, search: search, sort: sort)
            guard asked == generation else { return }
            books = library.books
        } catch {
            guard asked == generation else { return }
            alert = "서재를 불러오지 못했어요."
        }
    }
}
