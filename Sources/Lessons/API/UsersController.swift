import Fluent
import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// Join, email check, login, token refresh, withdraw and profiles: spec §2.1 and §3.2.
struct UsersController: Sendable {
    let accounts: AccountDirectory
    let tokens: TokenService
    let follows: Follows

    static let key = APIOperation.Parameter("SesacKey", required: true, "API key (420 when missing or wrong)")
    static let authorization = APIOperation.Parameter("Authorization", required: true, "Access token, bare (no Bearer prefix)")

    func register(public routes: DocumentedRoutes, authenticated: DocumentedRoutes) {
        routes.on(Lessons.Routes.join, doc: .init(
            "Join", headers: [Self.key], body: .json(Lessons.JoinRequest.self),
            responses: [200: "{user_id, email, nick}", 400: "A required value is missing", 402: "The nickname contains whitespace",
                        409: "Email already registered or nickname taken", 420: "SesacKey missing or wrong", 429: "Too many calls"]
        ), use: join)
        routes.on(Lessons.Routes.validateEmail, doc: .init(
            "Check that an email is free", headers: [Self.key], body: .json(Lessons.EmailValidationRequest.self),
            responses: [200: "{message}", 400: "Missing or malformed email", 409: "Already registered", 420: "SesacKey missing or wrong", 429: "Too many calls"]
        ), use: validateEmail)
        routes.on(Lessons.Routes.login, doc: .init(
            "Log in", headers: [Self.key], body: .json(Lessons.LoginRequest.self),
            responses: [200: "{user_id, email, nick, profileImage, accessToken, refreshToken}", 400: "Missing email or password",
                        401: "Unknown account or wrong password", 420: "SesacKey missing or wrong", 429: "Too many calls"]
        ), use: login)
        routes.on(Lessons.Routes.refresh, doc: .init(
            "Refresh the access token",
            headers: [Self.key, Self.authorization, .init("Refresh", required: true, "Refresh token from login")],
            responses: [200: "{accessToken}", 401: "Access or refresh token invalid", 409: "The access token has not expired yet",
                        418: "Refresh token expired: log in again", 420: "SesacKey missing or wrong", 429: "Too many calls"]
        ), use: refresh)
        let signedIn: [Int: String] = [401: "Token invalid", 403: "The token's account was withdrawn", 419: "Access token expired: refresh", 420: "SesacKey missing or wrong", 429: "Too many calls"]
        authenticated.on(Lessons.Routes.withdraw, doc: .init(
            "Withdraw (delete the account)", headers: [Self.key, Self.authorization],
            responses: signedIn.merging([200: "{user_id, email, nick}"]) { $1 }
        ), use: withdraw)
        authenticated.on(Lessons.Routes.myProfile, doc: .init(
            "My profile", headers: [Self.key, Self.authorization],
            responses: signedIn.merging([200: "{user_id, email, nick, phoneNum, birthDay, profileImage, followers, following, posts}"]) { $1 }
        ), use: myProfile)
    }

    func join(_ req: Request) async throws -> Lessons.UserSummary {
        let body = try req.decodeBody(Lessons.JoinRequest.self)
        guard let email = body.email?.value.trimmingCharacters(in: .whitespaces), !email.isEmpty,
              let password = body.password?.value, !password.isEmpty,
              let nick = body.nick?.value, !nick.isEmpty
        else { throw LessonsError.missingValue }
        guard Self.isIdentifier(email) else { throw LessonsError.invalidValue("이메일 형식이 올바르지 않습니다.") }
        guard !Nickname.containsWhitespace(nick) else { throw LessonsError.nicknameHasWhitespace }
        let phoneNum = body.phoneNum?.value ?? ""
        let birthDay = body.birthDay?.value ?? ""
        if let tooLong = Nickname.tooLong(nick: nick, phoneNum: phoneNum, birthDay: birthDay) { throw LessonsError.invalidValue(tooLong) }
        try accounts.admitSignup(from: req.clientIP)
        let passwordHash = try await accounts.hash(password: password)
        return try await req.db.writeTransaction { db in
            if try await LessonsProfiles.isTaken(nick: nick, on: db) { throw LessonsError.nicknameTaken }
            let account: Account
            do {
                account = try await accounts.register(email: email, passwordHash: passwordHash, displayName: nick, allowingPlainID: true, on: db)
            } catch AccountError.emailTaken {
                throw LessonsError.emailTaken
            }
            let profile = LessonsProfile(
                accountID: try account.requireID(), nick: nick, phoneNum: phoneNum, birthDay: birthDay,
                role: LessonsRole(phoneNum: phoneNum)
            )
            do {
                try await profile.create(on: db)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw LessonsError.nicknameTaken
            }
            return Lessons.UserSummary(userID: try account.requireID(), email: account.email ?? email, nick: nick)
        }
    }

