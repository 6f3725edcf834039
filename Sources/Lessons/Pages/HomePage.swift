import Platform
import Plot
import SproutAPI
import Vapor

/// `/lessons`: the home screen of spec §6. Hashtag search, the 8 category tiles, the two curated
/// carousels (`content4`, spec §4.1) and the newest lessons, so a fresh install is not empty.
struct HomePage: Sendable {
    let reader: PostReader
    static let carouselSize = 10

    func register(on pages: any RoutesBuilder) {
        pages.get("lessons", use: home)
    }

    func home(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        let viewer = req.webAccountID
        var sections: [(id: String, title: String, posts: [Lessons.Post])] = []
        for curation in Lessons.Curation.allCases {
            let query = PostQuery(productID: Lessons.ProductID.lesson, curation: curation.rawValue)
            let page = try await PagedPosts.load(query, page: 1, size: Self.carouselSize, reader: reader, on: req.db)
            sections.append(("curation-\(curation)", context.pick(ko: curation.title.ko, en: curation.title.en), page.posts))
        }
        let newest = try await PagedPosts.load(PostQuery(productID: Lessons.ProductID.lesson), page: 1, size: Self.carouselSize, reader: reader, on: req.db)
        sections.append(("newest", context.pick(ko: "새로 열린 레슨", en: "Just opened"), newest.posts))
        return LessonsViews.page(title: context.pick(ko: "올포레슨", en: "All For Lesson"), context: context, .group(
            LessonsViews.nav(context, current: "home"),
            .h1(.text(context.pick(ko: "어떤 레슨을 찾고 있나요?", en: "What would you like to learn?"))),
            HashtagPage.searchForm(context, tag: ""),
            .div(.class("category-tiles"), .id("categories"), .forEach(Lessons.InstrumentGroup.allCases) { group in
                .a(.class("category-tile"), .id("category-\(group.rawValue)"), .href("/lessons/list?group=\(group.rawValue)"),
                   .span(.class("icon"), .attribute(named: "aria-hidden", value: "true"), .text(group.icon)),
                   .span(.text(context.pick(ko: group.title.ko, en: group.title.en))))
            }),
            .forEach(sections) { section in
                .section(
                    .class("lesson-section"), .id(section.id),
                    .h2(.text(section.title)),
                    .if(section.posts.isEmpty,
                        LessonsViews.emptyState(context.pick(ko: "아직 소개할 레슨이 없어요.", en: "No lessons here yet.")),
                        else: .div(.class("carousel"), .forEach(section.posts) { LessonsViews.card($0, context: context, viewer: viewer) }))
                )
            },
            .p(.a(.class("button secondary more"), .href("/lessons/list"), .text(context.pick(ko: "모든 레슨 보기", en: "See all lessons"))))
        ))
    }
}
