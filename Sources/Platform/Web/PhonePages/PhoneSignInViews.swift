import Plot
import Vapor

/// The two steps of phone sign-in and linking: the number, then the six-digit code with its
/// countdown and a resend button. The countdown is text the server wrote; `phone.js` only makes
/// it tick.
enum PhoneSignInViews {
    static func number(_ context: PageContext, purpose: PhoneSignInPages.Purpose, phone: String, next: String, error: String?, status: HTTPResponseStatus = .ok) -> Response {
        PageLayout.render(title: title(purpose, context), context: context, status: status, .group(
            .h1(.text(title(purpose, context))),
            .p(.class("hint"), .text(purpose == .signIn
                ? context.pick(ko: "휴대폰 번호로 인증하면 바로 시작할 수 있어요. 처음이면 계정이 만들어져요.",
                               en: "Verify your phone number to start. Your account is created the first time.")
                : context.pick(ko: "이 계정에 휴대폰 번호를 연결하면 새싹 스터디를 쓸 수 있어요.",
                               en: "Link a phone number to this account to use SeSAC Study."))),
            .form(
                .id("phone-form"), .class("stacked card"), .action(path: purpose.sendCode.link), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("next"), .value(next)),
                FormWidgets.text("phone", label: context.pick(ko: "휴대폰 번호", en: "Phone number"), value: phone, error: error,
                                 type: .tel, inputMode: "tel", autocomplete: "tel", required: true),
                .button(.id("send-code"), .type(.submit), .text(context.pick(ko: "인증 문자 받기", en: "Send the code")))
            ),
            .if(purpose == .signIn, .p(.class("hint"), .text(context.pick(ko: "이메일 계정이 있나요? ", en: "Have an email account? ")),
                                       .a(.id("email-login-link"), .href(PlatformPaths.login(returningTo: next)), .text(context.pick(ko: "이메일로 로그인", en: "Log in with email")))))
        ))
    }

    static func code(
        _ context: PageContext, purpose: PhoneSignInPages.Purpose, phone: String, sessionInfo: String, next: String,
        pending: PhoneSignIn.PendingCode, error: String?, status: HTTPResponseStatus = .ok
    ) -> Response {
        PageLayout.render(title: title(purpose, context), context: context, status: status, .group(
            .h1(.text(title(purpose, context))),
            .p(.class("hint"), .text(context.pick(ko: "\(phone)(으)로 보낸 인증번호 6자리를 입력해 주세요.", en: "Enter the six-digit code sent to \(phone)."))),
            .unwrap(pending.visibleCode) { code in
                .p(.id("dev-code-hint"), .class("notice"), .data(named: "code", value: code),
                   .text(context.pick(ko: "개발 모드 안내: 이 서버는 문자를 실제로 보내지 않아요. 인증번호는 \(code)예요.",
                                      en: "Development notice: this server does not really send text messages. The code is \(code).")))
            },
            .form(
                .id("code-form"), .class("stacked card"), .action(path: purpose.verify.link), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("next"), .value(next)),
                .input(.type(.hidden), .name("phone"), .value(phone)),
                .input(.type(.hidden), .name("sessionInfo"), .value(sessionInfo)),
                .if(error != nil, .p(.id("phone-error"), .class("form-error"), .attribute(named: "role", value: "alert"), .text(error ?? ""))),
                FormWidgets.text("code", label: context.pick(ko: "인증번호", en: "Code"), value: "", error: nil,
                                 inputMode: "numeric", autocomplete: "one-time-code", required: true),
                countdown(pending.secondsLeft, context),
                .button(.id("verify-code"), .type(.submit), .text(purpose == .signIn
                    ? context.pick(ko: "인증하고 시작하기", en: "Verify and start")
                    : context.pick(ko: "인증하고 연결하기", en: "Verify and link")))
            ),
            .form(
                .id("resend-form"), .action(path: purpose.sendCode.link), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("next"), .value(next)),
                .input(.type(.hidden), .name("phone"), .value(phone)),
                .button(.id("resend-code"), .type(.submit), .class("secondary"), .text(context.pick(ko: "재전송", en: "Resend")))
            ),
            .p(.a(.href(purpose.numberPage(returningTo: next)),
                  .text(context.pick(ko: "번호 다시 입력하기", en: "Use another number"))))
        ))
    }

    /// "0:42 left", or "expired" once the code's minute is over; `phone.js` counts it down live.
    private static func countdown(_ seconds: Int, _ context: PageContext) -> Node<HTML.FormContext> {
        .p(
            .id("code-countdown"), .class("hint"), .attribute(named: "aria-live", value: "polite"),
            .data(named: "seconds", value: String(seconds)),
            .data(named: "left", value: context.pick(ko: "남은 시간 {time}", en: "{time} left")),
            .data(named: "expired", value: context.pick(ko: "인증 시간이 지났어요. 재전송을 눌러 주세요.", en: "Time is up. Press Resend for a new code.")),
            .text(seconds > 0
                ? context.pick(ko: "남은 시간 \(minutesAndSeconds(seconds))", en: "\(minutesAndSeconds(seconds)) left")
                : context.pick(ko: "인증 시간이 지났어요. 재전송을 눌러 주세요.", en: "Time is up. Press Resend for a new code."))
        )
    }

    static func minutesAndSeconds(_ seconds: Int) -> String {
        let remainder = seconds % 60
        return "\(seconds / 60):" + (remainder < 10 ? "0" : "") + String(remainder)
    }

    private static func title(_ purpose: PhoneSignInPages.Purpose, _ context: PageContext) -> String {
        purpose == .signIn
            ? context.pick(ko: "휴대폰으로 로그인", en: "Sign in with your phone")
            : context.pick(ko: "휴대폰 번호 연결", en: "Link a phone number")
    }
}
