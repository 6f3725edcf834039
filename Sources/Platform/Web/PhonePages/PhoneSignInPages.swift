import Vapor

/// The web's phone sign-in, for SeSAC Study's people (whose identity is their phone) and anyone
/// else who prefers it: `/login/phone` signs the browser in as the account of the verified
/// number (made on its first sign-in, as the apps' sign-in does), and `/account/phone` gives the
/// signed-in account a number. Both are the same two steps: send a code, type it.
///
/// The `sessionInfo` travels in a hidden field rather than the web session: it is useless without
/// the code, and the pages then work the same with or without a session cookie.
public struct PhoneSignInPages: Sendable {
    let phoneSignIn: PhoneSignIn
    let accounts: AccountDirectory

    public init(phoneSignIn: PhoneSignIn, accounts: AccountDirectory) {
        self.phoneSignIn = phoneSignIn
        self.accounts = accounts
    }

    /// Which of the two flows a page belongs to.
    enum Purpose: Sendable {
        case signIn, link

        /// The number's page.
        var numberPage: PagePath<Void> { self == .signIn ? PlatformPaths.phoneLogin : PlatformPaths.phoneLink }
        var sendCode: PagePath<Void> { self == .signIn ? PlatformPaths.phoneLoginCode : PlatformPaths.phoneLinkCode }
        var verify: PagePath<Void> { self == .signIn ? PlatformPaths.phoneLoginVerify : PlatformPaths.phoneLinkVerify }

        func numberPage(returningTo next: String) -> String {
            self == .signIn ? PlatformPaths.phoneLogin(returningTo: next) : PlatformPaths.phoneLink(returningTo: next)
        }
    }

    public func register(on pages: any RoutesBuilder) {
        for purpose in [Purpose.signIn, .link] {
            pages.get(purpose.numberPage) { try await self.numberForm($0, purpose) }
            pages.post(purpose.sendCode) { try await self.sendCode($0, purpose) }
            pages.post(purpose.verify) { try await self.verify($0, purpose) }
        }
    }

    struct Form: Content {
        var phone: String?
        var sessionInfo: String?
        var code: String?
        var next: String?
    }

    func numberForm(_ req: Request, _ purpose: Purpose) async throws -> Response {
        let next = LocalPath.sanitized(try req.queryFields(ReturnTo.self).next)
        let context = try await context(for: req, purpose, next: next)
        return PhoneSignInViews.number(context, purpose: purpose, phone: "", next: next, error: nil)
    }

    func sendCode(_ req: Request, _ purpose: Purpose) async throws -> Response {
        let form = (try? req.content.decode(Form.self)) ?? Form()
        let next = LocalPath.sanitized(form.next)
        let context = try await context(for: req, purpose, next: next)
        let phone = (form.phone ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            let sessionInfo = try await phoneSignIn.sendCode(to: phone, clientAddress: req.clientIP, on: req.db)
            let pending = try await phoneSignIn.pendingCode(sessionInfo: sessionInfo, on: req.db)
            return PhoneSignInViews.code(context, purpose: purpose, phone: phone, sessionInfo: sessionInfo, next: next, pending: pending, error: nil)
        } catch let error as PhoneSignInError {
            return PhoneSignInViews.number(context, purpose: purpose, phone: phone, next: next, error: PhonePageMessages.message(for: error, context), status: PhonePageMessages.status(for: error))
        }
    }

    func verify(_ req: Request, _ purpose: Purpose) async throws -> Response {
        let form = (try? req.content.decode(Form.self)) ?? Form()
        let next = LocalPath.sanitized(form.next)
        let context = try await context(for: req, purpose, next: next)
        let sessionInfo = form.sessionInfo ?? ""
        let code = (form.code ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            switch purpose {
            case .signIn:
                let phone = try await phoneSignIn.confirm(sessionInfo: sessionInfo, code: code, on: req.db)
                let (account, _) = try await accounts.account(forPhone: phone, on: req.db)
                try await req.signInToWeb(accountID: try account.requireID())
            case .link:
                guard let account = context.account else { throw PhoneSignInError.accountNotFound }
                try await phoneSignIn.link(sessionInfo: sessionInfo, code: code, toAccount: try account.requireID(), on: req.db)
            }
            return req.redirect(to: next, redirectType: .normal)
        } catch let error as PhoneSignInError {
            let pending = try await phoneSignIn.pendingCode(sessionInfo: sessionInfo, on: req.db)
            return PhoneSignInViews.code(
                context, purpose: purpose, phone: form.phone ?? "", sessionInfo: sessionInfo, next: next, pending: pending,
                error: PhonePageMessages.message(for: error, context), status: PhonePageMessages.status(for: error)
            )
        }
    }

    /// Linking is for a signed-in account; someone signed out is sent to log in first and comes
    /// back here.
    private func context(for req: Request, _ purpose: Purpose, next: String) async throws -> PageContext {
        guard purpose == .link else { return try await PageContext.load(for: req) }
        return try await PageContext.signedIn(req, next: purpose.numberPage(returningTo: next)).0
    }
}
