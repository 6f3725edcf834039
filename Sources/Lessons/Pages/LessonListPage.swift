import Platform
import SproutAPI
import Vapor

/// `/lessons/list`: lessons by words (of the title, text, instrument, region, place or teacher,
/// forgiving typos and spacing when nothing matches as typed), instrument group, region, 시/군/구,
/// online or in person, type, price per session and stars, in the chosen order, twenty to a page. The filters are a plain GET form, so the list
/// works without scripts. A search for one `#tag` goes to that hashtag's page.
struct LessonListPage: Sendable {
    let reader: PostReader
    let districts: Districts

    func register(on pages: any RoutesBuilder) {
        pages.get(LessonsPaths.list, use: list)
    }

    func list(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        let fields = try req.queryFields(LessonFilter.Fields.self)
        let typed = (fields.q ?? "").trimmingCharacters(in: .whitespaces)
        if typed.hasPrefix("#"), !typed.contains(where: \.isWhitespace), !Hashtags.normalize(typed).isEmpty {
            return req.redirect(to: LessonsPaths.hashtag(Hashtags.normalize(typed)), redirectType: .normal)
        }
        let filter = LessonFilter(fields, districts: districts)
        var query = filter.query
        query.viewer = req.webAccountID
        let page = try await PagedPosts.load(query, page: filter.page, reader: reader, on: req.db)
        return LessonListView.render(context, filter: filter, page: page, viewer: req.webAccountID, districts: districts)
    }
}
