import Foundation
import OpenAPIDocuments
import OpenAPIKit
import Platform
import Plot
import SproutAPI
import Vapor

/// `/openapi/<api>.json` for each API, and `/docs`, a page that lists every operation of every
/// document (rendered on the server, so it needs no script and no CDN).
struct DocsController: Sendable {
    let documents: [APIDocument]

    func register(api: DocumentedRoutes, pages: any RoutesBuilder) {
        api.onResponse(ServerRoutes.openAPIDocument, doc: .init(
            "An API's OpenAPI 3.1 document",
            description: "`document` is `<api>.json`: " + documents.map { "`\(ServerRoutes.openAPIFile($0.name))`" }.joined(separator: ", "),
            responses: [200: "The OpenAPI document", 404: "No such API"]
        ), use: document)
        pages.get(PlatformPaths.docs, use: docsPage)
    }

    func document(_ req: Request) throws -> Response {
        let requested = ServerRoutes.openAPIDocument.parameters(in: req) ?? ""
        guard requested.hasSuffix(".json"),
              let document = documents.first(where: { ServerRoutes.openAPIFile($0.name) == requested })
        else { throw Abort(.notFound) }
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(data: try document.json()))
    }

    func docsPage(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        return PageLayout.render(title: context.pick(ko: "API 문서", en: "API"), context: context, .group(
            .h1(.text(context.pick(ko: "API 문서", en: "API documentation"))),
            .p(.id("docs-intro"), .class("hint"), .text(context.pick(
                ko: "네 앱의 API와 Sprout 자체 API의 모든 동작이에요. 각 동작의 설명과 스키마는 OpenAPI 문서 그대로 영어로 적혀 있어요. 문서 파일로 클라이언트 코드를 만들 수 있어요.",
                en: "Every operation of the four apps' APIs and Sprout's own. Build a client from each OpenAPI document."
            ))),
            .forEach(documents) { section(for: $0.openAPI, name: $0.name, context) }
        ))
    }

    private func section(for document: OpenAPI.Document, name: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        let documentLink = ServerRoutes.openAPIDocument.pathTemplate.encodedPath(ServerRoutes.openAPIFile(name))
        return .section(
            .class("card"), .id("api-\(name)"),
            .h2(.text(document.info.title)),
            .p(.text(document.info.description ?? "")),
            .p(.a(.href(documentLink), .text(documentLink))),
            .forEach(document.paths.sorted { $0.key.rawValue < $1.key.rawValue }) { path, item in
                .forEach(item.pathItemValue?.endpoints ?? []) { endpoint in
                    .div(
                        .class("docs-operation"),
                        .span(.class("method"), .text(endpoint.method.rawValue)),
                        .code(.text(path.rawValue)),
                        .p(.text(endpoint.operation.summary ?? "")),
                        .p(.class("hint"), .text(endpoint.operation.responses.map { status, _ in status.rawValue }.joined(separator: " · "))),
                        details(of: endpoint.operation, outline: SchemaOutline(components: document.components), context)
                    )
                }
            }
        )
    }

    /// What to send and what comes back: parameters, the body per media type, the successful
    /// answer's shape and an example of it.
    private func details(of operation: OpenAPI.Operation, outline: SchemaOutline, _ context: PageContext) -> Node<HTML.BodyContext> {
        let parameters = operation.parameters.compactMap(Self.inline).map { parameter in
            let schema = parameter.schemaOrContent.a.flatMap { Self.inline($0.schema) }
            return "\(parameter.name) (\(parameter.location.rawValue)\(parameter.required ? "" : ", optional")): \(schema.map { outline.text($0) } ?? "any")"
        }
        let credentials = (operation.security ?? []).flatMap { $0.keys.compactMap(\.name) }.sorted()
        let bodies = operation.requestBody.flatMap(Self.inline)?.content.compactMap { mediaType, content in
            content.b?.schema.map { "\(mediaType.rawValue): \(outline.text($0))" }
        } ?? []
        let success = operation.responses.first(where: { status, _ in status.isSuccess })
        let answer = success.flatMap { Self.inline($0.value) }?.content.first(where: { _, content in content.b?.schema != nil })?.value.b
        let example = answer?.example.flatMap { try? Self.prettyJSON($0) }
        return .dl(
            .class("docs-details"),
            .if(!credentials.isEmpty, .group(.dt(.text(context.pick(ko: "인증", en: "Credentials"))), .dd(.code(.text(credentials.joined(separator: ", ")))))),
            .if(!parameters.isEmpty, .group(.dt(.text(context.pick(ko: "매개변수", en: "Parameters"))), .forEach(parameters) { .dd(.code(.text($0))) })),
            .if(!bodies.isEmpty, .group(.dt(.text(context.pick(ko: "요청 본문", en: "Body"))), .forEach(bodies) { .dd(.code(.text($0))) })),
            .unwrap(success.flatMap { success in answer?.schema.map { (success.key, $0) } }) { status, schema in
                .group(.dt(.text(context.pick(ko: "응답 \(status.rawValue)", en: "Answer \(status.rawValue)"))), .dd(.code(.text(outline.text(schema)))))
            },
            .unwrap(example) { .group(.dt(.text(context.pick(ko: "응답 예시", en: "Example answer"))), .dd(.pre(.attribute(named: "tabindex", value: "0"), .code(.text($0))))) }
        )
    }

    /// The value itself; documents written here never use references but for schemas.
    private static func inline<Reference, Value>(_ either: Either<Reference, Value>) -> Value? {
        if case let .b(value) = either { value } else { nil }
    }

    private static func prettyJSON(_ value: AnyCodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
