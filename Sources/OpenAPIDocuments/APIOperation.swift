import OpenAPIKit
import Vapor

/// What the OpenAPI document says about one route: enough for a reader in the docs page and for
/// a client generator, written next to the handler it describes. Bodies are described by their
/// SproutAPI wire types (`WireSchema`); the answer's type is filled in by `DocumentedRoutes.on`
/// from the handler itself.
public struct APIOperation: Sendable {
    public var summary: String
    public var description: String?
    /// Header parameters; those the document names as credentials (`SesacKey`, `Authorization`)
    /// become the operation's security requirements instead.
    public var headers: [Parameter]
    public var query: [Parameter]
    /// What the request body may be; nil when the request has no body.
    public var body: Body?
    /// Every status the route can answer, with what it means.
    public var responses: [Int: String]
    /// Media type of successful responses.
    public var responseContent: String
    /// The media type of the other 2xx answers' short texts, when there are any.
    public var otherSuccessContent: String?
    /// The successful answer's schema and an example of it, when the answer is a wire type.
    package var answer: WireSchema.Answer?
    /// Other statuses whose body is the answer's type rather than the contract's error body.
    public var answerAlsoFor: Set<Int>
    /// The error body of a route that speaks another protocol's errors (Engine.IO's), instead of
    /// its document's.
    var errorAnswer: WireSchema.Answer?

    public struct Parameter: Sendable {
        public var name: String
        public var required: Bool
        public var type: FieldType
        public var description: String?

        public init(_ name: String, required: Bool = false, _ type: FieldType = .string(), _ description: String? = nil) {
            self.name = name
            self.required = required
            self.type = type
            self.description = description
        }

        public init(_ name: String, required: Bool = false, _ description: String?) {
            self.init(name, required: required, .string(), description)
        }
    }

    /// A request body: one schema per media type the route reads.
    public struct Body: Sendable {
        let content: [(mediaType: String, schema: JSONSchema)]
        /// Whether a request must carry it (OpenAPI's `required`).
        var required = true

        /// This body, which a request may leave out (a client generator makes it an optional argument).
        public var optional: Body {
            var body = self
            body.required = false
            return body
        }

        /// A JSON body read as the wire type `type`.
        public static func json(_ type: any Decodable.Type) -> Body {
            Body(content: [("application/json", Self.schema(of: type))])
        }

        /// A URL-encoded form (repeated keys for lists); `alsoJSON` when a JSON object with the same
        /// fields is read the same way.
        public static func form(_ fields: [Parameter], alsoJSON: Bool = false) -> Body {
            let schema = Self.object(fields)
            return Body(content: [("application/x-www-form-urlencoded", schema)] + (alsoJSON ? [("application/json", schema)] : []))
        }

        /// The same wire type as JSON or as a URL-encoded form.
        public static func jsonOrForm(_ type: any Decodable.Type) -> Body {
            let schema = Self.schema(of: type)
            return Body(content: [("application/json", schema), ("application/x-www-form-urlencoded", schema)])
        }

        public static func multipart(_ fields: [Parameter]) -> Body {
            Body(content: [("multipart/form-data", Self.object(fields))])
        }

        /// A file sent as the body itself in one of `mediaTypes` (a CSV), or as `alternative`.
        public static func file(_ mediaTypes: [String], or alternative: Body? = nil) -> Body {
            Body(content: mediaTypes.map { ($0, FieldType.file.schema) } + (alternative?.content ?? []))
        }

        /// This body, or else `other` (JSON text, or a multipart form with a photo).
        public func or(_ other: Body) -> Body {
            Body(content: content + other.content)
        }

        /// The media types (`type/subtype`, lowercased) this route reads its body as.
        var mediaTypes: [String] { content.map { $0.mediaType } }

        /// Refuses a body sent as a media type the route does not read, before anything decodes
        /// it: a form posted to a JSON route is a mistake, not another way to say the same thing.
        /// A request without a body or without a `Content-Type` passes (the decoders answer those).
        func admit(_ headers: HTTPHeaders) throws {
            let length = headers.first(name: .contentLength).flatMap { Int($0) } ?? 0
            guard length > 0 || headers.contains(name: .transferEncoding), let sent = headers.contentType else { return }
            let mediaType = "\(sent.type)/\(sent.subType)".lowercased()
            guard !mediaTypes.contains(mediaType) else { return }
            throw Abort(.unsupportedMediaType, reason: "This route reads \(mediaTypes.joined(separator: " or ")), not \(mediaType.prefix(100)).")
        }

        /// A type the reflection cannot read is a programmer error the documents' test reports by
        /// this schema's description; the server still starts.
        static func schema(of type: any Decodable.Type) -> JSONSchema {
            (try? WireSchema.request(type)) ?? .fragment(description: WireSchema.undescribed)
        }

        static func object(_ fields: [Parameter]) -> JSONSchema {
            .object(properties: OrderedDictionary(fields.map { field in
                let schema = field.description.map { field.type.schema.with(description: $0) } ?? field.type.schema
                return (field.name, field.required ? schema : schema.optionalSchemaObject())
            }, uniquingKeysWith: { first, _ in first }))
        }
    }

