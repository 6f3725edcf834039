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

    /// A waiting person's card with its one action (request or accept) as a form.
    static func card(_ person: Study.QueueUser, action: (path: String, label: String, id: String), _ context: PageContext) -> Node<HTML.BodyContext> {
        .article(
            .class("study-card card"), .data(named: "uid", value: person.uid),
            .div(
                .class("study-card-head"),
                .h3(.class("study-nick"), .text(person.nick)),
                .span(.class("badge"), .text(gender(person.gender, context)))
            ),
            .ul(.class("study-titles"), .forEach(titles(context).enumerated()) { index, title in
                .li(.class(person.reputation.indices.contains(index) && person.reputation[index] > 0 ? "lit" : ""), .text(title))
            }),
            .p(.class("hint"), .text(context.pick(ko: "하고 싶은 스터디", en: "Wants to study"))),
            chips(person.studylist, context),
            .p(.class("study-review"), .text(person.reviews.first ?? context.pick(ko: "첫 리뷰를 기다리는 중이에요.", en: "No reviews yet."))),
            .form(
                .action(path: action.path), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("otheruid"), .value(person.uid)),
                .button(.class(action.id), .type(.submit), .text(action.label))
            )
        )
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
