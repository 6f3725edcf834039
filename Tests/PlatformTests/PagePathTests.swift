import Platform
import SproutAPI
import Testing
import Vapor

/// A path written once gives its route and every link to it, values and queries encoded.
@Suite struct PagePathTests {
    @Test func aLinkEncodesItsValuesAndKeepsItsQueryInOrder() {
        #expect(PagePath<String>("market/products/{id}").link("a b/c") == "/market/products/a%20b%2Fc", "a value stays one segment")
        #expect(PagePath<Int>("market/products/{id}").link(7, query: [("image", "2")], fragment: "trade") == "/market/products/7?image=2#trade")
        #expect(PagePath<Void>("reading/search").link(query: [("q", "C++ 한")]) == "/reading/search?q=C%2B%2B%20%ED%95%9C",
                "a plus is not read back as a space")
        #expect(PagePath<Void>("market").link(query: [("page", nil), ("view", "list"), ("q", "x&y=z")]) == "/market?view=list&q=x%26y%3Dz",
                "a pair without a value is left out; the others keep their order")
        #expect(PagePath<Void>("market").link(query: [("page", nil)]) == "/market")
        #expect(PagePath<(String, Int)>("reading/books/{id}/memos/{memo}").link(("b1", 3)) == "/reading/books/b1/memos/3")
    }

    /// `next` holds a path with its own query: it comes back whole, not cut at its `&`.
    @Test func aPathToGoBackToKeepsItsOwnQuery() {
        let next = "/study/results?tab=received&notice=x"
        #expect(PlatformPaths.phoneLogin(returningTo: next) == "/login/phone?next=/study/results%3Ftab%3Dreceived%26notice%3Dx")
        #expect(PlatformPaths.login(returningTo: "/market/sell") == "/login?next=/market/sell", "a slash in a query value is left as it is")
    }

    @Test func theRestOfAPathIsOneCatchAllParameter() {
        let leaflet = PagePath<String>("study/map/{file...}")
        #expect(leaflet.link("images/x y.png") == "/study/map/images/x%20y.png")
        #expect(leaflet.components.map(\.description) == ["study", "map", "**"])
        #expect(leaflet.isWellFormed)
    }

    @Test func aDefinitionWithoutAValueForEachParameterIsNotWellFormed() {
        #expect(AnyAPIRoute(APIRoute<String, NoBody, NoBody>(.get, "api/things/{thing}", credential: .none)).isWellFormed)
        #expect(!AnyAPIRoute(APIRoute<String, NoBody, NoBody>(.get, "api/things/{thing}/{part}", credential: .none)).isWellFormed)
        #expect(!AnyAPIRoute(APIRoute<String, NoBody, NoBody>(.get, "api/things/{rest...}/parts", credential: .none)).isWellFormed,
                "only the last segment takes the rest of a path")
        #expect(PagePath<Void>("").link == "/", "the hub")
    }
}
