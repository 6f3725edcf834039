import Fluent
import Platform
import Vapor

/// Reads the access token from `Authorization`. Clients send the bare JWT; a `Bearer ` prefix is
/// accepted too. An expired token is a 419 so the client refreshes, a genuine token of a withdrawn
/// account a 403, anything else wrong a 401.
struct LessonsAuthenticator: AsyncMiddleware {
    let tokens: TokenService
    let accounts: AccountDirectory

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        switch await tokens.check(accessToken: AccountTokenAuthenticator.accessToken(in: request)) {
        case .invalid:
            throw LessonsError.invalidToken
        case .expired:
            throw LessonsError.accessTokenExpired
        case let .valid(accountID):
            // An access token outlives a withdrawal by up to its lifetime. The token is genuine but
            // its account is gone: LSLP's 403 ("no access"), so nothing is written for nobody.
            guard try await accounts.exists(accountID, for: request) else { throw LessonsError.forbidden }
            request.auth.login(AuthenticatedAccount(id: accountID))
        }
        return try await next.respond(to: request)
    }
}

extension Request {
    /// The account the lessons authenticator let through.
    var lessonsAccountID: String {
        get throws {
            guard let account = auth.get(AuthenticatedAccount.self) else { throw LessonsError.invalidToken }
            return account.id
        }
    }
}
