import CSV
import Fluent
import Foundation
import Platform
import PlatformCore
import SQLKit

/// The books a new catalogue starts with, so search and the lists have something to show before
/// any reader has shelved a book: 300 of Goodreads' most-rated books (`Seed/catalogue.csv`; where
/// it comes from and its licence are in `Seed/NOTICE.md`). Nobody has shelved them yet, so every
/// book a reader shelves ranks above them on the bestseller list. A book already in the catalogue
/// keeps its row.
struct SeedReadingCatalog: AsyncMigration {
    let clock: WallClock

    func prepare(on database: any Database) async throws {
        guard !CatalogueSeed.books.isEmpty else { throw CatalogueSeed.Missing() }
        let sql = try database.sql()
        let now = clock.now()
        // A few statements, not one per book: every new database (each test's included) runs this.
        for start in stride(from: 0, to: CatalogueSeed.books.count, by: 100) {
            var insert = sql.insert(into: "reading_catalog")
                .columns("isbn13", "title", "author", "publisher", "description", "cover", "link", "category", "pages", "published_on", "search_key", "shelved", "added_at")
                .ignoringConflicts(with: "isbn13")
            for book in CatalogueSeed.books[start..<min(start + 100, CatalogueSeed.books.count)] {
                insert = insert.values(book.isbn13, book.title, book.author, "", "", "", "", "", 0, book.published, book.searchKey, 0, now)
            }
            try await insert.run()
        }
        if sql.dialect.name == "sqlite" {
            try await sql.raw("""
                INSERT INTO reading_catalog_search (isbn13, search_key)
                SELECT isbn13, search_key FROM reading_catalog c WHERE shelved = 0
                AND NOT EXISTS (SELECT 1 FROM reading_catalog_search s WHERE s.isbn13 = c.isbn13)
                """).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        let isbns = CatalogueSeed.books.map(\.isbn13)
        if sql.dialect.name == "sqlite" {
            try await sql.delete(from: "reading_catalog_search").where("isbn13", .in, isbns).run()
        }
        try await sql.delete(from: "reading_catalog").where("isbn13", .in, isbns).where("shelved", .equal, 0).run()
    }
}

/// `Seed/catalogue.csv`, read once: `isbn13,title,author,published` (a year, or empty).
enum CatalogueSeed {
    struct Book {
        let isbn13: String
        let title: String
        let author: String
        let published: String

        var searchKey: String { SearchKey.fold([title, author].joined(separator: " ")) }
    }

    /// The bundle lost its seed: a packaging mistake, which stops the migration rather than
    /// leaving the catalogue silently empty.
    struct Missing: Error {}

    static let books: [Book] = {
        guard let url = Bundle.module.url(forResource: "catalogue", withExtension: "csv", subdirectory: "Seed"),
              let text = try? String(contentsOf: url, encoding: .utf8),
              let reader = try? CSVReader(string: text, hasHeaderRow: true)
        else { return [] }
        var books: [Book] = []
        while let row = reader.next() {
            guard row.count == 4 else { continue }
            books.append(Book(isbn13: row[0], title: row[1], author: row[2], published: row[3]))
        }
        return books
    }()
}
