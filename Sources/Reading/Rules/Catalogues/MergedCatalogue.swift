import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// The local catalogue and the outside ones `SPROUT_BOOK_CATALOGUES` names, asked together.
///
/// A search shows the local catalogue's hits first, in its order (the books Sprout starts with
/// and every book readers shelved keep their places), then the outside catalogues' books, asked
/// concurrently and merged by ISBN-13: the first provider's order and description win, and what
/// it leaves empty (cover, pages, publisher, …) is filled from the others, for the local hits too.
/// The pages run on as one list, local hits then outside books, so none is skipped between pages.
/// A search that is an ISBN looks that one book up.
///
/// A provider that fails is left alone for a minute (`CatalogueBreaker`) and the search answers
/// with what the others and the local catalogue found; when none answers (offline), the local
/// catalogue's answer is the answer. Outside answers are kept an hour (`CatalogueCache`), so a
/// search repeated, or a book shown and then shelved, asks no one again. The bestseller and
/// new-book lists come from Aladin when it is configured, else from the local catalogue.
struct MergedCatalogue: BookCatalogue {
    struct Provider: Sendable {
        /// `google`, as `SPROUT_BOOK_CATALOGUES` names it.
        let name: String
        let catalogue: any BookCatalogue
    }

    /// A provider's answer to a look-up, "no such book" included.
    struct Lookup: Sendable {
        let book: Reading.CatalogBook?
    }

    /// How many of the local hits a search sets aside from the outside ones, so a book is not
    /// shown twice.
    static let localReach = 200
    /// Every outside total is cut to what the API can page to (200 pages of 50).
    static let largestTotal = Reading.CatalogRules.pages.upperBound * Reading.CatalogRules.pageSize.upperBound

    let local: LocalCatalogue?
    /// In the order their descriptions count.
    let providers: [Provider]
    /// Where the lists come from (Aladin, also among `providers`), when configured.
    let lists: Provider?
    let breaker: CatalogueBreaker
    let answers: CatalogueCache<Reading.CatalogPage>
    let lookups: CatalogueCache<Lookup>
    /// The outside books recent searches showed, by ISBN.
    let shown: CatalogueCache<Reading.CatalogBook>

    init(local: LocalCatalogue?, providers: [Provider], lists: Provider?, clock: WallClock) {
        self.local = local
        self.providers = providers
        self.lists = lists
        breaker = CatalogueBreaker(clock: clock)
        answers = CatalogueCache(clock: clock)
        lookups = CatalogueCache(clock: clock)
        shown = CatalogueCache(clock: clock)
    }

    var coverOrigins: [String] {
        var seen = Set<String>()
        return (providers + (lists.map { [$0] } ?? [])).flatMap { $0.catalogue.coverOrigins }.filter { seen.insert($0).inserted }
    }

