import Fluent
import Platform
import Plot
import Vapor

/// The web app's front door: the hub with the four apps, sign-up, log-in, the account page,
/// log-out and the language switch.
struct HubController: Sendable {
    let platform: PlatformServices
    let tiles: [HubTile]
    /// Each app's shortcuts to a person's own things, in the hub's order, for the account page.
    let shortcuts: [AccountPage.AppShortcuts]
    var accounts: AccountDirectory { platform.accounts }

    func register(on pages: any RoutesBuilder) {
        pages.get(PlatformPaths.hub, use: hub)
        pages.get(PlatformPaths.signup, use: signupForm)
        pages.post(PlatformPaths.signup, use: signup)
        pages.get(PlatformPaths.login, use: loginForm)
        pages.post(PlatformPaths.login, use: login)
        pages.get(PlatformPaths.account, use: account)
        pages.post(PlatformPaths.logout, use: logout)
        pages.post(PlatformPaths.logoutEverywhere, use: logoutEverywhere)
        pages.get(PlatformPaths.language, use: switchLanguage)
    }

    func hub(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        return PageLayout.render(title: context.pick(ko: "홈", en: "Home"), context: context, HubPage.body(context: context, tiles: tiles))
    }

    func signupForm(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        return HubPage.signup(context: context, form: SignupForm(next: LocalPath.sanitized(try req.queryFields(ReturnTo.self).next)), errors: [:])
    }

    func signup(_ req: Request) async throws -> Response {
        let form = (try? req.content.decode(SignupForm.self)) ?? SignupForm()
        let context = try await PageContext.load(for: req)
        var errors = form.validate(in: context.language)
        guard errors.isEmpty else { return HubPage.signup(context: context, form: form, errors: errors, status: .badRequest) }
        try accounts.admitSignup(from: req.clientIP)
        do {
            let account = try await accounts.register(
                email: form.email, password: form.password,
                displayName: form.name.trimmingCharacters(in: .whitespacesAndNewlines), on: req.db
            )
            try await req.signInToWeb(accountID: try account.requireID())
            return req.redirect(to: LocalPath.sanitized(form.next), redirectType: .normal)
        } catch AccountError.emailTaken {
            errors["email"] = context.pick(ko: "이미 가입된 이메일입니다.", en: "This email is already registered.")
            return HubPage.signup(context: context, form: form, errors: errors, status: .conflict)
        } catch AccountError.invalidEmail {
            errors["email"] = context.pick(ko: "이메일 형식을 확인해 주세요.", en: "Check the email address.")
            return HubPage.signup(context: context, form: form, errors: errors, status: .badRequest)
        }
    }

    func loginForm(_ req: Request) async throws -> Response {
        let next = LocalPath.sanitized(try req.queryFields(ReturnTo.self).next)
        return HubPage.login(context: try await PageContext.load(for: req), email: "", next: next)
    }

    /// Signs in and goes back to the page that asked for it (`next`).
    func login(_ req: Request) async throws -> Response {
        let form = (try? req.content.decode(LoginForm.self)) ?? LoginForm(email: "", password: "")
        let next = LocalPath.sanitized(form.next)
        do {
            let account = try await accounts.authenticate(email: form.email, password: form.password, client: req.clientIP, on: req.db)
            try await req.signInToWeb(accountID: try account.requireID())
            return req.redirect(to: next, redirectType: .normal)
        } catch AccountError.wrongCredentials {
            return HubPage.login(context: try await PageContext.load(for: req), email: form.email, next: next, refusal: .wrongCredentials)
        } catch AccountError.disabled {
            return HubPage.login(context: try await PageContext.load(for: req), email: form.email, next: next, refusal: .disabled)
        }
    }

    func account(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        return AccountPage.render(context: context, account: account, shortcuts: shortcuts)
    }

    func logout(_ req: Request) async throws -> Response {
        req.signOutOfWeb()
        return Self.home(clearingSiteData: req)
    }

    /// Ends every session of the account: other browsers' web sessions, and the refresh tokens
    /// of every app signed in with it (their access and ID tokens live out their minutes).
    func logoutEverywhere(_ req: Request) async throws -> Response {
        if let accountID = req.webAccountID {
            try await platform.endEverySession(of: accountID, on: req.db)
        }
        req.signOutOfWeb()
        return Self.home(clearingSiteData: req)
    }

    /// Back home with the browser told to drop what pages kept for the person who left: the
    /// service workers' cached pages and their queues of actions written offline, which would
    /// otherwise be shown to, or sent as, whoever signs in next on this browser.
    private static func home(clearingSiteData req: Request) -> Response {
        let response = req.redirect(to: PlatformPaths.hub.link, redirectType: .normal)
        response.headers.replaceOrAdd(name: "Clear-Site-Data", value: #""cache", "storage""#)
        return response
    }

    /// Sets the language cookie and goes back where the person was. Only local paths are followed,
    /// so the switch cannot be used as an open redirect.
    func switchLanguage(_ req: Request) throws -> Response {
        guard let code = PlatformPaths.language.parameters(in: req), let language = WebLanguage(rawValue: code) else { throw Abort(.notFound) }
        let response = req.redirect(to: LocalPath.sanitized(try req.queryFields(ReturnTo.self).next), redirectType: .normal)
        response.cookies[WebLanguage.cookieName] = HTTPCookies.Value(
            string: language.rawValue, maxAge: 365 * 24 * 60 * 60, path: "/", isHTTPOnly: true, sameSite: .lax
        )
        return response
    }
}

struct SignupForm: Content {
    var name = ""
    var email = ""
    var password = ""
    /// The page the person was on: signing up brings them back to it.
    var next: String?

    /// Field name → message, in the page's language.
    func validate(in language: WebLanguage) -> [String: String] {
        var errors: [String: String] = [:]
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty || name.count > 30 {
            errors["name"] = language.pick(ko: "이름은 1~30자로 입력해 주세요.", en: "Enter a name of 1 to 30 characters.")
        }
        if !AccountDirectory.isPlausibleEmail(email.trimmingCharacters(in: .whitespacesAndNewlines)) {
            errors["email"] = language.pick(ko: "이메일 형식을 확인해 주세요.", en: "Check the email address.")
        }
        switch PasswordPolicy.problem(with: password) {
        case .tooShort: errors["password"] = language.pick(ko: "비밀번호는 8자 이상이어야 합니다.", en: "Use at least 8 characters.")
        case .common: errors["password"] = language.pick(ko: "너무 흔한 비밀번호예요. 다른 비밀번호를 골라 주세요.", en: "This password is too common; choose another.")
        case nil: break
        }
        return errors
    }
}

struct LoginForm: Content {
    var email: String
    var password: String
    var next: String?
}

extension HubTile {
    /// The modules' tiles in the hub's order; a module not named here comes last.
    static func arranged(_ built: [HubTile]) -> [HubTile] {
        let order = ["lessons", "study", "market", "reading"]
        return built.sorted { (order.firstIndex(of: $0.app) ?? order.count) < (order.firstIndex(of: $1.app) ?? order.count) }
    }
}