    /// An email address, or a plain ID, which published clients of this server send in `email`
    /// (spec §2.6b): the original server took both as the account's identifier.
    static func isIdentifier(_ text: String) -> Bool {
        AccountDirectory.isPlausibleEmail(text) || AccountDirectory.isPlainID(text)
    }

    func validateEmail(_ req: Request) async throws -> Lessons.Message {
        let body = try req.decodeBody(Lessons.EmailValidationRequest.self)
        guard let email = body.email?.value.trimmingCharacters(in: .whitespaces), !email.isEmpty else { throw LessonsError.missingValue }
        guard Self.isIdentifier(email) else { throw LessonsError.invalidValue("이메일 형식이 올바르지 않습니다.") }
        guard try await !accounts.isEmailTaken(email, on: req.db) else { throw LessonsError.emailTaken }
        return Lessons.Message(message: "사용 가능한 이메일입니다.")
    }

    func login(_ req: Request) async throws -> Lessons.LoginResponse {
        let body = try req.decodeBody(Lessons.LoginRequest.self)
        guard let email = body.email?.value, !email.isEmpty, let password = body.password?.value, !password.isEmpty else {
            throw LessonsError.missingValue
        }
        let account: Account
        do {
            account = try await accounts.authenticate(email: email, password: password, client: req.clientIP, on: req.db)
        } catch AccountError.wrongCredentials, AccountError.disabled {
            // The contract has one answer for an account that cannot log in.
            throw LessonsError.wrongCredentials
        }
        let accountID = try account.requireID()
        let profile = try await LessonsProfiles.ensure(for: account, on: req.db)
        let pair = try await tokens.issue(for: accountID, on: req.db)
        return Lessons.LoginResponse(
            userID: accountID, email: account.email ?? email, nick: profile.nick, profileImage: profile.profileImage,
            accessToken: pair.accessToken, refreshToken: pair.refreshToken
        )
    }

    func refresh(_ req: Request) async throws -> Lessons.RefreshResponse {
        let refreshToken = req.headers.first(name: "Refresh")?.trimmingCharacters(in: .whitespaces) ?? ""
        do {
            let access = try await tokens.refresh(
                accessToken: AccountTokenAuthenticator.accessToken(in: req), refreshToken: refreshToken, on: req.db
            )
            return Lessons.RefreshResponse(accessToken: access)
        } catch let error as RefreshError {
            switch error {
            case .invalidAccessToken, .invalidRefreshToken: throw LessonsError.invalidToken
            case .accessTokenStillValid: throw LessonsError.accessTokenNotExpired
            case .refreshTokenExpired: throw LessonsError.refreshTokenExpired
            }
        }
    }

    func withdraw(_ req: Request) async throws -> Lessons.UserSummary {
        let accountID = try req.lessonsAccountID
        let (account, profile) = try await LessonsProfiles.require(accountID, on: req.db)
        try await accounts.withdraw(accountID, on: req.db)
        return Lessons.UserSummary(userID: accountID, email: account.email ?? "", nick: profile.nick)
    }

    func myProfile(_ req: Request) async throws -> Lessons.MyProfile {
        let accountID = try req.lessonsAccountID
        let (account, profile) = try await LessonsProfiles.require(accountID, on: req.db)
        return try await follows.myProfile(account, profile, on: req.db)
    }
}
