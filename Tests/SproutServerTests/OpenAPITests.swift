import Foundation
import OpenAPIDocuments
import OpenAPIKit
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

    /// Every JSON answer and JSON body is described by a schema read from its wire type; only an
    /// API document itself is "any JSON".
    @Test func everyJSONBodyAndAnswerHasASchema() async throws {
        try await withSprout { sprout in
            for document in sprout.running.documents {
                let json = try #require(String(data: try document.json(), encoding: .utf8))
                #expect(!json.contains(WireSchema.undescribed), "\(document.name) has a type the reflection could not read")
                for (path, item) in document.openAPI.paths {
                    for endpoint in item.pathItemValue?.endpoints ?? [] where path.rawValue != "/openapi/{document}" {
                        let operation = endpoint.operation
                        let name = "\(endpoint.method.rawValue) \(path.rawValue)"
                        #expect(operation.operationId?.isEmpty == false, "\(name) has no operationId")
                        for (status, response) in operation.responses {
                            for (mediaType, content) in response.b?.content ?? [:] where mediaType == .json {
                                #expect(content.b?.schema.map { $0 != .fragment } == true, "\(name) \(status.rawValue) has no schema")
                            }
                        }
                        for (mediaType, content) in operation.requestBody?.b?.content ?? [:] where mediaType == .json {
                            #expect(content.b?.schema.map { $0 != .fragment } == true, "\(name) body has no schema")
                        }
                        if endpoint.method == .get {
                            #expect(operation.responses[OpenAPI.Response.StatusCode(integerLiteral: 304)] != nil, "\(name) does not list 304")
                        }
                    }
                }
            }
        }
    }

    @Test func credentialsAreSecuritySchemesNotParameters() async throws {
        try await withSprout { sprout in
            let lessons = try await sprout.send(.GET, "openapi/lessons.json").jsonObject()
            let schemes = try #require((lessons["components"] as? [String: Any])?["securitySchemes"] as? [String: [String: Any]])
            #expect(schemes["SesacKey"]?["in"] as? String == "header" && schemes["Authorization"]?["type"] as? String == "apiKey")
            let profile = try #require(((lessons["paths"] as? [String: Any])?["/v1/users/me/profile"] as? [String: Any])?["get"] as? [String: Any])
            #expect((profile["security"] as? [[String: [String]]])?.first.map { Set($0.keys) } == ["SesacKey", "Authorization"])
            let parameters = (profile["parameters"] as? [[String: Any]]) ?? []
            #expect(!parameters.contains { ["SesacKey", "Authorization"].contains($0["name"] as? String) })
            let reading = try await sprout.send(.GET, "openapi/reading.json").jsonObject()
            let bearer = ((reading["components"] as? [String: Any])?["securitySchemes"] as? [String: [String: Any]])?["bearer"]
            #expect(bearer?["scheme"] as? String == "bearer")
        }
    }

    /// A load balancer reads `/healthz`'s 503 in the same shape as its 200, not as an error body.
    @Test func healthDocumentsItsOwnAnswerForBothStatuses() async throws {
        try await withSprout { sprout in
            let platform = try await sprout.send(.GET, "openapi/platform.json").jsonObject()
            let health = try #require(((platform["paths"] as? [String: Any])?["/healthz"] as? [String: Any])?["get"] as? [String: Any])
            let responses = try #require(health["responses"] as? [String: [String: Any]])
            for status in ["200", "503"] {
                let schema = ((responses[status]?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: String]
                #expect(schema?["$ref"] == "#/components/schemas/Health", "\(status)")
            }
        }
    }

    @Test func docsPageListsEveryAPI() async throws {
        try await withSprout { sprout in
            let page = try await sprout.send(.GET, "docs")
            #expect(page.status.code == 200)
            let html = String(buffer: page.body)
            #expect(html.contains("/v1/users/join"))
            #expect(html.contains("/openapi/platform.json"))
            #expect(html.contains("응답 예시") && html.contains("accessToken"), "Korean by default")
            #expect(html.contains(#"id="docs-intro""#) && html.contains("<dt>인증</dt>"))
            let english = String(buffer: try await sprout.send(.GET, "docs", headers: ["Accept-Language": "en"]).body)
            #expect(english.contains("Example answer") && english.contains("<dt>Credentials</dt>"))
            #expect(html.contains("<code>Authorization, SesacKey</code>"), "an operation's credentials")
            #expect(html.contains("{ email?: string | null, password?: string | null }"), "the login body's outline")
            #expect(!html.contains("http://") && !html.contains("https://"), "no external assets")
        }
    }
}
