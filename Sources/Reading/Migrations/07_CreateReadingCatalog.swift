import Fluent
import Foundation
import SQLKit

/// A book the local catalogue knows, by ISBN-13: learned from every book a reader shelves with
/// one (the demo's included), so a self-hosted Sprout's search grows with its readers. `shelved`
/// counts the times it was shelved, which orders the bestseller list.
struct CreateReadingCatalog: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("reading_catalog")
            .field("isbn13", .string, .identifier(auto: false))
            .field("title", .string, .required)
            .field("author", .string, .required)
            .field("publisher", .string, .required)
            .field("description", .string, .required)
            .field("cover", .string, .required)
            .field("link", .string, .required)
            .field("category", .string, .required)
            .field("pages", .int, .required)
            .field("published_on", .string, .required)
            .field("search_key", .string, .required)
            .field("shelved", .int, .required)
            .field("added_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        if sql.dialect.name == "sqlite" {
            // Trigram full-text search finds any part of a Korean title, which a word tokenizer
            // (Korean has no spaces inside words) would not.
            try await sql.raw("CREATE VIRTUAL TABLE reading_catalog_search USING fts5(isbn13 UNINDEXED, search_key, tokenize = 'trigram')").run()
        } else if try await PostgresTrigrams.available(on: sql) {
            try await sql.raw("CREATE INDEX reading_catalog_trigrams ON reading_catalog USING gin (search_key gin_trgm_ops)").run()
        }
        try await sql.raw("CREATE INDEX reading_catalog_shelved ON reading_catalog (shelved, added_at)").run()
        try await sql.raw("CREATE INDEX reading_catalog_published ON reading_catalog (published_on, added_at)").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.dialect.name == "sqlite" {
            try await sql.raw("DROP TABLE reading_catalog_search").run()
        }
        try await database.schema("reading_catalog").delete()
    }
}

/// PostgreSQL's `pg_trgm`, which makes `LIKE '%…%'` use an index. Created when the role may (it
/// is a trusted extension: a database owner may); without it searches still work, by scanning.
enum PostgresTrigrams {
    static func available(on sql: any SQLDatabase) async throws -> Bool {
        do {
            try await sql.raw("CREATE EXTENSION IF NOT EXISTS pg_trgm").run()
        } catch {
            sql.logger.warning("pg_trgm could not be created; catalogue searches will scan: \(String(reflecting: error))")
        }
        return try await sql.raw("SELECT 1 AS present FROM pg_extension WHERE extname = 'pg_trgm'").first() != nil
    }
}
