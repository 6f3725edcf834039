import Platform
import Plot
import SproutAPI

/// Pieces the study pages share: the app's navigation, tag chips, a person's card and the
/// element the refreshing script reads.
enum StudyViews {
    static func nav(_ context: PageContext, current: String) -> Node<HTML.BodyContext> {
        AppTabBar.render(app: "study", [
            AppTab("home", StudyPaths.home.link, .home, ko: "홈", en: "Home"),
            AppTab("input", StudyPaths.input.link, .search, ko: "새싹 찾기", en: "Find a study"),
            AppTab("shop", StudyPaths.shop.link, .sprout, ko: "새싹샵", en: "Shop"),
            AppTab("me", StudyPaths.myInfo.link, .user, ko: "내 정보", en: "My info"),
        ], current: current, context)
    }

    static func notice(_ notice: StudyNotice?, _ context: PageContext) -> Node<HTML.BodyContext> {
        .unwrap(notice) { notice in
            .p(.id("study-notice"), .class(notice.isProblem ? "form-error" : "notice"), .attribute(named: "role", value: "status"), .text(notice.text(context)))
        }
    }

    static func chips(_ tags: [String], _ context: PageContext) -> Node<HTML.BodyContext> {
        let shown = tags.filter { !StudyTags.isAny($0) }
        return .div(
            .class("chips"),
            .if(shown.isEmpty, .span(.class("chip muted"), .text(context.pick(ko: "아무거나", en: "Anything")))),
            .forEach(shown) { .span(.class("chip"), .text($0)) }
        )
    }

    /// The reputation titles in the apps' order (spec §2); the UI shows the first six.
    static func titles(_ context: PageContext) -> [String] {
        [context.pick(ko: "좋은 매너", en: "Good manners"), context.pick(ko: "정확한 시간 약속", en: "Punctual"),
         context.pick(ko: "빠른 응답", en: "Quick replies"), context.pick(ko: "친절한 성격", en: "Kind"),
         context.pick(ko: "능숙한 실력", en: "Skilled"), context.pick(ko: "유익한 시간", en: "Time well spent")]
    }

    static func gender(_ gender: Int, _ context: PageContext) -> String {
        gender == Study.Gender.woman.rawValue ? context.pick(ko: "여자", en: "Woman") : context.pick(ko: "남자", en: "Man")
    }

    /// A waiting person's card: the titles they earned, each with how many partners gave it (none
    /// shown that nobody gave), what they want to study, their latest review, and its action.
    static func card(_ person: Study.QueueUser, action: StudyCardAction, _ context: PageContext) -> Node<HTML.BodyContext> {
        let earned: [(title: String, count: Int)] = titles(context).enumerated().compactMap { index, title in
            guard person.reputation.indices.contains(index), person.reputation[index] > 0 else { return nil }
            return (title, person.reputation[index])
        }
        return .article(
            .class("study-card card"), .data(named: "uid", value: person.uid),
            .div(
                .class("study-card-head"),
                .h3(.class("study-nick"), .text(person.nick)),
                .span(.class("badge"), .text(gender(person.gender, context)))
            ),
            .if(!earned.isEmpty, .ul(
                .class("study-titles"), .attribute(named: "aria-label", value: context.pick(ko: "받은 칭찬", en: "Praise received")),
                .forEach(earned) { title, count in
                    .li(.class("lit"), .text(title + " "), .strong(.class("study-title-count"), .text("\(count)"),
                        .span(.class("visually-hidden"), .text(context.pick(ko: "회", en: count == 1 ? " time" : " times")))))
                }
            )),
            .if(earned.isEmpty && person.reviews.isEmpty, .p(.class("study-no-reviews"), .text(context.pick(
                ko: "아직 받은 후기가 없어요", en: "No reviews yet")))),
            .p(.class("hint"), .text(context.pick(ko: "하고 싶은 스터디", en: "Wants to study"))),
            chips(person.studylist, context),
            .unwrap(person.reviews.last) { .p(.class("study-review"), .text($0)) },
            actions(person.uid, action, context)
        )
    }

    /// Asking, an ask already sent (which can be taken back), or accepting: each a one-button form.
    private static func actions(_ uid: String, _ action: StudyCardAction, _ context: PageContext) -> Node<HTML.BodyContext> {
        let form = { (path: String, style: String, label: String) -> Node<HTML.BodyContext> in
            .form(
                .action(path: path), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("otheruid"), .value(uid)),
                .button(.class(style), .type(.submit), .text(label))
            )
        }
        return switch action {
        case .request: form(StudyPaths.request.link, "request-button", context.pick(ko: "요청하기", en: "Ask to study"))
        case .accept: form(StudyPaths.accept.link, "accept-button", context.pick(ko: "수락하기", en: "Accept"))
        case .requested: .div(
            .class("card-actions"),
            .span(.class("request-sent"), .text(context.pick(ko: "✓ 요청 보냄", en: "✓ Request sent"))),
            form(StudyPaths.withdrawRequest.link, "request-withdraw secondary", context.pick(ko: "요청 취소", en: "Withdraw"))
        )
        }
    }

    /// Read by `study.js`, which polls `/study/state.json` and reloads the page when it changes.
    static func live(_ state: StudyLiveState) -> Node<HTML.BodyContext> {
        .div(
            .id("study-live"), .attribute(named: "hidden", value: "hidden"), .data(named: "uid", value: state.uid),
            .data(named: "state", value: state.state), .data(named: "nearby", value: String(state.nearby)),
            .data(named: "received", value: String(state.received)), .data(named: "ended", value: state.partnerEnded ? "true" : "false")
        )
    }
}

/// What a result card offers.
enum StudyCardAction {
    case request
    /// I asked already: the card says so and offers to take it back.
    case requested
    case accept
}
