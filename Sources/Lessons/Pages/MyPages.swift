import Platform
import SproutAPI
import Vapor

/// "마이페이지" (spec §6): the role-specific menu, the choice of role for someone who signed up
/// on the hub, and the student's paid lessons and bookmarks.
struct MyPages: Sendable {
    let board: PostBoard
    let desk: PaymentDesk

    func register(on pages: any RoutesBuilder) {
        pages.get(LessonsPaths.myPage, use: myPage)
        pages.get(LessonsPaths.role, use: roleForm)
        pages.post(LessonsPaths.role, use: chooseRole)
        pages.get(LessonsPaths.payments, use: payments)
        pages.get(LessonsPaths.bookmarks, use: bookmarks)
    }

    func myPage(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req)
        guard visitor.hasChosenRole else { return MyPageViews.roleChoice(visitor, firstVisit: true) }
        return MyPageViews.menu(visitor)
    }

    func roleForm(_ req: Request) async throws -> Response {
        MyPageViews.roleChoice(try await LessonsVisitor.require(req), firstVisit: false)
    }

    func chooseRole(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req, next: LessonsPaths.myPage.link)
        guard let role = LessonsRole(rawValue: req.formField("role")) else { return MyPageViews.roleChoice(visitor, firstVisit: !visitor.hasChosenRole, status: .badRequest) }
        try await LessonsProfiles.choose(role, for: visitor.profile, on: req.db)
        return req.redirect(to: LessonsPaths.myPage.link, redirectType: .normal)
    }

    /// "수강 내역": the receipts (payments/me), each linking to its lesson while it exists.
    func payments(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req)
        let receipts = try await desk.receipts(of: visitor.accountID, on: req.db)
        let existing = try await board.existing(receipts.map(\.postID), shownTo: visitor.accountID, on: req.db)
        return MyPageViews.payments(visitor.context, receipts: receipts, existing: existing)
    }

    /// "북마크한 레슨": like-2 (spec §2.4).
    func bookmarks(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req)
        let query = PostQuery(productID: Lessons.ProductID.lesson, likedBy: (visitor.accountID, .like2), viewer: visitor.accountID)
        let page = try await PagedPosts.load(query, page: try req.queryFields(ListPage.self).number, reader: board.reader, on: req.db)
        return MyPageViews.bookmarks(visitor.context, page: page, viewer: visitor.accountID)
    }
}
