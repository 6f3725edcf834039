import Platform
import Plot
import SproutAPI
import Vapor

/// The hashtag search as `HashtagPage` found it: the empty search with the app's suggestions, the
/// results in two tabs, and the search box the home page shares.
enum HashtagViews {
    static func start(_ context: PageContext) -> Response {
        let title = context.pick(ko: "해시태그 검색", en: "Search by hashtag")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "hashtags"),
            .h1(.text(title)),
            searchForm(context, tag: ""),
            suggestions(Lessons.hashtagSuggestions, context, heading: context.pick(ko: "추천 해시태그", en: "Suggested hashtags"))
        ))
    }

    /// `pages` holds every tab's results, for the counts on the tabs; `tab` is the one shown.
    static func results(_ context: PageContext, tag: String, tab: HashtagPage.Tab, pages: [HashtagPage.Tab: PagedPosts],
                        related: [String], viewer: String?) -> Response {
        let title = "#\(tag)"
        let page = pages[tab]!
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "hashtags"),
            .h1(.id("hashtag-title"), .text(title)),
            searchForm(context, tag: tag),
            .if(!related.isEmpty, suggestions(related, context, heading: context.pick(ko: "비슷한 해시태그", en: "Related hashtags"))),
            .nav(.class("app-nav tabs"), .attribute(named: "aria-label", value: context.pick(ko: "검색 결과", en: "Results")), .forEach(HashtagPage.Tab.allCases) { each in
                .a(.id("tab-\(each.rawValue)"), .href(LessonsPaths.hashtag(tag, tab: each)), .class(each == tab ? "current" : ""),
                   .attribute(named: "aria-current", value: each == tab ? "page" : ""),
                   .text(context.pick(ko: each.title.ko, en: each.title.en) + " \(pages[each]?.total ?? 0)"))
            }),
            .if(page.posts.isEmpty, LessonsViews.emptyState(context.pick(ko: "#\(tag) 글이 없어요.", en: "Nothing tagged #\(tag) yet."))),
            .if(tab == .lessons,
                LessonsViews.cards(page.posts, context: context, viewer: viewer, hides: page.hides, id: "hashtag-results"),
                else: CommunityViews.rows(page.posts, context, hides: page.hides, id: "hashtag-results")),
            LessonsViews.pager(page, context) { LessonsPaths.hashtag(tag, tab: tab, page: $0) }
        ))
    }

    /// The search box of the home and hashtag pages; the browser offers the app's suggestions.
    static func searchForm(_ context: PageContext, tag: String) -> Node<HTML.BodyContext> {
        .form(
            .class("search-form"), .id("hashtag-search"), .action(path: LessonsPaths.hashtags.link), .method(.get),
            .input(.type(.search), .name("tag"), .id("hashtag-input"), .value(tag), .attribute(named: "list", value: "hashtag-suggestions"),
                   .attribute(named: "aria-label", value: context.pick(ko: "해시태그", en: "Hashtag")),
                   .placeholder(text: context.pick(ko: "#해시태그로 레슨 찾기", en: "Find lessons by #hashtag"))),
            .datalist(.id("hashtag-suggestions"), .forEach(Lessons.hashtagSuggestions) { .option(.value($0)) }),
            .button(.type(.submit), .id("hashtag-submit"), .text(context.pick(ko: "검색", en: "Search")))
        )
    }

    private static func suggestions(_ tags: [String], _ context: PageContext, heading: String) -> Node<HTML.BodyContext> {
        .section(
            .class("suggestions"), .id("hashtag-suggestion-list"),
            .h2(.class("hint"), .text(heading)),
            .div(.class("chips"), .forEach(tags) { suggestion in
                .a(.class("chip"), .href(LessonsPaths.hashtag(suggestion)), .text("#\(suggestion)"))
            })
        )
    }
}
