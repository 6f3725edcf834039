import Platform
import Vapor

/// Who is calling: the `idtoken` header (the raw ID token, no `Bearer`) checked against Sprout's
/// phone sign-in. An expired, foreign or missing token is a 401 on every study route; the clients
/// then refresh their token and retry once.
struct StudyTokenAuthenticator: AsyncMiddleware {
    let phoneSignIn: PhoneSignIn

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let token = request.headers.first(name: StudyUnmatchedPath.tokenHeader),
              case let .valid(identity) = await phoneSignIn.check(idToken: token.trimmingWhitespace())
        else { throw Abort(.unauthorized) }
        request.studyCallerValue = identity
        return try await next.respond(to: request)
    }
}

extension Request {
    private struct CallerKey: StorageKey { typealias Value = PhoneIdentity }

    /// The signed-in caller; set by `StudyTokenAuthenticator` on every study route.
    var studyCaller: PhoneIdentity {
        get throws {
            guard let identity = storage[CallerKey.self] else { throw Abort(.unauthorized) }
            return identity
        }
    }

    fileprivate(set) var studyCallerValue: PhoneIdentity? {
        get { storage[CallerKey.self] }
        set { storage[CallerKey.self] = newValue }
    }
}
