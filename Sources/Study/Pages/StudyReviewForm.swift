import Platform
import Plot

/// "리뷰 등록" on the matched page: the six 새싹 titles as toggles, in the order the reputation
/// counts them, and a comment.
enum StudyReviewForm {
    static let titleCount = 6

    static func form(partnerUID: String, partnerNick: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        let titles = [
            ("좋은 매너", "Good manners"), ("정확한 시간 약속", "Punctual"), ("빠른 응답", "Quick replies"),
            ("친절한 성격", "Kind"), ("능숙한 실력", "Skilled"), ("유익한 시간", "Time well spent"),
        ]
        return .form(
            .id("review-form"), .class("card stacked"), .action(path: "/study/review"), .method(.post),
            PageLayout.csrfField(context),
            .input(.type(.hidden), .name("otheruid"), .value(partnerUID)),
            .h2(.text(context.pick(ko: "\(partnerNick)님과의 스터디는 어떠셨나요?", en: "How was studying with \(partnerNick)?"))),
            .div(
                .class("chips"),
                .forEach(titles.enumerated()) { index, title in
                    .label(.class("chip"),
                        .input(.type(.checkbox), .id("title\(index)"), .name("title\(index)"), .value("1")),
                        .text(" " + context.pick(ko: title.0, en: title.1))
                    )
                }
            ),
            .textarea(.id("review-comment"), .name("comment"), .attribute(named: "maxlength", value: String(StudyReviews.commentLength)),
                      .attribute(named: "rows", value: "3"),
                      .attribute(named: "placeholder", value: context.pick(ko: "자세한 피드백은 다른 새싹들에게 도움이 됩니다", en: "Details help other learners"))),
            .button(.id("review-submit"), .type(.submit), .text(context.pick(ko: "리뷰 등록", en: "Post review")))
        )
    }
}
