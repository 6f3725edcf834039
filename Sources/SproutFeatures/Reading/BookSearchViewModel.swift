import Foundation
import Observation
import SproutAPI
import SproutKit

/// The search tab (the seed's SearchView and SearchResultView): the bestseller and new-book lists
/// before anything is typed, then the results of a search page by page as the list scrolls, and
/// a book shelved in one tap (a book already on a shelf says so instead of failing). A barcode
/// scanned from the back of a book finds that one book, or opens the form to add it by hand.
@MainActor @Observable
public final class BookSearchViewModel {
    public enum Route: Sendable, Equatable {
        /// Shelved, or already on a shelf: open the book.
        case book(id: String)
        /// No catalogue knows the scanned ISBN: the form to add the book by hand, with it filled in.
        case newBook(isbn13: String)
    }

    // MARK: Outputs
    public private(set) var bestsellers: [Reading.CatalogBook] = []
    public private(set) var newBooks: [Reading.CatalogBook] = []
    public private(set) var results: [Reading.CatalogBook] = []
    public private(set) var total = 0
    public private(set) var query = ""
    public private(set) var isLoading = false
    public private(set) var alert: String?
    public private(set) var route: Route?

    public var hasNext: Bool { results.count < total && loadedPages < Reading.CatalogRules.pages.upperBound }

    // MARK: Dependencies and state
    let reading: ReadingClient
    let pageSize: Int
    private var loadedPages = 0
    private var generation = 0

    public init(reading: ReadingClient, pageSize: Int = 50) {
        self.reading = reading
        self.pageSize = min(max(pageSize, Reading.CatalogRules.pageSize.lowerBound), Reading.CatalogRules.pageSize.upperBound)
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        do {
            async let best = reading.catalogList(.bestseller)
            async let new = reading.catalogList(.new)
            (bestsellers, newBooks) = (try await best.books, try await new.books)
        } catch {
            alert = Self.message(error)
        }
    }

    /// Return pressed: the first page of a new search.
    public func searchSubmitted(_ text: String) async {
        let trimmed = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Reading.CatalogRules.queryLength))
        guard !trimmed.isEmpty else { return }
        generation += 1
        query = trimmed
        results = []
        total = 0
        loadedPages = 0
        await loadNextPage()
    }

    /// The camera read a barcode (or the reader typed the digits under it): that one book, from
    /// whichever catalogue knows it.
    public func barcodeScanned(_ code: String) async {
        guard let isbn = Reading.BookRules.isbn13(code.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            alert = "ISBN 바코드가 아니에요. 책 뒷면의 978로 시작하는 바코드를 비춰 주세요."
            return
        }
        generation += 1
        let asked = generation
        query = isbn
        results = []
        total = 0
        loadedPages = 0
        isLoading = true
        defer { isLoading = false }
        do {
            let book = try await reading.catalogBook(isbn13: isbn)
            guard asked == generation else { return }
            (results, total, loadedPages) = ([book], 1, Reading.CatalogRules.pages.upperBound)
        } catch SproutError.http(404, _, _) {
            guard asked == generation else { return }
            route = .newBook(isbn13: isbn)
        } catch {
            guard asked == generation else { return }
            alert = Self.message(error)
        }
    }

    /// A row near the end appeared.
    public func willDisplayResult(at index: Int) async {
        guard hasNext, !isLoading, index >= results.count - 5 else { return }
        await loadNextPage()
    }

    public func addTapped(_ book: Reading.CatalogBook) async {
        do {
            route = .book(id: try await reading.add(book.newBook).id)
        } catch SproutError.http(409, _, _) {
            // Already shelved: the server's Location names it, but the list tells us too.
            if let existing = try? await reading.library(search: book.title).books.first(where: { $0.isbn13 == book.isbn13 }) {
                route = .book(id: existing.id)
            } else {
                alert = "이미 서재에 있는 책이에요."
            }
        } catch {
            alert = "책을 담지 못했어요. 다시 시도해 주세요."
        }
    }

    public func alertDismissed() { alert = nil }

    private func loadNextPage() async {
        let asked = generation
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await reading.searchCatalog(query, page: loadedPages + 1, size: pageSize)
            guard asked == generation else { return }
            let known = Set(results.map(\.isbn13))
            results += page.books.filter { !known.contains($0.isbn13) }
            total = page.total
            loadedPages += 1
        } catch {
            guard asked == generation else { return }
            alert = Self.message(error)
        }
    }

    private static func message(_ error: any Error) -> String {
        (error as? SproutError)?.status == 503 ? "지금은 책 검색을 할 수 없어요. 잠시 후 다시 시도해 주세요." : "책 정보를 불러오지 못했어요."
    }
}
