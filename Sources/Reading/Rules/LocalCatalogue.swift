import Fluent
import Foundation
import Platform
import PlatformCore
import SQLKit
import SproutAPI

/// The catalogue kept in Sprout's own database (`CreateReadingCatalog`): every book a reader
/// shelves with an ISBN is remembered here, so search and the lists work with no outside service.
/// Search is full text over title, author and publisher, folded like the library's: SQLite's FTS5
/// trigram index for three characters or more, PostgreSQL's `pg_trgm` index behind `LIKE`, and a
/// scan for one- and two-character searches (`한강`), which no trigram can serve. A search that finds
/// nothing looks again, forgiving spacing, 초성 and typos (`ForgivingSearch`).
struct LocalCatalogue: BookCatalogue {
    let clock: WallClock

    func search(_ query: String, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage {
        let folded = SearchKey.fold(query)
        if let isbn = Reading.BookRules.isbn13(query.trimmingCharacters(in: .whitespaces)) {
            let found = try await book(isbn13: isbn, on: db)
            return Reading.CatalogPage(books: found.map { [$0] } ?? [], total: found == nil ? 0 : 1, page: page, pageSize: size)
        }
        let sql = try db.sql()
        let matches: SQLQueryString
        if sql.dialect.name == "sqlite" && folded.count >= 3 {
            let phrase = "\"" + folded.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            matches = "isbn13 IN (SELECT isbn13 FROM reading_catalog_search WHERE search_key MATCH \(bind: phrase))"
        } else {
            matches = "search_key LIKE \(bind: SearchKey.containsPattern(folded)) ESCAPE '\\'"
        }
        let total = try await sql.raw("SELECT COUNT(*) AS total FROM reading_catalog WHERE \(matches)").first(decoding: Count.self)?.total ?? 0
        if total == 0, let forgiving = ForgivingSearch(query) {
            return try await search(forgiving, page: page, size: size, on: sql)
        }
        let rows = try await sql.raw("""
            SELECT \(unsafeRaw: CatalogRow.columns) FROM reading_catalog WHERE \(matches)
            ORDER BY shelved DESC, title ASC, isbn13 ASC LIMIT \(bind: size) OFFSET \(bind: (page - 1) * size)
            """).all(decoding: CatalogRow.self)
        return Reading.CatalogPage(books: rows.map(\.book), total: total, page: page, pageSize: size)
    }

    /// The books whose keys come nearest a search the index found nothing for, nearest first, then
    /// as an ordinary search orders them. The most shelved books are looked at first and at most
    /// `forgivingScan` of them, so a catalogue that has grown large stays quick.
    private func search(_ forgiving: ForgivingSearch, page: Int, size: Int, on sql: any SQLDatabase) async throws -> Reading.CatalogPage {
        let keys = try await sql.raw("""
            SELECT isbn13, search_key FROM reading_catalog ORDER BY shelved DESC, title ASC, isbn13 ASC LIMIT \(bind: Self.forgivingScan)
            """).all(decoding: CatalogKey.self)
        let near = keys.enumerated().compactMap { index, key in forgiving.distance(to: key.search_key).map { (key.isbn13, $0, index) } }
            .sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map(\.0)
        let shown = Array(near.dropFirst((page - 1) * size).prefix(size))
        guard !shown.isEmpty else { return Reading.CatalogPage(books: [], total: near.count, page: page, pageSize: size) }
        let rows = try await sql.raw("SELECT \(unsafeRaw: CatalogRow.columns) FROM reading_catalog WHERE isbn13 IN (\(binds: shown))")
            .all(decoding: CatalogRow.self)
        let byISBN = Dictionary(uniqueKeysWithValues: rows.map { ($0.isbn13, $0.book) })
        return Reading.CatalogPage(books: shown.compactMap { byISBN[$0] }, total: near.count, page: page, pageSize: size)
    }

    static let forgivingScan = 20_000

    func list(_ list: Reading.CatalogList, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage {
        let sql = try db.sql()
        let order: SQLQueryString = list == .bestseller
            ? "shelved DESC, added_at DESC, isbn13 ASC"
            : "published_on DESC, added_at DESC, isbn13 ASC"
        let total = try await sql.raw("SELECT COUNT(*) AS total FROM reading_catalog").first(decoding: Count.self)?.total ?? 0
        let rows = try await sql.raw("""
            SELECT \(unsafeRaw: CatalogRow.columns) FROM reading_catalog ORDER BY \(order) LIMIT \(bind: size) OFFSET \(bind: (page - 1) * size)
            """).all(decoding: CatalogRow.self)
        return Reading.CatalogPage(books: rows.map(\.book), total: total, page: page, pageSize: size)
    }

    func book(isbn13: String, on db: any Database) async throws -> Reading.CatalogBook? {
        try await db.sql().raw("SELECT \(unsafeRaw: CatalogRow.columns) FROM reading_catalog WHERE isbn13 = \(bind: isbn13)")
            .first(decoding: CatalogRow.self)?.book
    }

    /// A book a reader shelved: new to the catalogue, or counted once more. The first reader's
    /// description of a book stands; later ones only fill what it left empty.
    func remember(_ book: ReadingBook, on db: any Database) async throws {
        guard let isbn = book.isbn13 else { return }
        let sql = try db.sql()
        let key = SearchKey.fold([book.title, book.author, book.publisher].joined(separator: " "))
        let inserted = try await sql.raw("""
            INSERT INTO reading_catalog (isbn13, title, author, publisher, description, cover, link, category, pages, published_on, search_key, shelved, added_at)
            VALUES (\(bind: isbn), \(bind: book.title), \(bind: book.author), \(bind: book.publisher), \(bind: book.description), \(bind: book.cover),
                    \(bind: book.link), \(bind: book.category), \(bind: book.pages), '', \(bind: key), 1, \(bind: clock.now()))
            ON CONFLICT (isbn13) DO NOTHING RETURNING isbn13
            """).first()
        if inserted != nil {
            if sql.dialect.name == "sqlite" {
                try await sql.raw("INSERT INTO reading_catalog_search (isbn13, search_key) VALUES (\(bind: isbn), \(bind: key))").run()
            }
        } else {
            try await sql.raw("""
                UPDATE reading_catalog SET shelved = shelved + 1,
                    pages = CASE WHEN pages = 0 THEN \(bind: book.pages) ELSE pages END,
                    cover = CASE WHEN cover = '' THEN \(bind: book.cover) ELSE cover END
                WHERE isbn13 = \(bind: isbn)
                """).run()
        }
    }

    private struct Count: Decodable {
        let total: Int
    }

    private struct CatalogKey: Decodable {
        let isbn13: String
        let search_key: String
    }
}

/// A `reading_catalog` row.
private struct CatalogRow: Decodable {
    static let columns = "isbn13, title, author, publisher, description, cover, link, category, pages, published_on"

    let isbn13: String
    let title: String
    let author: String
    let publisher: String
    let description: String
    let cover: String
    let link: String
    let category: String
    let pages: Int
    let published_on: String

    var book: Reading.CatalogBook {
        Reading.CatalogBook(isbn13: isbn13, title: title, author: author, publisher: publisher, description: description,
                            cover: cover, link: link, category: category, pages: pages, publishedOn: published_on)
    }
}
