import Foundation

/// Which server contract a client speaks; each gives its status codes their own meanings.
public enum Contract: String, Sendable {
    case lessons, study, market, reading
    /// Sprout's own lessons API (`/api/lessons`, `/api/calendar`): bearer tokens, `{error, reason}`
    /// bodies, and 419 for an expired access token as the reading API has it.
    case lessonBooking
}

/// A status code named in the words of the contract that answered it.
public enum APIErrorCode: Sendable, Equatable {
    // Lessons (LSLP), spec §3.1.
    case missingValue
    case unauthorized
    case nicknameHasWhitespace
    case forbidden
    case conflict
    case notFound
    case refreshTokenExpired
    case accessTokenExpired
    case invalidAPIKey
    case tooManyRequests
    case invalidURL
    case notAuthor
    case serverError
    // Sprout's own APIs (reading).
    /// 422: a value the rules refuse; the message names each field.
    case invalidValue
    // SeSAC Study, spec §1.
    /// 406: the Firebase account has not signed up to SeSAC Study (or has withdrawn).
    case notSignedUp
    /// 501: the study server's "client error": a missing or invalid parameter.
    case invalidParameters
    /// A status the contract does not name.
    case other(Int)

    public init(status: Int, contract: Contract) {
        switch (contract, status) {
        case (_, 400): self = .missingValue
        case (_, 401): self = .unauthorized
        case (.lessons, 402): self = .nicknameHasWhitespace
        case (_, 403): self = .forbidden
        case (_, 404): self = .notFound
        case (_, 409): self = .conflict
        case (.lessons, 410): self = .notFound
        case (.lessons, 418): self = .refreshTokenExpired
        case (.lessons, 419), (.reading, 419), (.lessonBooking, 419): self = .accessTokenExpired
        case (.lessons, 420): self = .invalidAPIKey
        case (_, 429): self = .tooManyRequests
        case (.lessons, 444): self = .invalidURL
        case (.lessons, 445): self = .notAuthor
        case (.study, 406): self = .notSignedUp
        case (.study, 501): self = .invalidParameters
        case (.reading, 422): self = .invalidValue
        case (_, 500...599): self = .serverError
        default: self = .other(status)
        }
    }
}

/// Every way a call can fail, with the HTTP status kept whenever there was one.
public enum SproutError: Error, Sendable, Equatable {
    /// The server answered with a non-2xx status.
    case http(status: Int, code: APIErrorCode, message: String?)
    /// The refresh token is no longer accepted; the person must log in again.
    case sessionExpired
    /// The call needs a signed-in session and there is none.
    case notSignedIn
    /// The request never got an answer (no network, refused connection, timeout).
    case transport(String)
    /// The answer did not have the expected shape.
    case decoding(String)

    public var status: Int? {
        if case let .http(status, _, _) = self { return status }
        return nil
    }

    static func from(status: Int, body: Data, contract: Contract) -> SproutError {
        let body = try? JSONDecoder().decode(MessageBody.self, from: body)
        return .http(status: status, code: APIErrorCode(status: status, contract: contract), message: body?.message ?? body?.reason)
    }

    /// `message` in the apps' contracts, `reason` in Sprout's own `{error, reason}`.
    private struct MessageBody: Decodable {
        let message: String?
        let reason: String?
    }
}
