import Fluent
import OpenAPIDocuments
import PlatformCore
import SproutAPI
import Vapor

/// The Firebase Auth emulator's REST surface on Sprout's own host, so a SeSAC Study app built
/// with `Auth.auth().useEmulator(withHost:port:)` signs in against Sprout unchanged. The SDKs put
/// the real API host first in the path (`/identitytoolkit.googleapis.com/v1/accounts:…`); the
/// `?key=` they add is ignored, as the emulator ignores it.
struct PhoneAuthController {
    let phoneSignIn: PhoneSignIn

    static let keyQuery = [APIOperation.Parameter("key", "The Firebase API key; ignored")]

    func register(on routes: DocumentedRoutes) {
        routes.on(PhoneAuth.Routes.sendVerificationCode, doc: .init(
            "Send a verification code", description: "Body `{phoneNumber}` in E.164 (spaces and hyphens are dropped); the app-verification fields are accepted and ignored.",
            query: Self.keyQuery, body: .jsonOrForm(PhoneAuthWire.SendVerificationCode.self),
            responses: [200: "{sessionInfo}", 400: "MISSING_PHONE_NUMBER, INVALID_PHONE_NUMBER, TOO_MANY_ATTEMPTS_TRY_LATER", 503: "The SMS provider failed"]
        ), use: sendVerificationCode)
        routes.on(PhoneAuth.Routes.signInWithPhoneNumber, doc: .init(
            "Sign in with the code", description: "Body `{sessionInfo, code}`; with an `idToken` too, the number is linked to that account.",
            query: Self.keyQuery, body: .jsonOrForm(PhoneAuthWire.SignInWithPhoneNumber.self),
            responses: [200: "{idToken, refreshToken, expiresIn, localId, isNewUser, phoneNumber}", 400: "MISSING_CODE, INVALID_CODE, MISSING_SESSION_INFO, INVALID_SESSION_INFO, SESSION_EXPIRED, PHONE_NUMBER_EXISTS"]
        ), use: signInWithPhoneNumber)
        routes.on(PhoneAuth.Routes.lookup, doc: .init(
            "The signed-in account", query: Self.keyQuery, body: .jsonOrForm(PhoneAuthWire.Lookup.self),
            responses: [200: "{kind, users: [{localId, phoneNumber, createdAt, lastLoginAt, lastRefreshAt, providerUserInfo}]}", 400: "INVALID_ID_TOKEN, TOKEN_EXPIRED, USER_NOT_FOUND"]
        ), use: lookup)
        routes.on(PhoneAuth.Routes.verifyClient, doc: .init(
            "Verify an iOS client (APNs flow)", description: "Answers a receipt; Sprout does not check app attestation.",
            query: Self.keyQuery, body: .form([.init("appToken", "The APNs token; ignored"), .init("isSandbox", .boolean)], alsoJSON: true), responses: [200: "{receipt, suggestedTimeout}"]
        )) { _ in PhoneAuthWire.VerifyClient(receipt: phoneSignIn.ids.token(byteCount: 24), suggestedTimeout: "5") }
        routes.on(PhoneAuth.Routes.projectConfig, doc: .init(
            "Project configuration", query: Self.keyQuery, responses: [200: "{projectId, authorizedDomains}"]
        )) { req in
            PhoneAuthWire.ProjectConfig(projectId: phoneSignIn.project, authorizedDomains: Self.authorizedDomains(req))
        }
        routes.on(PhoneAuth.Routes.recaptchaParams, doc: .init(
            "reCAPTCHA parameters", description: "The emulator's fake ones: Sprout does not use reCAPTCHA.",
            query: Self.keyQuery, responses: [200: "{kind, recaptchaStoken, recaptchaSiteKey}"]
        )) { _ in PhoneAuthWire.RecaptchaParams() }
        routes.on(PhoneAuth.Routes.token, doc: .init(
            "Refresh the ID token", description: "`grant_type=refresh_token&refresh_token=…`, form-encoded or JSON (the iOS SDK's `grantType`/`refreshToken`). The refresh token does not change.",
            query: Self.keyQuery, body: .jsonOrForm(PhoneAuthWire.Token.self),
            responses: [200: "{access_token, expires_in, token_type, refresh_token, id_token, user_id, project_id}", 400: "MISSING_REFRESH_TOKEN, INVALID_REFRESH_TOKEN, INVALID_GRANT_TYPE"]
        ), use: token)

        // The listing hands out codes; only the development sender, which sends none, has it.
        if phoneSignIn.settings.showsCodes {
            routes.on(PhoneAuth.Routes.verificationCodes, doc: .init(
                "Codes waiting to be typed (development sender only)",
                description: "What the Auth emulator lists instead of sending SMS; 404 when a real SMS provider is configured.",
                responses: [200: "{verificationCodes: [{phoneNumber, sessionInfo, code}]}"]
            ), use: verificationCodes)
        }
    }

    func sendVerificationCode(_ req: Request) async throws -> PhoneAuthWire.SessionInfo {
        let body = try Self.decode(PhoneAuthWire.SendVerificationCode.self, from: req) ?? .init()
        return .init(sessionInfo: try await phoneSignIn.sendCode(to: body.phoneNumber ?? "", clientAddress: req.clientIP, on: req.db))
    }

