import Foundation
import SproutAPI
import SproutKit
import Testing

/// `PlacesClient`: the exact request, without a credential, and the places read back.
@Suite struct PlacesClientTests {
    static let mangwon = Places.Place(code: "1144069000", name: "망원제1동", district: "마포구", province: "서울특별시",
                                      fullName: "서울 마포구 망원제1동", latitude: 37.552433, longitude: 126.907767)

    @Test func searchSendsTheQueryAndLimitWithoutACredentialAndReadsThePlaces() async throws {
        let answer = try JSONEncoder().encode(Places.SearchResult(places: [Self.mangwon]))
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: answer) }
        let places = try await PlacesClient(baseURL: try #require(URL(string: "http://sprout.test")), transport: transport).search("망원 1동", limit: 5)
        #expect(places == [Self.mangwon])
        let request = try #require(transport.requests.first)
        #expect(request.method == .get && request.url.path == "/api/places")
        #expect(request.queryPairs == ["q=망원 1동", "limit=5"])
        #expect(request.header("Authorization") == nil)
    }

    @Test func theFullNameTravelsAsFullName() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.mangwon)) as? [String: Any])
        #expect(Set(json.keys) == ["code", "name", "district", "province", "full_name", "latitude", "longitude"])
    }

    @Test func aRefusedQueryIsAnError() async throws {
        let transport = TestTransport { _ in HTTPResponse(status: 400, body: Data(#"{"error":true,"reason":"q has at most 40 characters."}"#.utf8)) }
        await #expect(throws: SproutError.self) {
            try await PlacesClient(baseURL: try #require(URL(string: "http://sprout.test")), transport: transport).search(String(repeating: "동", count: 41))
        }
    }
}
