import Vapor

/// An error as Google's identity APIs write it, which the Firebase SDKs decode: they read
/// `error.message` (up to any ` : ` explanation) and map it to their own codes (the iOS SDK's
/// 17044 for `INVALID_CODE`, 17010 for `TOO_MANY_ATTEMPTS_TRY_LATER`, …).
///
///     {"error":{"code":400,"message":"INVALID_CODE",
///               "errors":[{"message":"INVALID_CODE","reason":"invalid","domain":"global"}],
///               "status":"INVALID_ARGUMENT"}}
struct PhoneAuthErrorReply: Error, Sendable, Equatable {
    let status: HTTPResponseStatus
    let message: String
    var retryAfter: Int?

    static let notFound = PhoneAuthErrorReply(status: .notFound, message: "NOT_FOUND")
    static let invalidJSON = PhoneAuthErrorReply(status: .badRequest, message: "INVALID_JSON_PAYLOAD")
    static let internalError = PhoneAuthErrorReply(status: .internalServerError, message: "INTERNAL_ERROR")

    /// Google answers every sign-in refusal with 400, whatever the cause.
    init(_ error: PhoneSignInError) {
        switch error {
        case .missingPhoneNumber: self.init(status: .badRequest, message: "MISSING_PHONE_NUMBER")
        case .invalidPhoneNumber: self.init(status: .badRequest, message: "INVALID_PHONE_NUMBER")
        case .missingCode: self.init(status: .badRequest, message: "MISSING_CODE")
        case .invalidCode: self.init(status: .badRequest, message: "INVALID_CODE")
        case .missingSessionInfo: self.init(status: .badRequest, message: "MISSING_SESSION_INFO")
        case .invalidSession: self.init(status: .badRequest, message: "INVALID_SESSION_INFO")
        case .sessionExpired: self.init(status: .badRequest, message: "SESSION_EXPIRED")
        case let .tooManyAttempts(wait): self.init(status: .badRequest, message: "TOO_MANY_ATTEMPTS_TRY_LATER", retryAfter: wait)
        case .missingRefreshToken: self.init(status: .badRequest, message: "MISSING_REFRESH_TOKEN")
        case .invalidRefreshToken: self.init(status: .badRequest, message: "INVALID_REFRESH_TOKEN")
        case .invalidIDToken: self.init(status: .badRequest, message: "INVALID_ID_TOKEN")
        case .idTokenExpired: self.init(status: .badRequest, message: "TOKEN_EXPIRED")
        case .phoneBelongsToAnotherAccount: self.init(status: .badRequest, message: "PHONE_NUMBER_EXISTS")
        case .accountNotFound: self.init(status: .badRequest, message: "USER_NOT_FOUND")
        case .userDisabled: self.init(status: .badRequest, message: "USER_DISABLED")
        case .numberNotAllowed: self.init(status: .badRequest, message: "OPERATION_NOT_ALLOWED : this server does not send codes to this number")
        case .smsNotSent: self.init(status: .serviceUnavailable, message: "INTERNAL_ERROR : the SMS could not be sent")
        }
    }

    init(status: HTTPResponseStatus, message: String, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }

    /// The gRPC status name Google pairs with each HTTP status.
    var statusName: String {
        switch status.code {
        case 400: "INVALID_ARGUMENT"
        case 401: "UNAUTHENTICATED"
        case 403: "PERMISSION_DENIED"
        case 404: "NOT_FOUND"
        case 429: "RESOURCE_EXHAUSTED"
        case 503: "UNAVAILABLE"
        default: "INTERNAL"
        }
    }

    struct Body: Codable {
        struct Detail: Codable {
            let code: Int
            let message: String
            let errors: [Item]
            let status: String
        }

        struct Item: Codable {
            let message: String
            let reason: String
            let domain: String
        }

        let error: Detail
    }

    func response() -> Response {
        let reason = status.code == 404 ? "notFound" : status.code >= 500 ? "backendError" : "invalid"
        let body = Body(error: .init(code: Int(status.code), message: message, errors: [.init(message: message, reason: reason, domain: "global")], status: statusName))
        var headers = HTTPHeaders()
        headers.contentType = .json
        if let retryAfter { headers.replaceOrAdd(name: "Retry-After", value: String(retryAfter)) }
        return Response(status: status, headers: headers, body: .init(data: (try? JSONEncoder().encode(body)) ?? Data()))
    }
}

/// Answers every failure under the phone sign-in paths in Google's error shape, so the Firebase
/// SDKs never meet a body they cannot read.
struct PhoneAuthErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let reply as PhoneAuthErrorReply {
            return reply.response()
        } catch let error as PhoneSignInError {
            if case let .smsNotSent(reason) = error {
                request.logger.error("verification SMS not sent", metadata: ["reason": .string(reason)])
            }
            return PhoneAuthErrorReply(error).response()
        } catch let limited as TooManyRequests {
            return PhoneAuthErrorReply(status: .tooManyRequests, message: "TOO_MANY_ATTEMPTS_TRY_LATER", retryAfter: limited.retryAfter).response()
        } catch let abort as any AbortError {
            return PhoneAuthErrorReply(status: abort.status, message: Self.message(for: abort.status)).response()
        } catch is DecodingError {
            return PhoneAuthErrorReply.invalidJSON.response()
        } catch {
            request.logger.error("unexpected error in phone sign-in", metadata: ["error": .string(String(reflecting: error))])
            return PhoneAuthErrorReply.internalError.response()
        }
    }

    /// `Payload Too Large` → `PAYLOAD_TOO_LARGE`.
    static func message(for status: HTTPResponseStatus) -> String {
        status.reasonPhrase.uppercased().map { $0.isLetter ? $0 : "_" }.reduce(into: "") { $0.append($1) }
    }
}
