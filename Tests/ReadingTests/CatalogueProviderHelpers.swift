import Foundation
import Platform
import PlatformCore
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// A Sprout whose book catalogues are the ones `environment` names (fakes on loopback), with
/// tokens that outlast the clock's moves.
func withCatalogues(_ environment: [String: String], _ test: (TestSprout) async throws -> Void) async throws {
    try await withSprout(configure: { config in
        config.accessTokenLifetime = 10 * 366 * 86_400
        config.environment = EnvironmentReader(environment)
    }, test)
}

extension TestSprout {
    /// `GET /api/reading/catalog/search`, expecting 200.
    func catalogue(search query: String, page: Int = 1, size: Int = 20, by reader: Reader) async throws -> Reading.CatalogPage {
        let response = try await catalogueSearch(query, page: page, size: size, by: reader)
        #expect(response.status.code == 200, "\(query): \(response.body.string)")
        return try response.decode(Reading.CatalogPage.self)
    }

    func catalogueSearch(_ query: String, page: Int = 1, size: Int = 20, by reader: Reader) async throws -> TestingHTTPResponse {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
        return try await send(.GET, "api/reading/catalog/search?q=\(encoded)&page=\(page)&size=\(size)", headers: reader.headers)
    }

    func catalogue(isbn: String, by reader: Reader) async throws -> TestingHTTPResponse {
        try await send(.GET, "api/reading/catalog/isbn/\(isbn)", headers: reader.headers)
    }
}

/// The ISBN-13 that starts with these twelve digits.
func isbn13(_ twelve: String) -> String {
    let sum = twelve.compactMap(\.wholeNumberValue).enumerated().reduce(0) { $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 1 : 3) }
    return twelve + String((10 - sum % 10) % 10)
}
