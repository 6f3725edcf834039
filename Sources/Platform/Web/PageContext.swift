import Fluent
import PlatformCore
import Plot
import SproutAPI
import Vapor

/// What every page needs to know about the request it renders for.
public struct PageContext: Sendable {
    public let language: WebLanguage
    public let csrfToken: String
    /// The signed-in person, if any.
    public let account: Account?
    /// The path of the page.
    public let path: String
    /// The path with its query (`/market?category=digital`): where the language switch, the
    /// log-in and the sign-up come back to, filters and all.
    public let address: String
    /// The stylesheets and scripts the page links.
    public let assets: WebAssets.Links
    /// The moment the page is drawn at, from the server's injected clock ("3분 전" is relative to it).
    public let now: Date
    /// Where people reach this server (`https://sprout.example`), for links shared outside it.
    public let origin: String
    /// What the header's badges count, for someone signed in.
    public let unread: Conversations.Unread?

    public static func load(for req: Request) async throws -> PageContext {
        var account: Account?
        var unread: Conversations.Unread?
        if let id = req.webAccountID {
            account = try await Account.find(id, on: req.db)
            if account == nil { req.signOutOfWeb() } else { unread = try await UnreadBadges.count(of: id, on: req.db) }
        }
        return PageContext(language: req.language, csrfToken: req.csrfToken, account: account, path: req.url.path, assets: req.webAssetLinks,
                           now: req.pageClock.now(), origin: req.pageOrigin, unread: unread, address: req.url.path + (req.url.query.map { "?" + $0 } ?? ""))
    }

    public init(language: WebLanguage, csrfToken: String, account: Account?, path: String, assets: WebAssets.Links = .init(), now: Date, origin: String,
                unread: Conversations.Unread? = nil, address: String? = nil) {
        self.language = language
        self.csrfToken = csrfToken
        self.account = account
        self.path = path
        self.assets = assets
        self.now = now
        self.origin = origin
        self.unread = unread
        self.address = address ?? path
    }

    /// When something was posted: "3분 전", with the day in Seoul as its title.
    public func posted(_ timestamp: String) -> Node<HTML.BodyContext> {
        .element(named: "time", nodes: [
            .attribute(named: "datetime", value: timestamp), .attribute(named: "title", value: day(timestamp)),
            .text(RelativeTime.text(since: timestamp, now: now, language) ?? timestamp),
        ])
    }

    struct ClockKey: StorageKey { typealias Value = WallClock }
    struct PublicURLKey: StorageKey { typealias Value = String }

    /// The clock pages are drawn with (the platform's, which tests replace with a `ManualClock`)
    /// and the configured public URL, if any.
    public static func use(_ clock: WallClock, publicURL: String?, on app: Application) {
        app.storage[ClockKey.self] = clock
        app.storage[PublicURLKey.self] = publicURL
    }

    public func pick(ko: String, en: String) -> String { language.pick(ko: ko, en: en) }
}

extension Request {
    var pageClock: WallClock { application.storage[PageContext.ClockKey.self] ?? .system }
    var pageOrigin: String { publicBaseURL(configured: application.storage[PageContext.PublicURLKey.self]) }
}