    func signInWithPhoneNumber(_ req: Request) async throws -> PhoneAuthWire.SignedIn {
        let body = try Self.decode(PhoneAuthWire.SignInWithPhoneNumber.self, from: req) ?? .init()
        let sessionInfo = body.sessionInfo ?? "", code = body.code ?? ""
        let session: PhoneSession
        if let idToken = body.idToken, !idToken.isEmpty {
            let identity = try await signedIn(idToken)
            try await phoneSignIn.link(sessionInfo: sessionInfo, code: code, toAccount: identity.uid, on: req.db)
            guard let account = try await Account.find(identity.uid, on: req.db), let phone = account.phoneNumber else {
                throw PhoneSignInError.accountNotFound
            }
            session = try await phoneSignIn.startSession(for: PhoneIdentity(uid: identity.uid, phoneNumber: phone), isNewUser: false, on: req.db)
        } else {
            session = try await phoneSignIn.signIn(sessionInfo: sessionInfo, code: code, on: req.db)
        }
        return .init(
            idToken: session.idToken, refreshToken: session.refreshToken, expiresIn: String(session.expiresIn),
            localId: phoneSignIn.uids.uid(ofAccount: session.identity.uid), isNewUser: session.isNewUser, phoneNumber: session.identity.phoneNumber
        )
    }

    func lookup(_ req: Request) async throws -> PhoneAuthWire.AccountInfo {
        let body = try Self.decode(PhoneAuthWire.Lookup.self, from: req) ?? .init()
        let identity = try await signedIn(body.idToken ?? "")
        guard let claims = await phoneSignIn.idTokens.claims(of: body.idToken ?? ""),
              let account = try await Account.find(identity.uid, on: req.db)
        else { throw PhoneSignInError.accountNotFound }
        let phone = account.phoneNumber ?? identity.phoneNumber
        let refreshedAt = Date(timeIntervalSince1970: TimeInterval(claims.iat))
        return .init(users: [.init(
            localId: phoneSignIn.uids.uid(ofAccount: identity.uid), phoneNumber: phone, emailVerified: false,
            createdAt: Self.milliseconds(account.createdAt),
            lastLoginAt: Self.milliseconds(Date(timeIntervalSince1970: TimeInterval(claims.auth_time))),
            lastRefreshAt: UTCTimestamp.format(refreshedAt, fractionDigits: 3) + "Z",
            providerUserInfo: [.init(providerId: "phone", rawId: phone, phoneNumber: phone)]
        )])
    }

    func token(_ req: Request) async throws -> PhoneAuthWire.Refreshed {
        let body = try Self.decode(PhoneAuthWire.Token.self, from: req) ?? .init()
        let grant = body.grant_type ?? body.grantType ?? ""
        guard grant.isEmpty || grant == "refresh_token" else {
            throw PhoneAuthErrorReply(status: .badRequest, message: "INVALID_GRANT_TYPE")
        }
        let session = try await phoneSignIn.refresh(refreshToken: body.refresh_token ?? body.refreshToken ?? "", on: req.db)
        return .init(
            access_token: session.idToken, expires_in: String(session.expiresIn), refresh_token: session.refreshToken,
            id_token: session.idToken, user_id: phoneSignIn.uids.uid(ofAccount: session.identity.uid), project_id: phoneSignIn.project
        )
    }

    func verificationCodes(_ req: Request) async throws -> PhoneAuthWire.VerificationCodes {
        .init(verificationCodes: try await phoneSignIn.outstandingCodes(on: req.db).map {
            .init(phoneNumber: $0.phoneNumber, sessionInfo: $0.sessionInfo, code: $0.code)
        })
    }

    private func signedIn(_ idToken: String) async throws -> PhoneIdentity {
        switch await phoneSignIn.check(idToken: idToken) {
        case let .valid(identity): identity
        case .expired: throw PhoneSignInError.idTokenExpired
        case .invalid: throw PhoneSignInError.invalidIDToken
        }
    }

    /// The body, JSON or form; nil when there is none (each field is then missing). A body that
    /// does not parse is Google's `INVALID_JSON_PAYLOAD`.
    static func decode<Body: Decodable>(_ type: Body.Type, from req: Request) throws -> Body? {
        guard let buffer = req.body.data, buffer.readableBytes > 0 else { return nil }
        do {
            return try req.decodeBody(Body.self)
        } catch {
            throw PhoneAuthErrorReply.invalidJSON
        }
    }

    static func milliseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// Where the web SDK may run: this host, and localhost as the emulator allows.
    static func authorizedDomains(_ req: Request) -> [String] {
        let host = req.headers.first(name: .host).map { String($0.split(separator: ":").first ?? "") } ?? ""
        return Array(Set(["localhost", "127.0.0.1", host].filter { !$0.isEmpty })).sorted()
    }
}

extension DocumentedRoutes {
    /// Registers the handler of an emulated operation, whose Google-shaped JSON its definition leaves
    /// untyped (`UntypedJSON`): the answer is the handler's, documented from its type.
    @discardableResult
    fileprivate func on<Parameters, Body, Answer: Encodable & Sendable>(
        _ route: APIRoute<Parameters, Body, UntypedJSON>, doc operation: APIOperation, use handler: @escaping @Sendable (Request) async throws -> Answer
    ) -> Route {
        var operation = operation
        operation.answer = (try? WireSchema.answer(Answer.self)) ?? .undescribed
        return onResponse(route, doc: operation) { JSONResponse(body: try await handler($0)) }
    }
}
