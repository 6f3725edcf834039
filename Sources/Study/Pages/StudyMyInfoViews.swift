import Platform
import Plot
import SproutAPI
import Vapor

/// My info (spec §7, screen 10) and the withdrawal confirmation.
enum StudyMyInfoViews {
    static func form(_ context: PageContext, me: Study.User, form: StudyMyInfoPages.MyInfoForm, error: String?, notice: StudyNotice?, status: HTTPResponseStatus = .ok) -> Response {
        PageLayout.render(title: context.pick(ko: "내 정보", en: "My info"), context: context, status: status, .group(
            StudyViews.nav(context, current: "me"),
            .h1(.id("my-nick"), .text(me.nick)),
            StudyShopViews.preview(face: me.sesac, background: me.background, context),
            .p(.a(.id("my-shop-link"), .href(StudyPaths.shop.link), .text(context.pick(ko: "새싹샵에서 꾸미기", en: "Dress up in the shop")))),
            .ul(.class("study-titles"), .forEach(StudyViews.titles(context).enumerated()) { index, title in
                .li(.class(me.reputation.indices.contains(index) && me.reputation[index] > 0 ? "lit" : ""), .text(title))
            }),
            .p(.class("study-review"), .text(me.comment.first ?? context.pick(ko: "첫 리뷰를 기다리는 중이에요.", en: "No reviews yet."))),
            StudyViews.notice(notice, context),
            .form(
                .id("my-info-form"), .class("stacked card"), .action(path: StudyPaths.myInfo.link), .method(.post),
                PageLayout.csrfField(context),
                .if(error != nil, .p(.id("my-info-error"), .class("form-error"), .attribute(named: "role", value: "alert"), .text(error ?? ""))),
                .fieldset(
                    .class("gender-choice"),
                    .element(named: "legend", text: context.pick(ko: "내 성별", en: "My gender")),
                    .forEach(Study.Gender.allCases) { gender in
                        .label(.class("gender-card"),
                               .input(.type(.radio), .name("gender"), .id("my-gender-\(gender.rawValue)"), .value(String(gender.rawValue)),
                                      .checked(form.gender == String(gender.rawValue))),
                               .text(StudyViews.gender(gender.rawValue, context)))
                    }
                ),
                FormWidgets.text("study", label: context.pick(ko: "자주 하는 스터디", en: "Frequent study"), value: form.study ?? "", error: nil),
                .label(.class("switch"),
                       .input(.type(.checkbox), .name("searchable"), .id("searchable"), .value("1"), .checked(form.searchable != nil)),
                       .text(context.pick(ko: "내 번호 검색 허용", en: "Let others find me by phone number"))),
                .p(.class("hint"), .text(context.pick(ko: "상대방 연령대 (\(Study.partnerAges.lowerBound)–\(Study.partnerAges.upperBound))",
                                                       en: "Partner age range (\(Study.partnerAges.lowerBound)–\(Study.partnerAges.upperBound))"))),
                .div(.class("age-range"),
                     ageField("ageMin", label: context.pick(ko: "최소", en: "From"), value: form.ageMin ?? ""),
                     ageField("ageMax", label: context.pick(ko: "최대", en: "To"), value: form.ageMax ?? "")),
                .button(.id("save-my-info"), .type(.submit), .text(context.pick(ko: "저장", en: "Save")))
            ),
            .p(.a(.id("withdraw-link"), .class("button secondary"), .href(StudyPaths.withdraw.link), .text(context.pick(ko: "회원탈퇴", en: "Leave SeSAC Study"))))
        ))
    }

    private static func ageField(_ name: String, label: String, value: String) -> Node<HTML.FormContext> {
        .label(.text(label),
               .input(.type(.number), .name(name), .id(name), .value(value), .required(true),
                      .attribute(named: "min", value: String(Study.partnerAges.lowerBound)),
                      .attribute(named: "max", value: String(Study.partnerAges.upperBound))))
    }

    static func message(for field: StudyField, _ context: PageContext) -> String {
        switch field {
        case .ageMin, .ageMax:
            context.pick(ko: "연령대는 18세부터 65세 사이에서, 최소가 최대보다 크지 않게 골라 주세요.",
                         en: "Choose ages between 18 and 65, the lower no higher than the upper.")
        case .study: context.pick(ko: "자주 하는 스터디는 50자 이내로 입력해 주세요.", en: "Keep the frequent study under 50 characters.")
        case .gender: context.pick(ko: "성별을 선택해 주세요.", en: "Choose your gender.")
        default: context.pick(ko: "입력한 내용을 확인해 주세요.", en: "Check what you entered.")
        }
    }

    static func confirmWithdraw(_ context: PageContext) -> Response {
        PageLayout.render(title: context.pick(ko: "회원탈퇴", en: "Leave SeSAC Study"), context: context, .group(
            StudyViews.nav(context, current: "me"),
            .h1(.text(context.pick(ko: "정말 탈퇴하시겠습니까?", en: "Leave SeSAC Study?"))),
            .p(.class("hint"), .text(context.pick(
                ko: "탈퇴하면 새싹 스터디 정보와 리뷰가 모두 지워져요. Sprout 계정과 다른 앱은 그대로 남아요.",
                en: "Your SeSAC Study profile and reviews are deleted. Your Sprout account and the other apps stay."))),
            .form(
                .id("withdraw-form"), .action(path: StudyPaths.withdraw.link), .method(.post), .class("inline-actions"),
                PageLayout.csrfField(context),
                .button(.id("confirm-withdraw"), .type(.submit), .class("danger"), .text(context.pick(ko: "탈퇴하기", en: "Leave"))),
                .a(.class("button secondary"), .href(StudyPaths.myInfo.link), .text(context.pick(ko: "취소", en: "Cancel")))
            )
        ))
    }
}
