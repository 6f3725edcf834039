import Platform
import SproutAPI
import Vapor

/// `/lessons/list`: lessons by instrument group, region, type and price, in the chosen order,
/// twenty to a page. The filters are a plain GET form, so the list works without scripts.
struct LessonListPage: Sendable {
    let reader: PostReader

    func register(on pages: any RoutesBuilder) {
        pages.get("lessons", "list", use: list)
    }

    func list(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        let filter = LessonFilter(req)
        let page = try await PagedPosts.load(filter.query, page: filter.page, reader: reader, on: req.db)
        return LessonListView.render(context, filter: filter, page: page, viewer: req.webAccountID)
    }
}
