import Platform
import Plot
import SproutAPI
import Vapor

/// The home screen as `HomePage` read it: the search box, the category tiles, a carousel for each
/// curation and the newest lessons.
enum HomeView {
    static func render(_ context: PageContext, viewer: String?, curated: [(curation: Lessons.Curation, posts: [Lessons.Post])], newest: [Lessons.Post],
                       hides: OperatorHides) -> Response {
        let sections: [(id: String, title: String, posts: [Lessons.Post])] =
            curated.map { ("curation-\($0.curation)", context.pick(ko: $0.curation.title.ko, en: $0.curation.title.en), $0.posts) }
            + [("newest", context.pick(ko: "새로 열린 레슨", en: "Just opened"), newest)]
        return LessonsViews.page(title: context.pick(ko: "올포레슨", en: "All For Lesson"), context: context, .group(
            LessonsViews.nav(context, current: "home"),
            .h1(.text(context.pick(ko: "어떤 레슨을 찾고 있나요?", en: "What would you like to learn?"))),
            keywordSearch(context),
            .div(.class("category-tiles"), .id("categories"), .forEach(Lessons.InstrumentGroup.allCases) { group in
                .a(.class("category-tile"), .id("category-\(group.rawValue)"), .href(LessonsPaths.list(group: group)),
                   group.webIcon.node(),
                   .span(.text(context.pick(ko: group.title.ko, en: group.title.en))))
            }),
            .forEach(sections) { section in
                .section(
                    .class("lesson-section"), .id(section.id),
                    .h2(.text(section.title)),
                    .if(section.posts.isEmpty,
                        LessonsViews.emptyState(context.pick(ko: "아직 소개할 레슨이 없어요.", en: "No lessons here yet.")),
                        else: .div(.class("carousel"), .forEach(section.posts) { LessonsViews.card($0, context: context, viewer: viewer, hides: hides) }))
                )
            },
            .p(.a(.class("button secondary more"), .href(LessonsPaths.list.link), .text(context.pick(ko: "모든 레슨 보기", en: "See all lessons"))))
        ))
    }

    /// Words of a title or a lesson's text find it ("piano", "첼로 입시"); hashtags are words too.
    private static func keywordSearch(_ context: PageContext) -> Node<HTML.BodyContext> {
        .form(
            .class("search-form"), .id("lesson-search"), .action(path: LessonsPaths.list.link), .method(.get),
            .input(.type(.search), .name("q"), .id("lesson-search-input"),
                   .attribute(named: "aria-label", value: context.pick(ko: "레슨 검색", en: "Search lessons")),
                   .placeholder(text: context.pick(ko: "악기, 지역, 레슨 이름으로 찾기", en: "Find by instrument, region or title"))),
            .button(.type(.submit), .id("lesson-search-submit"), .text(context.pick(ko: "검색", en: "Search")))
        )
    }
}
