import Platform
import Plot
import SproutAPI
import Vapor

/// `/lessons/hashtags?tag=…&tab=lessons|community`: posts by hashtag in two tabs. The published
/// app filled both tabs with the same lesson list (spec §6); here "lessons" searches lesson posts
/// and "community" searches community posts.
struct HashtagPage: Sendable {
    let reader: PostReader

    enum Tab: String, CaseIterable, Sendable {
        case lessons, community

        var productID: String { self == .lessons ? Lessons.ProductID.lesson : Lessons.ProductID.community }
        var title: (ko: String, en: String) { self == .lessons ? ("레슨", "Lessons") : ("커뮤니티", "Community") }
    }

    func register(on pages: any RoutesBuilder) {
        pages.get("lessons", "hashtags", use: search)
    }

    func search(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        let tag = Hashtags.normalize(req.query[String.self, at: "tag"] ?? "")
        let tab = Tab(rawValue: req.query[String.self, at: "tab"] ?? "") ?? .lessons
        let number = PagedPosts.number(req.query[String.self, at: "page"])
        let title = tag.isEmpty ? context.pick(ko: "해시태그 검색", en: "Search by hashtag") : "#\(tag)"
        guard !tag.isEmpty else {
            return LessonsViews.page(title: title, context: context, .group(
                LessonsViews.nav(context, current: "hashtags"),
                .h1(.text(title)),
                Self.searchForm(context, tag: ""),
                suggestions(Lessons.hashtagSuggestions, context, heading: context.pick(ko: "추천 해시태그", en: "Suggested hashtags"))
            ))
        }
        var pages: [Tab: PagedPosts] = [:]
        for each in Tab.allCases {
            pages[each] = try await PagedPosts.load(PostQuery(productID: each.productID, hashtag: tag), page: each == tab ? number : 1, reader: reader, on: req.db)
        }
        let page = pages[tab]!
        func link(_ tab: Tab, page: Int = 1) -> String {
            "/lessons/hashtags?tag=\(LessonsViews.escaped(tag))&tab=\(tab.rawValue)" + (page > 1 ? "&page=\(page)" : "")
        }
        let related = Lessons.hashtagSuggestions.filter { $0 != tag && ($0.contains(tag) || tag.contains($0)) }
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "hashtags"),
            .h1(.id("hashtag-title"), .text(title)),
            Self.searchForm(context, tag: tag),
            .if(!related.isEmpty, suggestions(related, context, heading: context.pick(ko: "비슷한 해시태그", en: "Related hashtags"))),
            .nav(.class("app-nav tabs"), .attribute(named: "aria-label", value: context.pick(ko: "검색 결과", en: "Results")), .forEach(Tab.allCases) { each in
                .a(.id("tab-\(each.rawValue)"), .href(link(each)), .class(each == tab ? "current" : ""),
                   .attribute(named: "aria-current", value: each == tab ? "page" : ""),
                   .text(context.pick(ko: each.title.ko, en: each.title.en) + " \(pages[each]?.total ?? 0)"))
            }),
            .if(page.posts.isEmpty, LessonsViews.emptyState(context.pick(ko: "#\(tag) 글이 없어요.", en: "Nothing tagged #\(tag) yet."))),
            .if(tab == .lessons,
                LessonsViews.cards(page.posts, context: context, viewer: req.webAccountID, id: "hashtag-results"),
                else: CommunityViews.rows(page.posts, context, id: "hashtag-results")),
            LessonsViews.pager(page, context) { link(tab, page: $0) }
        ))
    }

    /// The search box of the home and hashtag pages; the browser offers the app's suggestions.
    static func searchForm(_ context: PageContext, tag: String) -> Node<HTML.BodyContext> {
        .form(
            .class("search-form"), .id("hashtag-search"), .action("/lessons/hashtags"), .method(.get),
            .input(.type(.search), .name("tag"), .id("hashtag-input"), .value(HTMLAttribute.escape(tag)), .attribute(named: "list", value: "hashtag-suggestions"),
                   .attribute(named: "aria-label", value: context.pick(ko: "해시태그", en: "Hashtag")),
                   .placeholder(context.pick(ko: "#해시태그로 레슨 찾기", en: "Find lessons by #hashtag"))),
            .datalist(.id("hashtag-suggestions"), .forEach(Lessons.hashtagSuggestions) { .option(.value($0)) }),
            .button(.type(.submit), .id("hashtag-submit"), .text(context.pick(ko: "검색", en: "Search")))
        )
    }

    private func suggestions(_ tags: [String], _ context: PageContext, heading: String) -> Node<HTML.BodyContext> {
        .section(
            .class("suggestions"), .id("hashtag-suggestion-list"),
            .h2(.class("hint"), .text(heading)),
            .div(.class("chips"), .forEach(tags) { suggestion in
                .a(.class("chip"), .href("/lessons/hashtags?tag=\(LessonsViews.escaped(suggestion))"), .text("#\(suggestion)"))
            })
        )
    }
}
