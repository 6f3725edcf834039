import Platform
import SproutAPI
import Vapor

/// `/lessons`: the home screen of spec §6. Hashtag search, the 8 category tiles, the two curated
/// carousels (`content4`, spec §4.1) and the newest lessons, so a fresh install is not empty.
struct HomePage: Sendable {
    let reader: PostReader
    static let carouselSize = 10

    func register(on pages: any RoutesBuilder) {
        pages.get(LessonsPaths.home, use: home)
    }

    func home(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        let viewer = req.webAccountID
        var curated: [(curation: Lessons.Curation, posts: [Lessons.Post])] = []
        var hides = OperatorHides()
        for curation in Lessons.Curation.allCases {
            let query = PostQuery(productID: Lessons.ProductID.lesson, curation: curation.rawValue, viewer: viewer)
            let page = try await PagedPosts.load(query, page: 1, size: Self.carouselSize, reader: reader, on: req.db)
            curated.append((curation, page.posts))
            hides.formUnion(page.hides)
        }
        let newest = try await PagedPosts.load(PostQuery(productID: Lessons.ProductID.lesson, viewer: viewer), page: 1, size: Self.carouselSize,
                                               reader: reader, on: req.db)
        hides.formUnion(newest.hides)
        return HomeView.render(context, viewer: viewer, curated: curated, newest: newest.posts, hides: hides)
    }
}
