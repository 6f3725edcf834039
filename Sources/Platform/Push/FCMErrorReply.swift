import Foundation

/// FCM HTTP v1's error body, `{"error": {code, message, status, details}}`, and what each error
/// means for the device token. `details` holds an `FcmError` (`errorCode`: `UNREGISTERED`,
/// `INVALID_ARGUMENT`, `SENDER_ID_MISMATCH`, `QUOTA_EXCEEDED`, `UNAVAILABLE`, `INTERNAL`, …) and,
/// for a bad request, a `google.rpc.BadRequest` naming the offending fields.
struct FCMErrorReply: Decodable {
    struct Status: Decodable {
        let code: Int?
        let message: String?
        let status: String?
        let details: [Detail]?
    }

    struct Detail: Decodable {
        let errorCode: String?
        let fieldViolations: [FieldViolation]?
    }

    struct FieldViolation: Decodable {
        let field: String?
    }

    let error: Status

    var errorCode: String? { error.details?.lazy.compactMap(\.errorCode).first }
    var violatedFields: [String] { (error.details ?? []).flatMap { $0.fieldViolations ?? [] }.compactMap(\.field) }

    /// The outcome of a refused send (401 is the sender's to retry, never given here).
    static func outcome(status: UInt, body: Data, retryAfter: String?, now: Date) -> PushOutcome {
        let reply = try? JSONDecoder().decode(FCMErrorReply.self, from: body)
        let code = reply?.errorCode ?? reply?.error.status
        switch (status, code) {
        case (_, "UNREGISTERED"):
            return .dropToken(reason: "UNREGISTERED")
        // The token belongs to another Firebase project: this server can never reach it.
        case (_, "SENDER_ID_MISMATCH"):
            return .dropToken(reason: "SENDER_ID_MISMATCH")
        // INVALID_ARGUMENT also covers a bad payload; that case names the fields (say
        // `message.data[0].value`), and only then is the token kept. A malformed token comes
        // without field violations, or with `message.token` among them.
        case (_, "INVALID_ARGUMENT"):
            let fields = reply?.violatedFields ?? []
            if fields.isEmpty || fields.contains("message.token") { return .dropToken(reason: "INVALID_ARGUMENT") }
        case (429, _), (500, _), (503, _):
            return .retryLater(after: RetryAfter.seconds(retryAfter, now: now))
        default:
            break
        }
        return .failed(reason: "FCM answered \(status) \(code ?? "-"): \(reply?.error.message ?? "no message")")
    }
}
