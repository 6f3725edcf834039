import Platform
import Plot
import Vapor

/// The hub's views.
enum HubPage {
    static func body(context: PageContext, tiles: [HubTile]) -> Node<HTML.BodyContext> {
        .group(
            .if(context.account != nil,
                .h1(.id("welcome"), .text(context.pick(ko: "\(context.account?.displayName ?? "")님, 반가워요", en: "Welcome, \(context.account?.displayName ?? "")"))),
                else: .group(
                    .h1(.text(context.pick(ko: "계정 하나로 앱 네 개", en: "One account, four apps"))),
                    .p(.class("hint"), .text(context.pick(
                        ko: "레슨, 스터디, 마켓, 독서 기록을 브라우저에서 바로 써 보세요.",
                        en: "Lessons, study partners, a market and a reading log, right in your browser."
                    )))
                )
            ),
            .div(.class("tiles"), .forEach(tiles) { tile(for: $0, context: context) })
        )
    }

    /// A tile links to its app; an app whose pages are not built yet shows as an inert
    /// placeholder link (an `<a>` without `href`) with a badge saying so.
    private static func tile(for tile: HubTile, context: PageContext) -> Node<HTML.BodyContext> {
        .a(
            .class(tile.path == nil ? "app-tile unavailable" : "app-tile"),
            .data(named: "app", value: tile.app),
            .unwrap(tile.path) { .href($0) },
            .span(.class("icon"), tile.icon.node()),
            .h2(.text(context.pick(ko: tile.title.ko, en: tile.title.en))),
            .p(.text(context.pick(ko: tile.summary.ko, en: tile.summary.en))),
            .if(tile.path == nil, .span(.class("badge"), .text(context.pick(ko: "준비 중", en: "Coming soon"))))
        )
    }

    static func signup(context: PageContext, form: SignupForm, errors: [String: String], status: HTTPResponseStatus = .ok) -> Response {
        PageLayout.render(title: context.pick(ko: "가입하기", en: "Sign up"), context: context, status: status, .group(
            .h1(.text(context.pick(ko: "Sprout 가입하기", en: "Create your Sprout account"))),
            .form(
                .id("signup-form"), .class("stacked card"), .action(path: PlatformPaths.signup.link), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("next"), .value(LocalPath.sanitized(form.next))),
                FormWidgets.text("name", label: context.pick(ko: "이름", en: "Name"), value: form.name, error: errors["name"], type: .text, autocomplete: "name", required: true),
                FormWidgets.text("email", label: context.pick(ko: "이메일", en: "Email"), value: form.email, error: errors["email"], type: .email, autocomplete: "email", required: true),
                FormWidgets.text("password", label: context.pick(ko: "비밀번호 (8자 이상)", en: "Password (8+ characters)"), value: "", error: errors["password"], type: .password, autocomplete: "new-password", required: true),
                .button(.id("signup-submit"), .type(.submit), .text(context.pick(ko: "가입하기", en: "Sign up")))
            ),
            .p(.class("hint"), .text(context.pick(ko: "이미 계정이 있나요? ", en: "Already have an account? ")),
               .a(.href(PlatformPaths.login(returningTo: LocalPath.sanitized(form.next))), .text(context.pick(ko: "로그인", en: "Log in"))))
        ))
    }

    enum LoginRefusal {
        case wrongCredentials, disabled
    }

    static func login(context: PageContext, email: String, next: String, refusal: LoginRefusal? = nil) -> Response {
        let status: HTTPResponseStatus = switch refusal {
        case nil: .ok
        case .wrongCredentials: .unauthorized
        case .disabled: .forbidden
        }
        let message = switch refusal {
        case nil, .wrongCredentials: context.pick(ko: "이메일 또는 비밀번호가 맞지 않습니다.", en: "Wrong email or password.")
        case .disabled: context.pick(ko: "사용이 중지된 계정이에요. 운영자에게 문의해 주세요.", en: "This account is disabled. Contact the operator.")
        }
        return PageLayout.render(title: context.pick(ko: "로그인", en: "Log in"), context: context, status: status, .group(
            .h1(.text(context.pick(ko: "로그인", en: "Log in"))),
            .form(
                .id("login-form"), .class("stacked card"), .action(path: PlatformPaths.login.link), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("next"), .value(next)),
                .if(refusal != nil, .p(.class("form-error"), .attribute(named: "role", value: "alert"), .text(message))),
                // An account made by a lessons app may be named by a plain ID instead of an email.
                FormWidgets.text("email", label: context.pick(ko: "이메일 또는 아이디", en: "Email or ID"), value: email, error: nil, autocomplete: "username", required: true),
                FormWidgets.text("password", label: context.pick(ko: "비밀번호", en: "Password"), value: "", error: nil, type: .password, autocomplete: "current-password", required: true),
                .button(.id("login-submit"), .type(.submit), .text(context.pick(ko: "로그인", en: "Log in")))
            ),
            .p(.class("hint"), .text(context.pick(ko: "처음이신가요? ", en: "New here? ")),
               .a(.href(PlatformPaths.signup(returningTo: next)), .text(context.pick(ko: "가입하기", en: "Sign up")))),
            .p(.a(.id("phone-login-link"), .class("button secondary"), .href(PlatformPaths.phoneLogin(returningTo: next)),
                  .text(context.pick(ko: "휴대폰 번호로 로그인", en: "Sign in with a phone number"))))
        ))
    }
}
