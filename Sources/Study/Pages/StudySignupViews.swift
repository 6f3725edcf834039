import Platform
import Plot
import SproutAPI
import Vapor

/// One signup step per page, with the apps' wording (spec §6).
enum StudySignupViews {
    static func unusableNick(_ context: PageContext) -> String {
        context.pick(ko: "해당 닉네임은 사용할 수 없습니다.", en: "This nickname cannot be used.")
    }

    static func step(_ context: PageContext, step: StudySignupStep, value: String, error: String?, status: HTTPResponseStatus = .ok) -> Response {
        let number = (StudySignupStep.allCases.firstIndex(of: step) ?? 0) + 1
        let previous = StudySignupStep.allCases.prefix { $0 != step }.last
        return PageLayout.render(title: context.pick(ko: "새싹 스터디 가입", en: "Join SeSAC Study"), context: context, status: status, .group(
            .p(.class("hint"), .text("\(number) / \(StudySignupStep.allCases.count)")),
            .h1(.text(heading(step, context))),
            .unwrap(subtitle(step, context)) { .p(.class("hint"), .text($0)) },
            .form(
                .id("signup-\(step.rawValue)-form"), .class("stacked card"), .action(path: StudyPaths.signupStep.link(step)), .method(.post),
                PageLayout.csrfField(context),
                field(step, value: value, error: error, context),
                .button(.id("signup-next"), .type(.submit), .text(step == .gender ? context.pick(ko: "가입하기", en: "Join") : context.pick(ko: "다음", en: "Next")))
            ),
            .unwrap(previous) { .p(.a(.id("signup-back"), .href(StudyPaths.signupStep.link($0)), .text(context.pick(ko: "이전 단계", en: "Back")))) }
        ))
    }

    private static func heading(_ step: StudySignupStep, _ context: PageContext) -> String {
        switch step {
        case .nick: context.pick(ko: "닉네임을 입력해 주세요", en: "Choose a nickname")
        case .birth: context.pick(ko: "생년월일을 알려 주세요", en: "When were you born?")
        case .email: context.pick(ko: "이메일을 입력해 주세요", en: "Your email address")
        case .gender: context.pick(ko: "성별을 선택해 주세요", en: "Your gender")
        }
    }

    private static func subtitle(_ step: StudySignupStep, _ context: PageContext) -> String? {
        switch step {
        case .nick: context.pick(ko: "1자 이상 10자 이내", en: "1 to 10 characters")
        case .birth: context.pick(ko: "새싹스터디는 만 17세 이상만 사용할 수 있어요.", en: "SeSAC Study is for people aged 17 or older.")
        case .email: context.pick(ko: "휴대폰 번호 변경 시 인증을 위해 사용해요.", en: "Used to verify you if your phone number changes.")
        case .gender: context.pick(ko: "새싹 찾기 기능을 이용하기 위해서 필요해요!", en: "Needed to find study partners.")
        }
    }

    private static func field(_ step: StudySignupStep, value: String, error: String?, _ context: PageContext) -> Node<HTML.FormContext> {
        switch step {
        case .nick:
            FormWidgets.text("value", label: context.pick(ko: "닉네임", en: "Nickname"), value: value, error: error, autocomplete: "nickname", required: true)
        case .birth:
            FormWidgets.text("value", label: context.pick(ko: "생년월일", en: "Date of birth"), value: value, error: error, type: .date, autocomplete: "bday", required: true)
        case .email:
            FormWidgets.text("value", label: context.pick(ko: "이메일", en: "Email"), value: value, error: error, type: .email, autocomplete: "email", required: true)
        case .gender:
            .group(
                .fieldset(
                    .class("gender-choice"),
                    .element(named: "legend", text: context.pick(ko: "성별", en: "Gender")),
                    .forEach(Study.Gender.allCases) { gender in
                        .label(.class("gender-card"),
                            .input(.type(.radio), .name("value"), .id("gender-\(gender.rawValue)"), .value(String(gender.rawValue)),
                                   .checked(value == String(gender.rawValue)), .required(true)),
                            .text(StudyViews.gender(gender.rawValue, context))
                        )
                    }
                ),
                FormWidgets.error(error)
            )
        }
    }
}
