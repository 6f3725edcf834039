import Platform

/// How the study endpoints are described in `/openapi/study.json`: every one takes the `idtoken`
/// header, a form-urlencoded body where it has one (a JSON object with the same fields is read
/// the same way), and shares the contract's error codes. Answers are JSON for the user, search,
/// state and chat endpoints and short text elsewhere.
enum StudyDocs {
    static let idToken = APIOperation.Parameter("idtoken", required: true, "The raw ID token from phone sign-in (no Bearer prefix)")

    static let common: [Int: String] = [
        401: "idtoken missing, invalid or expired: refresh it and retry once",
        406: "Not signed up",
        500: "Server error",
        501: "A parameter is missing or invalid",
    ]

    static func op(_ summary: String, form: [APIOperation.Parameter]? = nil, _ responses: [Int: String], answer: (any Codable.Type)? = nil) -> APIOperation {
        APIOperation(
            summary, headers: [idToken], body: form.map { .form($0, alsoJSON: true) },
            responses: common.merging(responses) { $1 }, responseContent: answer == nil ? "text/plain" : "application/json",
            otherSuccessContent: "text/plain", answer: answer
        )
    }

    static let otherUID = APIOperation.Parameter("otheruid", required: true, .string(), "The other person's uid")
    static let latitude = APIOperation.Parameter("lat", required: true, .number(-90...90))
    static let longitude = APIOperation.Parameter("long", required: true, .number(-180...180))
    static let zeroOrOne = FieldType.integer(0...1)
}
