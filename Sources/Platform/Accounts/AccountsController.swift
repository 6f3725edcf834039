import Fluent
import OpenAPIDocuments
import SproutAPI
import Vapor

/// `/api/auth/join`, `/api/auth/login`, `/api/auth/refresh`: accounts and tokens for Sprout's own
/// APIs. Errors are `{ "error": true, "reason": … }`.
public struct AccountsController: Sendable {
    let accounts: AccountDirectory
    let tokens: TokenService
    let liveAccess: LiveAccessWatch
    let phoneSignIn: PhoneSignIn

    public init(accounts: AccountDirectory, tokens: TokenService, liveAccess: LiveAccessWatch, phoneSignIn: PhoneSignIn) {
        self.accounts = accounts
        self.tokens = tokens
        self.liveAccess = liveAccess
        self.phoneSignIn = phoneSignIn
    }

    public func register(on routes: DocumentedRoutes) {
        routes.on(SproutAccount.Routes.join, doc: .init(
            "Create an account",
            responses: [200: "{user_id, email, name, accessToken, refreshToken}", 400: "Invalid email or name; a password shorter than 8 characters or among the most common", 409: "Email already registered", 429: "Too many calls"]
        ), use: join)
        routes.on(SproutAccount.Routes.login, doc: .init(
            "Log in",
            responses: [200: "{user_id, email, name, accessToken, refreshToken}", 400: "Missing email or password", 401: "Wrong email or password", 403: "The account is disabled", 429: "Too many calls"]
        ), use: login)
        routes.on(SproutAccount.Routes.phone, doc: .init(
            "Sign in with a phone sign-in's ID token",
            description: "For an account made by phone (the study app): its ID token in the `idtoken` header, answered with the bearer tokens the other Sprout APIs take.",
            headers: [.init("idtoken", required: true, "The ID token from phone sign-in, bare")],
            responses: [200: "{user_id, email, name, accessToken, refreshToken}", 401: "Missing, invalid or expired ID token: refresh it first", 403: "The account is disabled", 429: "Too many calls"]
        ), use: phone)
        routes.on(SproutAccount.Routes.refresh, doc: .init(
            "Refresh the access token",
            description: "The refresh token rotates: keep the one answered; the one sent is spent, and sending a spent one again ends every session of that log-in.",
            headers: [.init("Authorization", required: true, "The expired access token"), .init("Refresh", required: true, "The refresh token")],
            responses: [200: "{accessToken, refreshToken}", 401: "Invalid tokens, or a spent refresh token (the log-in's sessions end)", 409: "The access token has not expired yet", 418: "Refresh token expired: log in again", 429: "Too many calls"]
        ), use: refresh)
        routes.on(SproutAccount.Routes.logout, doc: .init(
            "Log out: revoke the refresh token", headers: [.init("Refresh", required: true, "The refresh token to revoke")],
            responses: [200: "{revoked: true}", 400: "No refresh token sent", 429: "Too many calls"]
        ), use: logout)
    }

    func join(_ req: Request) async throws -> SproutAccount.Session {
        let body = try req.decodeBody(SproutAccount.JoinRequest.self)
        let name = body.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 30 else { throw Abort(.badRequest, reason: "A name of 1 to 30 characters is required.") }
        switch PasswordPolicy.problem(with: body.password) {
        case .tooShort: throw Abort(.badRequest, reason: "A password of at least \(PasswordPolicy.minimumLength) characters is required.")
        case .common: throw Abort(.badRequest, reason: "This password is one of the most common ones; choose another.")
        case nil: break
        }
        try accounts.admitSignup(from: req.clientIP)
        do {
            let account = try await accounts.register(email: body.email, password: body.password, displayName: name, on: req.db)
            return try await session(for: account, on: req.db)
        } catch AccountError.emailTaken {
            throw Abort(.conflict, reason: "This email is already registered.")
        } catch AccountError.invalidEmail {
            throw Abort(.badRequest, reason: "The email address is not valid.")
        } catch AccountError.emptyPassword {
            throw Abort(.badRequest, reason: "A password is required.")
        }
    }

    func login(_ req: Request) async throws -> SproutAccount.Session {
        let body = try req.decodeBody(SproutAccount.LoginRequest.self)
        guard !body.email.isEmpty, !body.password.isEmpty else { throw Abort(.badRequest, reason: "Email and password are required.") }
        do {
            return try await session(for: try await accounts.authenticate(email: body.email, password: body.password, client: req.clientIP, on: req.db), on: req.db)
        } catch AccountError.wrongCredentials {
            throw Abort(.unauthorized, reason: "Wrong email or password.")
        } catch AccountError.disabled {
            throw Abort(.forbidden, reason: "This account is disabled.")
        }
    }

    func phone(_ req: Request) async throws -> SproutAccount.Session {
        let token = (req.headers.first(name: "idtoken") ?? "").trimmingWhitespace()
        switch await phoneSignIn.check(idToken: token) {
        case .invalid: throw Abort(.unauthorized, reason: "A valid ID token from phone sign-in is required.")
        case .expired: throw Abort(.unauthorized, reason: "The ID token has expired; refresh it.")
        case let .valid(identity):
            guard let account = try await Account.find(identity.uid, on: req.db) else {
                throw Abort(.unauthorized, reason: "A valid ID token from phone sign-in is required.")
            }
            guard account.disabledAt == nil else { throw Abort(.forbidden, reason: "This account is disabled.") }
            return try await session(for: account, on: req.db)
        }
    }

    func refresh(_ req: Request) async throws -> SproutAccount.RefreshResponse {
        do {
            let pair = try await tokens.rotate(
                accessToken: AccountTokenAuthenticator.accessToken(in: req),
                refreshToken: req.headers.first(name: "Refresh") ?? "", on: req.db
            )
            return SproutAccount.RefreshResponse(accessToken: pair.accessToken, refreshToken: pair.refreshToken)
        } catch let error as RefreshError {
            switch error {
            case .invalidAccessToken, .invalidRefreshToken: throw Abort(.unauthorized, reason: "The tokens are not valid.")
            case .accessTokenStillValid: throw Abort(.conflict, reason: "The access token has not expired yet.")
            case .refreshTokenExpired: throw Abort(HTTPResponseStatus(statusCode: 418, reasonPhrase: "Refresh Token Expired"), reason: "The session has expired; log in again.")
            }
        }
    }

    /// Revokes the session's refresh token, ending the event streams its access tokens opened; an
    /// access token itself lapses within its short lifetime.
    func logout(_ req: Request) async throws -> SproutAccount.LogoutResponse {
        guard let refreshToken = req.headers.first(name: "Refresh"), !refreshToken.isEmpty else {
            throw Abort(.badRequest, reason: "Send the refresh token in the Refresh header.")
        }
        try await tokens.revoke(refreshToken: refreshToken, on: req.db)
        liveAccess.checkSoon()
        return SproutAccount.LogoutResponse(revoked: true)
    }

    private func session(for account: Account, on db: any Database) async throws -> SproutAccount.Session {
        let id = try account.requireID()
        let pair = try await tokens.issue(for: id, on: db)
        return SproutAccount.Session(userID: id, email: account.email ?? "", name: account.displayName, accessToken: pair.accessToken, refreshToken: pair.refreshToken)
    }
}
