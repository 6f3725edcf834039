import Plot
import Vapor

/// The frame around every page: header with the hub link, the language switch and the account
/// link. Assets are Sprout's own; no CDN, no web fonts, so pages work offline.
public enum PageLayout {
    public static func render(
        title: String,
        context: PageContext,
        status: HTTPResponseStatus = .ok,
        share: SharePreview? = nil,
        _ main: Node<HTML.BodyContext>
    ) -> Response {
        let html = HTML(
            .lang(context.language.plotLanguage),
            .head(
                .meta(.charset(.utf8)),
                .meta(.name("viewport"), .content(text: "width=device-width, initial-scale=1")),
                // Not Plot's `.title`: it copies the title unescaped into og/twitter meta attributes.
                .element(named: "title", text: "\(title) · Sprout"),
                .link(.rel(.icon), .href(PlatformPaths.favicon.link), .attribute(named: "type", value: "image/svg+xml")),
                .unwrap(share) { $0.tags(context) },
                .forEach(context.assets.stylesheets) { .link(.rel(.stylesheet), .href($0)) }
            ),
            .body(
                .a(.class("skip-link"), .href("#main"), .text(context.pick(ko: "본문으로 건너뛰기", en: "Skip to content"))),
                header(context),
                .main(.id("main"), main),
                .forEach(context.assets.scripts) { .script(.src($0)) }
            )
        )
        var headers = HTTPHeaders()
        headers.contentType = .html
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        headers.replaceOrAdd(name: "Content-Language", value: context.language.rawValue)
        return Response(status: status, headers: headers, body: .init(string: html.render()))
    }

    /// One row at 360 px: the brand, a link to the other language (named in that language) and
    /// the account: log-in and sign-up, or the signed-in person's name leading to their account
    /// page, where they sign out.
    private static func header(_ context: PageContext) -> Node<HTML.BodyContext> {
        let other: WebLanguage = context.language == .ko ? .en : .ko
        return .header(
            .class("site-header"),
            .a(.class("brand"), .href(PlatformPaths.hub.link), Icon.sprout.node(), .span(.text("Sprout"))),
            .nav(
                .class("site-nav"), .attribute(named: "aria-label", value: context.pick(ko: "계정과 언어", en: "Account and language")),
                .a(
                    .id("lang-\(other.rawValue)"), .class("language-link"), .href(PlatformPaths.language(other, returningTo: context.address)),
                    .attribute(named: "lang", value: other.rawValue), .attribute(named: "hreflang", value: other.rawValue),
                    .text(other == .ko ? "한국어" : "English")
                ),
                accountMenu(context)
            )
        )
    }

    private static func accountMenu(_ context: PageContext) -> Node<HTML.BodyContext> {
        guard let account = context.account else {
            // Back to this page afterwards, unless this is where one logs in or signs up.
            let back = [PlatformPaths.login.link, PlatformPaths.signup.link].contains(context.path) ? PlatformPaths.hub.link : context.address
            return .group(
                .a(.id("login-link"), .href(PlatformPaths.login(returningTo: back)), .text(context.pick(ko: "로그인", en: "Log in"))),
                .a(.id("signup-link"), .class("button"), .href(PlatformPaths.signup(returningTo: back)), .text(context.pick(ko: "가입하기", en: "Sign up")))
            )
        }
        return .group(
            badgeLink("inbox", path: PlatformPaths.inbox.link, icon: .chat, label: context.pick(ko: "채팅", en: "Chats"), count: context.unread?.messages ?? 0),
            badgeLink("notifications", path: PlatformPaths.notifications.link, icon: .bell, label: context.pick(ko: "알림", en: "Notifications"),
                      count: context.unread?.notifications ?? 0),
            .a(
            .id("account-link"), .class("account-link"), .href(PlatformPaths.account.link),
            .attribute(named: "aria-label", value: context.pick(ko: "내 계정: \(account.displayName)", en: "My account: \(account.displayName)")),
            Icon.user.node(), .span(.class("account-link-name"), .text(account.displayName))
        ))
    }

    /// An icon link with its count beside it; `conversations.js` keeps the count current.
    private static func badgeLink(_ name: String, path: String, icon: Icon, label: String, count: Int) -> Node<HTML.BodyContext> {
        .a(
            .id("\(name)-link"), .class("badge-link"), .href(path),
            .attribute(named: "aria-label", value: count > 0 ? "\(label) \(count)" : label),
            .data(named: "label", value: label),
            icon.node(),
            .span(.id("\(name)-badge"), .class("badge"), .attribute(named: "aria-hidden", value: "true"), .if(count == 0, .attribute(named: "hidden", value: "hidden")),
                  .text(count > 99 ? "99+" : String(count)))
        )
    }

    public static func csrfField(_ context: PageContext) -> Node<HTML.FormContext> {
        .input(.type(.hidden), .name(CSRFMiddleware.fieldName), .value(context.csrfToken))
    }
}
