import Fluent
import SproutAPI

/// Where book search and the recommendation lists come from: the local catalogue, the outside
/// catalogues `SPROUT_BOOK_CATALOGUES` names (Google Books, Open Library, Kakao, Aladin), or
/// several of them merged (`MergedCatalogue`), as `ReadingSettings` chooses.
protocol BookCatalogue: Sendable {
    func search(_ query: String, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage
    func list(_ list: Reading.CatalogList, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage
    func book(isbn13: String, on db: any Database) async throws -> Reading.CatalogBook?
    /// Where its covers are served from (`https://books.google.com`): the pages that show them
    /// let images come from there, and from nowhere else outside Sprout.
    var coverOrigins: [String] { get }
}

extension BookCatalogue {
    var coverOrigins: [String] { [] }
}

/// A shelved book keeps the cover of the catalogue that found it, also after an operator chooses
/// other catalogues, so the shelf and book pages let covers come from every provider Sprout knows.
enum KeptCovers {
    static let origins = AladinCatalogue.covers + GoogleBooksCatalogue.covers + KakaoBookCatalogue.covers + OpenLibraryCatalogue.archiveCovers
}
