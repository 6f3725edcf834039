import Platform

/// How the study endpoints are described in `/openapi/study.json`: every one takes the `idtoken`
/// header, a form-urlencoded body where it has one, and shares the contract's error codes.
enum StudyDocs {
    static let idToken = APIOperation.Parameter("idtoken", required: true, "The raw ID token from phone sign-in (no Bearer prefix)")

    static let common: [Int: String] = [
        401: "idtoken missing, invalid or expired: refresh it and retry once",
        406: "Not signed up",
        500: "Server error",
        501: "A parameter is missing or invalid",
    ]

    static func op(_ summary: String, form: String? = nil, _ responses: [Int: String]) -> APIOperation {
        APIOperation(
            summary, description: form.map { "Form fields: \($0)." }, headers: [idToken],
            requestContent: form == nil ? [] : ["application/x-www-form-urlencoded"],
            responses: common.merging(responses) { $1 }, responseContent: "application/json"
        )
    }
}
