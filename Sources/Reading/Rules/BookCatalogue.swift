import Fluent
import SproutAPI

/// Where book search and the recommendation lists come from: the local catalogue by default,
/// Aladin's Open API when a key is configured (`ReadingSettings`).
protocol BookCatalogue: Sendable {
    func search(_ query: String, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage
    func list(_ list: Reading.CatalogList, page: Int, size: Int, on db: any Database) async throws -> Reading.CatalogPage
    func book(isbn13: String, on db: any Database) async throws -> Reading.CatalogBook?
}
