import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// The operations SproutAPI defines (`APIRoute`) are the ones the server answers: each defined
/// operation has a handler at its method and path, is documented there with its credential, and
/// every route under the defined paths comes from a definition.
@Suite struct RouteDefinitionTests {
    static let defined = SproutAccount.Routes.all + ServerRoutes.all + Conversations.Routes.all + Notifications.Routes.all + Push.Routes.all
        + LiveEvents.Routes.all + PhoneAuth.Routes.all + CalendarFeed.Routes.all + Places.Routes.all + Lessons.Routes.all + Lessons.BookingRoutes.all + Market.Routes.all + Study.Routes.all + Study.PartnerRoutes.all + Reading.Routes.all

    /// With every optional route on: metrics are served only to a configured scraper.
    static func servingMetrics(_ config: inout SproutConfig) {
        config.environment = EnvironmentReader(["SPROUT_METRICS_TOKEN": "route-definition-test"])
    }

    /// The headers each credential is sent in.
    static let credentialHeaders: [APICredential: [String]] = [
        .bearer: ["Authorization"], .lslpKey: ["SesacKey"], .lslpSession: ["SesacKey", "Authorization"],
        .studyIDToken: ["idtoken"], .vendorIdentifier: ["identifier"], .operatorToken: ["Authorization"],
    ]

    @Test func everyDefinitionIsWellFormedAndUnique() {
        for route in Self.defined { #expect(route.isWellFormed, "\(route.method) \(route.template) has as many {…} as its parameters") }
        #expect(Set(Self.defined.map { "\($0.method) \($0.template)" }).count == Self.defined.count)
    }

    @Test func everyDefinitionHasItsHandlerAndItsDocumentAndNoOperationIsUndefined() async throws {
        try await withSprout(configure: Self.servingMetrics) { sprout in
            let registered = Set(sprout.app.routes.all.map { "\($0.method.rawValue) \(APIDocument.openAPIPath($0.path))" })
            let described = sprout.running.documents.reduce(into: Set<String>()) { $0.formUnion($1.describedRoutes) }
            for route in Self.defined {
                let key = "\(route.method) \(route.template)"
                #expect(registered.contains(key), "\(key) has no handler")
                #expect(described.contains(key), "\(key) is in no document")
            }
            let definedKeys = Set(Self.defined.map { "\($0.method) \($0.template)" })
            let prefixes = Set(Self.defined.map { $0.template.split(separator: "/").prefix(2).joined(separator: "/") })
            for key in registered where prefixes.contains(where: { key.split(separator: " ").last?.dropFirst().hasPrefix($0) == true }) {
                #expect(definedKeys.contains(key), "\(key) is served under a defined path without a definition")
            }
            for key in described { #expect(definedKeys.contains(key), "\(key) is documented without a definition") }
        }
    }

    @Test func aDefinitionIsDocumentedWithItsCredentialAndItsQuery() async throws {
        try await withSprout(configure: Self.servingMetrics) { sprout in
            var paths: [String: [String: Any]] = [:]
            for document in sprout.running.documents {
                paths.merge(try #require(try await sprout.send(.GET, "openapi/\(document.name).json").jsonObject()["paths"] as? [String: [String: Any]])) { $1 }
            }
            for route in Self.defined where route.template != LiveEvents.Routes.stream.template {
                let operation = try #require(paths[route.template]?[route.method.lowercased()] as? [String: Any], "\(route.template)")
                let parameters = operation["parameters"] as? [[String: Any]] ?? []
                let headers = parameters.filter { $0["in"] as? String == "header" }.compactMap { $0["name"] as? String }
                let query = Set(parameters.filter { $0["in"] as? String == "query" }.compactMap { $0["name"] as? String })
                #expect(Set(route.query).isSubset(of: query), "\(route.method) \(route.template) documents \(route.query) (it lists \(query.sorted()))")
                for header in Self.credentialHeaders[route.credential] ?? [] {
                    #expect(headers.contains(header) || operation["security"] != nil, "\(route.method) \(route.template) names its \(header)")
                }
            }
        }
    }
}
