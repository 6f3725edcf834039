import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// `GET /api/places`: the place list, public, bounded, in Sprout's own error shape.
@Suite struct PlacesAPITests {
    /// Everything but ASCII letters and digits percent-encoded, as a browser sends Korean.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    static func path(_ query: String, limit: String? = nil) -> String {
        let q = query.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        return "api/places?q=\(q)" + (limit.map { "&limit=\($0)" } ?? "")
    }

    @Test func anyoneFindsPlacesWithoutACredential() async throws {
        try await withSprout { sprout in
            let response = try await sprout.send(.GET, Self.path("망원동"))
            #expect(response.status == .ok)
            let found = try response.decode(Places.SearchResult.self)
            #expect(found.places.map(\.name) == ["망원제1동", "망원제2동"])
            let first = try #require(found.places.first)
            #expect(first.code == "1144069000" && first.fullName == "서울 마포구 망원제1동" && first.district == "마포구" && first.province == "서울특별시")
            #expect(abs(first.latitude - 37.552433) < 1e-6 && abs(first.longitude - 126.907767) < 1e-6)
            let place = try #require((try response.jsonObject()["places"] as? [[String: Any]])?.first)
            #expect(Set(place.keys) == ["code", "name", "district", "province", "full_name", "latitude", "longitude"])

            #expect(try await sprout.send(.GET, Self.path("잠실", limit: "2")).decode(Places.SearchResult.self).places.map(\.name) == ["잠실본동", "잠실2동"])
            #expect(try await sprout.send(.GET, Self.path("")).decode(Places.SearchResult.self).places.isEmpty)
            #expect(try await sprout.send(.GET, "api/places").decode(Places.SearchResult.self).places.isEmpty)
            #expect(try await sprout.send(.GET, Self.path("마포구", limit: "50")).decode(Places.SearchResult.self).places.count == 16)
            #expect(try await sprout.send(.GET, Self.path("중앙동")).decode(Places.SearchResult.self).places.count == Places.defaultLimit)
        }
    }

    @Test func aLimitOutOfRangeOrAnOverlongQueryIsA400InTheErrorShape() async throws {
        try await withSprout { sprout in
            for limit in ["0", "51", "-1", "abc", "1.5", "99999999999999999999999"] {
                let response = try await sprout.send(.GET, Self.path("망원", limit: limit))
                #expect(response.status == .badRequest, "limit=\(limit)")
                let body = try response.jsonObject()
                #expect(body["error"] as? Bool == true && (body["reason"] as? String)?.contains("limit") == true, "limit=\(limit)")
            }
            #expect(try await sprout.send(.GET, Self.path("망원", limit: "1")).status == .ok)

            let overlong = try await sprout.send(.GET, Self.path(String(repeating: "동", count: Places.maxQueryLength + 1)))
            #expect(overlong.status == .badRequest)
            #expect(try overlong.jsonObject()["error"] as? Bool == true)
            #expect(try await sprout.send(.GET, Self.path(String(repeating: "동", count: Places.maxQueryLength))).status == .ok)
        }
    }
}
