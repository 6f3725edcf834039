import Platform
import Plot

/// The matched page's two verdicts on a partner, each six toggles and a comment: "리뷰 등록"
/// (review: the six 새싹 titles, in the order the reputation counts them) and "새싹 신고"
/// (report: the reasons of the apps' report popup).
enum StudyVerdictForm: String {
    case review, report

    static let choiceCount = 6

    /// The form field a choice's toggle posts as `1`.
    static func field(_ index: Int) -> String { "choice\(index)" }

    private var choices: [(ko: String, en: String)] {
        switch self {
        case .review:
            [("좋은 매너", "Good manners"), ("정확한 시간 약속", "Punctual"), ("빠른 응답", "Quick replies"),
             ("친절한 성격", "Kind"), ("능숙한 실력", "Skilled"), ("유익한 시간", "Time well spent")]
        case .report:
            [("불량 회원", "Bad member"), ("불쾌한 언행", "Offensive behaviour"), ("노쇼", "No-show"),
             ("선정성", "Sexual content"), ("인신공격", "Personal attacks"), ("기타", "Other")]
        }
    }

    /// Where the form is posted.
    private var path: PagePath<Void> {
        switch self {
        case .review: StudyPaths.review
        case .report: StudyPaths.report
        }
    }

    func form(partnerUID: String, partnerNick: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        let (heading, placeholder, submit) = switch self {
        case .review: (
            context.pick(ko: "\(partnerNick)님과의 스터디는 어떠셨나요?", en: "How was studying with \(partnerNick)?"),
            context.pick(ko: "자세한 피드백은 다른 새싹들에게 도움이 됩니다", en: "Details help other learners"),
            context.pick(ko: "리뷰 등록", en: "Post review")
        )
        case .report: (
            context.pick(ko: "새싹 신고", en: "Report \(partnerNick)"),
            context.pick(ko: "신고 사유를 적어주세요. 허위 신고 시 제재를 받을 수 있습니다.", en: "Tell us what happened. False reports may be sanctioned."),
            context.pick(ko: "신고하기", en: "Report")
        )
        }
        return .form(
            .id("\(rawValue)-form"), .class("card stacked"), .action(path: path.link), .method(.post),
            PageLayout.csrfField(context),
            .input(.type(.hidden), .name("otheruid"), .value(partnerUID)),
            .h2(.text(heading)),
            .div(
                .class("chips"),
                .forEach(choices.enumerated()) { index, choice in
                    .label(.class("chip"),
                        .input(.type(.checkbox), .id("\(rawValue)-\(Self.field(index))"), .name(Self.field(index)), .value("1")),
                        .text(" " + context.pick(ko: choice.ko, en: choice.en))
                    )
                }
            ),
            .textarea(.id("\(rawValue)-comment"), .name("comment"), .attribute(named: "maxlength", value: String(StudyReviews.commentLength)),
                      .attribute(named: "rows", value: "3"), .attribute(named: "placeholder", value: placeholder)),
            self == .report
                ? .button(.id("report-submit"), .type(.submit), .class("danger"), .text(submit))
                : .button(.id("review-submit"), .type(.submit), .text(submit))
        )
    }
}
