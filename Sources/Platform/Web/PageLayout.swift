import Plot
import Vapor

/// The frame around every page: header with the hub link, the language switch and the account
/// menu. Assets are Sprout's own; no CDN, no web fonts, so pages work offline.
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
                .link(.rel(.icon), .href(Favicon.path), .attribute(named: "type", value: "image/svg+xml")),
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

    private static func header(_ context: PageContext) -> Node<HTML.BodyContext> {
        let back = context.path.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "/"
        return .header(
            .class("site-header"),
            .a(.class("brand"), .href("/"), .text("🌱 Sprout")),
            .nav(
                .class("site-nav"),
                .div(
                    .class("language-switch"),
                    .forEach(WebLanguage.allCases) { language in
                        .a(
                            .id("lang-\(language.rawValue)"),
                            .href("/language/\(language.rawValue)?next=\(back)"),
                            .class(language == context.language ? "current" : ""),
                            .text(language == .ko ? "한국어" : "English")
                        )
                    }
                ),
                accountMenu(context)
            )
        )
    }

    private static func accountMenu(_ context: PageContext) -> Node<HTML.BodyContext> {
        guard context.account != nil else {
            return .div(
                .class("account-menu"),
                .a(.id("login-link"), .href("/login"), .text(context.pick(ko: "로그인", en: "Log in"))),
                .a(.id("signup-link"), .class("button"), .href("/signup"), .text(context.pick(ko: "가입하기", en: "Sign up")))
            )
        }
        return .form(
            .id("logout-form"), .class("account-menu"), .action(path: "/logout"), .method(.post),
            csrfField(context),
            .button(.id("logout"), .type(.submit), .text(context.pick(ko: "로그아웃", en: "Log out"))),
            .button(.id("logout-everywhere"), .type(.submit), .attribute(named: "formaction", value: "/logout/everywhere"),
                    .text(context.pick(ko: "모든 기기에서", en: "Everywhere")))
        )
    }

    public static func csrfField(_ context: PageContext) -> Node<HTML.FormContext> {
        .input(.type(.hidden), .name(CSRFMiddleware.fieldName), .value(context.csrfToken))
    }
}
