import Platform
import SproutAPI
import Vapor

/// `/lessons/hashtags?tag=…&tab=lessons|community`: posts by hashtag in two tabs. The published
/// app filled both tabs with the same lesson list (spec §6); here "lessons" searches lesson posts
/// and "community" searches community posts.
struct HashtagPage: Sendable {
    let reader: PostReader

    /// The address's fields: the tag, the tab and the page within it.
    struct Query: Codable {
        var tag: String?
        var tab: Tab?
        var page: Int?
    }

    enum Tab: String, CaseIterable, Sendable, Codable {
        case lessons, community

        var productID: String { self == .lessons ? Lessons.ProductID.lesson : Lessons.ProductID.community }
        var title: (ko: String, en: String) { self == .lessons ? ("레슨", "Lessons") : ("커뮤니티", "Community") }
    }

    func register(on pages: any RoutesBuilder) {
        pages.get(LessonsPaths.hashtags, use: search)
    }

    func search(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        let asked = try req.queryFields(Query.self)
        let tag = Hashtags.normalize(asked.tag ?? "")
        let tab = asked.tab ?? .lessons
        let number = asked.page ?? 1
        guard !tag.isEmpty else { return HashtagViews.start(context) }
        var pages: [Tab: PagedPosts] = [:]
        for each in Tab.allCases {
            let query = PostQuery(productID: each.productID, hashtag: tag, viewer: req.webAccountID)
            pages[each] = try await PagedPosts.load(query, page: each == tab ? number : 1, reader: reader, on: req.db)
        }
        let related = Lessons.hashtagSuggestions.filter { $0 != tag && ($0.contains(tag) || tag.contains($0)) }
        return HashtagViews.results(context, tag: tag, tab: tab, pages: pages, related: related, viewer: req.webAccountID)
    }
}