    func search(_ query: String, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage {
        if let isbn = ProviderBook.isbn13(anyOf: [query]) {
            let found = try await book(isbn13: isbn, on: db)
            return Reading.CatalogPage(books: found.map { [$0] } ?? [], total: found == nil ? 0 : 1, page: page, pageSize: size)
        }
        guard size > 0, page > 0 else { return Reading.CatalogPage(books: [], total: 0, page: page, pageSize: size) }
        let localPage = try await local?.search(query, page: page, size: size, on: db)
        let outsideQuery = Self.outsideQuery(query)
        guard !outsideQuery.isEmpty else { return localPage ?? Reading.CatalogPage(books: [], total: 0, page: page, pageSize: size) }
        let localBooks = localPage?.books ?? []
        let localTotal = localPage?.total ?? 0
        // The outside books continue the list where the local hits end. With the page full of
        // local hits, the outside first page still fills in their covers and counts the total.
        let room = max(0, size - localBooks.count)
        let onlineStart = max(0, (page - 1) * size - localTotal)
        let firstPage = onlineStart / size + 1
        let lastPage = room > 0 ? (onlineStart + room - 1) / size + 1 : firstPage
        guard let online = await outsidePages(outsideQuery, firstPage...lastPage, size: size, on: db) else {
            guard let localPage else { throw ReadingError.catalogueUnavailable(retryAfter: nil) }
            return localPage
        }
        let hidden: Set<String> = if room > 0 { try await localHits(query, shown: localPage, on: db) } else { [] }
        // Each outside page holds `size` places of the list, so page boundaries stay put.
        let placed = (firstPage...lastPage).flatMap { number in (online.pages[number] ?? []).filter { !hidden.contains($0.isbn13) }.prefix(size) }
        var listed = Set(localBooks.map(\.isbn13))
        let outside = placed.dropFirst(onlineStart - (firstPage - 1) * size).prefix(room).filter { listed.insert($0.isbn13).inserted }
        let described = Dictionary(online.pages.values.joined().map { ($0.isbn13, $0) }, uniquingKeysWith: { first, _ in first })
        let books = localBooks.map { book in described[book.isbn13].map { book.filled(from: $0) } ?? book } + outside
        // Remembered as shown, so shelving one of them asks no one again.
        for book in books where described[book.isbn13] != nil { shown.store(book, for: book.isbn13) }
        return Reading.CatalogPage(books: books, total: localTotal + online.total, page: page, pageSize: size)
    }

    func list(_ list: Reading.CatalogList, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage {
        if let lists {
            let key = [lists.name, "list", list.rawValue, String(page), String(size)].joined(separator: "\n")
            if let kept = answers.value(key) { return kept }
            if breaker.allows(lists.name) {
                do {
                    let answer = try await lists.catalogue.list(list, page: page, size: size, on: db)
                    answers.store(answer, for: key)
                    return answer
                } catch {
                    breaker.failed(lists.name)
                    guard local != nil else { throw error }
                }
            } else if local == nil {
                throw ReadingError.catalogueUnavailable(retryAfter: nil)
            }
        }
        guard let local else { return Reading.CatalogPage(books: [], total: 0, page: page, pageSize: size) }
        return try await local.list(list, page: page, size: size, on: db)
    }

    /// The local catalogue's book, completed from the outside ones when it lacks a cover, pages or
    /// a publisher (the books Sprout starts with have none); else the outside catalogues' book.
    func book(isbn13: String, on db: any Database) async throws -> Reading.CatalogBook? {
        let known = try await local?.book(isbn13: isbn13, on: db)
        if let known, !known.cover.isEmpty, known.pages > 0, !known.publisher.isEmpty { return known }
        if let seen = shown.value(isbn13) { return known.map { $0.filled(from: seen) } ?? seen }
        let found = await withTaskGroup(of: (Int, Lookup?).self) { group in
            for (index, provider) in providers.enumerated() {
                group.addTask { (index, await lookup(isbn13, in: provider, on: db)) }
            }
            var collected: [(Int, Lookup?)] = []
            for await answer in group { collected.append(answer) }
            return collected
        }
        let books = found.sorted { $0.0 < $1.0 }.compactMap { _, lookup in lookup?.book }
        let described = Self.merged(books.map { [$0] }).first
        guard let known else { return described }
        return described.map { known.filled(from: $0) } ?? known
    }

    /// The outside catalogues' merged books of each page, and the largest total any of them
    /// gave; nil when none answered.
    private func outsidePages(_ query: String, _ numbers: ClosedRange<Int>, size: Int, on db: any Database) async -> (pages: [Int: [Reading.CatalogBook]], total: Int)? {
        let found = await withTaskGroup(of: (provider: Int, page: Int, answer: Reading.CatalogPage?).self) { group in
            for (index, provider) in providers.enumerated() {
                for number in numbers {
                    group.addTask { (index, number, await search(query, page: number, size: size, in: provider, on: db)) }
                }
            }
            var collected: [(provider: Int, page: Int, answer: Reading.CatalogPage?)] = []
            for await answer in group { collected.append(answer) }
            return collected
        }
        let answered = found.filter { $0.answer != nil }.sorted { $0.provider < $1.provider }
        guard !answered.isEmpty else { return nil }
        let pages = Dictionary(grouping: answered, by: { $0.page }).mapValues { Self.merged($0.compactMap { $0.answer?.books }) }
        let total = answered.compactMap { $0.answer.map { min(max($0.total, 0), Self.largestTotal) } }.max() ?? 0
        return (pages, total)
    }

    private func search(_ query: String, page: Int, size: Int, in provider: Provider, on db: any Database) async -> Reading.CatalogPage? {
        // The query goes last: it may hold anything, a line break too.
        let key = [provider.name, "search", String(page), String(size), query].joined(separator: "\n")
        if let kept = answers.value(key) { return kept }
        guard breaker.allows(provider.name) else { return nil }
        do {
            let answer = try await provider.catalogue.search(query, page: page, size: size, on: db)
            answers.store(answer, for: key)
            return answer
        } catch {
            breaker.failed(provider.name)
            return nil
        }
    }

    private func lookup(_ isbn13: String, in provider: Provider, on db: any Database) async -> Lookup? {
        let key = [provider.name, "isbn", isbn13].joined(separator: "\n")
        if let kept = lookups.value(key) { return kept }
        guard breaker.allows(provider.name) else { return nil }
        do {
            let found = Lookup(book: try await provider.catalogue.book(isbn13: isbn13, on: db))
            lookups.store(found, for: key)
            return found
        } catch {
            breaker.failed(provider.name)
            return nil
        }
    }

    /// The ISBNs of the local hits, which the outside books must not repeat.
    private func localHits(_ query: String, shown localPage: Reading.CatalogPage?, on db: any Database) async throws -> Set<String> {
        guard let local, let localPage, localPage.total > 0 else { return [] }
        if localPage.page == 1 && localPage.total <= localPage.books.count { return Set(localPage.books.map(\.isbn13)) }
        let hits = try await local.search(query, page: 1, size: min(localPage.total, Self.localReach), on: db)
        return Set(hits.books.map(\.isbn13))
    }

    /// What is sent outside: the search without control characters, which no title holds and
    /// which a provider might refuse (and then be left alone for a minute, for everyone).
    static func outsideQuery(_ query: String) -> String {
        let kept = query.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }
        return String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespaces)
    }

    /// One list of books from several, in order, each ISBN once: the first description of a book
    /// wins and the later ones fill what it left empty.
    static func merged(_ lists: [[Reading.CatalogBook]]) -> [Reading.CatalogBook] {
        var order: [String] = []
        var byISBN: [String: Reading.CatalogBook] = [:]
        for book in lists.joined() {
            if let first = byISBN[book.isbn13] {
                byISBN[book.isbn13] = first.filled(from: book)
            } else {
                order.append(book.isbn13)
                byISBN[book.isbn13] = book
            }
        }
        return order.compactMap { byISBN[$0] }
    }
}

extension Reading.CatalogBook {
    /// This description, with what it leaves empty taken from `other`.
    func filled(from other: Reading.CatalogBook) -> Reading.CatalogBook {
        var book = self
        if book.author.isEmpty { book.author = other.author }
        if book.publisher.isEmpty { book.publisher = other.publisher }
        if book.description.isEmpty { book.description = other.description }
        if book.cover.isEmpty { book.cover = other.cover }
        if book.link.isEmpty { book.link = other.link }
        if book.category.isEmpty { book.category = other.category }
        if book.pages == 0 { book.pages = other.pages }
        if book.publishedOn.isEmpty { book.publishedOn = other.publishedOn }
        return book
    }
}
