import Foundation
import Platform
import SproutTestSupport
import Testing
import Vapor

@Suite struct OpenAPITests {
    /// Every route that is not a web page must be described in some API document.
    @Test func everyRegisteredAPIRouteIsDocumented() async throws {
        try await withSprout { sprout in
            let described = sprout.running.documents.reduce(into: Set<String>()) { $0.formUnion($1.describedRoutes) }
            let apiRoutes = sprout.app.routes.all.filter { $0.userInfo[PageRoutes.userInfoKey] as? Bool != true }
            #expect(!apiRoutes.isEmpty)
            for route in apiRoutes {
                let key = "\(route.method.rawValue) \(APIDocument.openAPIPath(route.path))"
                #expect(described.contains(key), "\(key) is not in any OpenAPI document")
            }
        }
    }

    @Test func documentsAreServedAsOpenAPI31() async throws {
        try await withSprout { sprout in
            for name in ["platform", "lessons"] {
                let response = try await sprout.send(.GET, "openapi/\(name).json")
                #expect(response.status.code == 200)
                let json = try response.jsonObject()
                #expect((json["openapi"] as? String)?.hasPrefix("3.1") == true)
                #expect((json["paths"] as? [String: Any])?.isEmpty == false)
            }
            let lessons = try await sprout.send(.GET, "openapi/lessons.json").jsonObject()
            let paths = try #require(lessons["paths"] as? [String: Any])
            #expect(paths["/v1/users/join"] != nil)
            #expect(paths["/v1/auth/refresh"] != nil)
            #expect(try await sprout.send(.GET, "openapi/nothing.json").status.code == 404)
            #expect(try await sprout.send(.GET, "openapi/lessons").status.code == 404)
        }
    }

    @Test func docsPageListsEveryAPI() async throws {
        try await withSprout { sprout in
            let page = try await sprout.send(.GET, "docs")
            #expect(page.status.code == 200)
            let html = String(buffer: page.body)
            #expect(html.contains("/v1/users/join"))
            #expect(html.contains("/openapi/platform.json"))
            #expect(!html.contains("http://") && !html.contains("https://"), "no external assets")
        }
    }
}