    public init(
        _ summary: String,
        description: String? = nil,
        headers: [Parameter] = [],
        query: [Parameter] = [],
        body: Body? = nil,
        responses: [Int: String],
        responseContent: String = "application/json",
        otherSuccessContent: String? = nil,
        answer: (any Codable.Type)? = nil,
        answerAlsoFor: Set<Int> = [],
        errorAnswer: (any Codable.Type)? = nil
    ) {
        self.summary = summary
        self.description = description
        self.headers = headers
        self.query = query
        self.body = body
        self.responses = responses
        self.responseContent = responseContent
        self.otherSuccessContent = otherSuccessContent
        self.answerAlsoFor = answerAlsoFor
        self.answer = answer.map { (try? WireSchema.answer($0)) ?? .undescribed }
        self.errorAnswer = errorAnswer.map { (try? WireSchema.answer($0)) ?? .undescribed }
    }

    func openAPI(
        id: String, pathParameters: [String], tag: String, errorContent: OpenAPI.Content.Map,
        credentials: [APIDocument.Credential], schemas: inout NamedSchemas
    ) -> OpenAPI.Operation {
        var parameters: OpenAPI.Parameter.Array = pathParameters.map {
            .parameter(.path(name: $0, schema: .string))
        }
        let required = credentials.filter { credential in headers.contains { $0.name == credential.header } }
        let security: [OpenAPI.SecurityRequirement] = [
            Dictionary(uniqueKeysWithValues: required.map { (JSONReference<OpenAPI.SecurityScheme>.component(named: $0.name), [String]()) }),
        ]
        parameters += headers.filter { header in !required.contains { $0.header == header.name } }.map { .parameter(.header(name: $0.name, required: $0.required, schema: $0.type.schema, description: $0.description)) }
        parameters += query.map { .parameter(.query(name: $0.name, required: $0.required, schema: $0.type.schema, description: $0.description)) }
        let requestBody = body.map { body in
            OpenAPI.Request(content: OpenAPI.Content.Map(body.content.map { mediaType, schema in
                (OpenAPI.ContentType(rawValue: mediaType) ?? .json, .b(OpenAPI.Content(schema: schema)))
            }, uniquingKeysWith: { first, _ in first }), required: body.required)
        }
        let contentType = OpenAPI.ContentType(rawValue: responseContent) ?? .json
        // The answer's type is the first success's; other 2xx codes (the study contract's business
        // results) carry `otherSuccessContent`, a short text.
        let success = responses.keys.filter { (200..<300).contains($0) }.min()
        var responseMap = OpenAPI.Response.Map()
        for (status, meaning) in responses.sorted(by: { $0.key < $1.key }) {
            let content: OpenAPI.Content.Map = switch status {
            case _ where answer != nil && (status == success || answerAlsoFor.contains(status)):
                [contentType: .b(OpenAPI.Content(schema: answer.map { schemas.reference(to: $0.schema, named: $0.name) } ?? .fragment, example: answer?.example))]
            // No Content has no body to describe.
            case 204: [:]
            case success where contentType == .txt: [contentType: .b(OpenAPI.Content(schema: .string))]
            case success: [contentType: .b(OpenAPI.Content(schema: .fragment))]
            case 200..<300: otherSuccessContent.map { [OpenAPI.ContentType(rawValue: $0) ?? .txt: .b(OpenAPI.Content(schema: .string))] } ?? [:]
            case 400...: errorAnswer.map { [.json: .b(OpenAPI.Content(schema: schemas.reference(to: $0.schema, named: $0.name)))] } ?? errorContent
            default: [:]
            }
            responseMap[OpenAPI.Response.StatusCode(integerLiteral: status)] = .response(OpenAPI.Response(description: meaning, content: content))
        }
        return OpenAPI.Operation(
            tags: [tag], summary: summary, description: description, operationId: id,
            parameters: parameters, requestBody: requestBody, responses: responseMap, security: required.isEmpty ? nil : security
        )
    }
}

/// The type of a parameter or form field, with its bounds.
public enum FieldType: Sendable {
    case string(maxLength: Int? = nil)
    case integer(ClosedRange<Int>? = nil)
    case number(ClosedRange<Double>? = nil)
    case boolean
    /// One of these values.
    case choice([String])
    /// A file part of a multipart body.
    case file
    /// The same key repeated (a form) or an array (JSON).
    indirect case repeated(FieldType)

    var schema: JSONSchema {
        switch self {
        case let .string(maxLength): .string(maxLength: maxLength)
        case let .integer(range): .integer(maximum: range.map { ($0.upperBound, exclusive: false) }, minimum: range.map { ($0.lowerBound, exclusive: false) })
        case let .number(range): .number(maximum: range.map { ($0.upperBound, exclusive: false) }, minimum: range.map { ($0.lowerBound, exclusive: false) })
        case .boolean: .boolean
        case let .choice(values): .string(allowedValues: values.map { AnyCodable($0) })
        case .file: .string(contentMediaType: OpenAPI.ContentType(rawValue: "application/octet-stream") ?? .anyApplication)
        case let .repeated(element): .array(items: element.schema)
        }
    }
}
