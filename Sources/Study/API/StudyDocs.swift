import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// How the study endpoints are described in `/openapi/study.json`: every one takes the `idtoken`
/// header, a form-urlencoded body where it has one (a JSON object with the same fields is read
/// the same way), and shares the contract's error codes. Answers are JSON where the definition
/// (`Study.Routes`) names a type (the user, search, state and chat endpoints) and short text
/// elsewhere.
enum StudyDocs {
    static let idToken = APIOperation.Parameter("idtoken", required: true, "The raw ID token from phone sign-in (no Bearer prefix)")

    static let common: [Int: String] = [
        401: "idtoken missing, invalid or expired: refresh it and retry once",
        406: "Not signed up",
        500: "Server error",
        501: "A parameter is missing or invalid",
    ]

    /// The answer's type and media type come from the definition (`DocumentedRoutes.onStudy`).
    static func op(_ summary: String, form: [APIOperation.Parameter]? = nil, _ responses: [Int: String]) -> APIOperation {
        APIOperation(
            summary, headers: [idToken], body: form.map { .form($0, alsoJSON: true) },
            responses: common.merging(responses) { $1 }, responseContent: "text/plain", otherSuccessContent: "text/plain"
        )
    }

    static let otherUID = APIOperation.Parameter("otheruid", required: true, .string(), "The other person's uid")
    static let latitude = APIOperation.Parameter("lat", required: true, .number(-90...90))
    static let longitude = APIOperation.Parameter("long", required: true, .number(-180...180))
    static let zeroOrOne = FieldType.integer(0...1)
}

extension DocumentedRoutes {
    /// Registers a study operation at its definition, documented as answering the definition's
    /// JSON type, or short text where it answers `NotJSON`.
    @discardableResult
    func onStudy<Parameters, Body, Answer>(
        _ route: APIRoute<Parameters, Body, Answer>, body: HTTPBodyStreamStrategy = .collect(maxSize: DocumentedRoutes.jsonBodyLimit),
        doc operation: APIOperation, use handler: @escaping @Sendable (Request) async throws -> StudyReply
    ) -> Route {
        var operation = operation
        if Answer.self != NotJSON.self { operation.responseContent = "application/json" }
        return onResponse(route, body: body, doc: operation, use: handler)
    }
}
