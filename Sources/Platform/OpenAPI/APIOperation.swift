import OpenAPIKit

/// What the OpenAPI document says about one route: enough for a reader in the docs page and for
/// a client generator, written next to the handler it describes.
public struct APIOperation: Sendable {
    public var summary: String
    public var description: String?
    /// Header parameters, e.g. `SesacKey`, `Authorization`.
    public var headers: [Parameter]
    public var query: [Parameter]
    /// Media types the request body may come in; empty when the request has no body.
    public var requestContent: [String]
    /// Every status the route can answer, with what it means.
    public var responses: [Int: String]
    /// Media type of successful responses.
    public var responseContent: String

    public struct Parameter: Sendable {
        public var name: String
        public var required: Bool
        public var description: String?

        public init(_ name: String, required: Bool = false, _ description: String? = nil) {
            self.name = name
            self.required = required
            self.description = description
        }
    }

    public init(
        _ summary: String,
        description: String? = nil,
        headers: [Parameter] = [],
        query: [Parameter] = [],
        requestContent: [String] = [],
        responses: [Int: String],
        responseContent: String = "application/json"
    ) {
        self.summary = summary
        self.description = description
        self.headers = headers
        self.query = query
        self.requestContent = requestContent
        self.responses = responses
        self.responseContent = responseContent
    }

    func openAPI(pathParameters: [String], tag: String) -> OpenAPI.Operation {
        let string = JSONSchema.string
        var parameters: OpenAPI.Parameter.Array = pathParameters.map {
            .parameter(.path(name: $0, schema: string))
        }
        parameters += headers.map { .parameter(.header(name: $0.name, required: $0.required, schema: string, description: $0.description)) }
        parameters += query.map { .parameter(.query(name: $0.name, required: $0.required, schema: string, description: $0.description)) }
        var requestMap = OpenAPI.Content.Map()
        for mediaType in requestContent {
            requestMap[OpenAPI.ContentType(rawValue: mediaType) ?? .json] = .b(OpenAPI.Content(schema: .object))
        }
        let body: OpenAPI.Request? = requestContent.isEmpty ? nil : OpenAPI.Request(content: requestMap)
        var responseMap = OpenAPI.Response.Map()
        for (status, meaning) in responses.sorted(by: { $0.key < $1.key }) {
            let content: OpenAPI.Content.Map = [OpenAPI.ContentType(rawValue: responseContent) ?? .json: .b(OpenAPI.Content(schema: .object))]
            responseMap[OpenAPI.Response.StatusCode(integerLiteral: status)] = .response(
                OpenAPI.Response(description: meaning, content: (200..<300).contains(status) ? content : [:])
            )
        }
        return OpenAPI.Operation(tags: [tag], summary: summary, description: description, parameters: parameters, requestBody: body, responses: responseMap)
    }
}
