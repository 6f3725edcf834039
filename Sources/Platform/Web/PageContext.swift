import Fluent
import Vapor

/// What every page needs to know about the request it renders for.
public struct PageContext: Sendable {
    public let language: WebLanguage
    public let csrfToken: String
    /// The signed-in person, if any.
    public let account: Account?
    /// The path of the page, for the language switch to come back to.
    public let path: String
    /// The stylesheets and scripts the page links.
    public let assets: WebAssets.Links

    public static func load(for req: Request) async throws -> PageContext {
        var account: Account?
        if let id = req.webAccountID {
            account = try await Account.find(id, on: req.db)
            if account == nil { req.signOutOfWeb() }
        }
        return PageContext(language: req.language, csrfToken: req.csrfToken, account: account, path: req.url.path, assets: req.webAssetLinks)
    }

    public init(language: WebLanguage, csrfToken: String, account: Account?, path: String, assets: WebAssets.Links = .init()) {
        self.language = language
        self.csrfToken = csrfToken
        self.account = account
        self.path = path
        self.assets = assets
    }

    public func pick(ko: String, en: String) -> String { language.pick(ko: ko, en: en) }
}
