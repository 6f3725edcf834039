import Vapor

/// Sprout's own APIs accept the same access tokens as the lessons contract, in
/// `Authorization: Bearer <token>` (or bare). Expired is 419, as in that contract, so one SDK
/// interceptor serves every API; missing or invalid is 401.
public struct AccountTokenAuthenticator: AsyncMiddleware {
    public static let expiredStatus = HTTPResponseStatus(statusCode: 419, reasonPhrase: "Access Token Expired")

    let tokens: TokenService

    public init(tokens: TokenService) { self.tokens = tokens }

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        request.auth.login(AuthenticatedAccount(id: try await Self.accountID(of: request, tokens: tokens)))
        return try await next.respond(to: request)
    }

    /// The account the request's token names: 401 when missing or invalid, 419 when expired.
    static func accountID(of request: Request, tokens: TokenService) async throws -> String {
        switch await tokens.check(accessToken: accessToken(in: request)) {
        case .invalid: throw Abort(.unauthorized, reason: "A valid access token is required.")
        case .expired: throw Abort(expiredStatus, reason: "The access token has expired; refresh it.")
        case let .valid(accountID): return accountID
        }
    }

    /// The token from `Authorization`, with or without a `Bearer ` prefix.
    public static func accessToken(in request: Request) -> String {
        let raw = (request.headers.first(name: .authorization) ?? "").trimmingWhitespace()
        if raw.prefix(7).lowercased() == "bearer " { return raw.dropFirst(7).trimmingWhitespace() }
        return raw
    }
}

extension Request {
    /// The account a token authenticator let through; 401 when none did.
    public var authenticatedAccountID: String {
        get throws {
            guard let account = auth.get(AuthenticatedAccount.self) else { throw Abort(.unauthorized) }
            return account.id
        }
    }
}
