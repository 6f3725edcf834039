import Platform
import Plot
import SproutAPI
import Vapor

/// "마이페이지" (spec §6): the role-specific menu, the choice of role for someone who signed up
/// on the hub, and the student's paid lessons and bookmarks.
struct MyPages: Sendable {
    let board: PostBoard
    let desk: PaymentDesk

    func register(on pages: any RoutesBuilder) {
        pages.get("lessons", "me", use: myPage)
        pages.get("lessons", "me", "role", use: roleForm)
        pages.post("lessons", "me", "role", use: chooseRole)
        pages.get("lessons", "me", "payments", use: payments)
        pages.get("lessons", "me", "bookmarks", use: bookmarks)
    }

    func myPage(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req)
        guard visitor.hasChosenRole else { return renderRoleChoice(visitor, firstVisit: true) }
        let context = visitor.context
        let menu: [(id: String, href: String, ko: String, en: String)] = visitor.isTeacher
            ? [("open-lesson", "/lessons/new", "레슨 개설하기", "Open a lesson"),
               ("my-lessons-link", "/lessons/me/lessons", "나의 레슨 관리", "Manage my lessons"),
               ("my-reviews-link", "/lessons/me/reviews", "레슨 수강 후기", "Reviews on my lessons")]
            : [("payments-link", "/lessons/me/payments", "수강 내역", "Paid lessons"),
               ("bookmarks-link", "/lessons/me/bookmarks", "북마크한 레슨", "Bookmarked lessons")]
        let common: [(id: String, href: String, ko: String, en: String)] = [
            ("profile-link", "/lessons/users/\(visitor.accountID)", "내 프로필", "My profile"),
            ("community-link", "/lessons/community", "커뮤니티", "Community"),
            ("role-link", "/lessons/me/role", "선생님/수강생 바꾸기", "Switch teacher/student"),
        ]
        return LessonsViews.page(title: context.pick(ko: "마이페이지", en: "My page"), context: context, .group(
            LessonsViews.nav(context, current: "me"),
            .div(
                .class("card profile-card"), .id("my-profile"),
                .h1(.id("my-nick"), .text(visitor.profile.nick)),
                .p(.class("hint"), .text(context.account?.email ?? "")),
                .span(.class("badge"), .id("my-role"), .data(named: "role", value: visitor.profile.role.rawValue), .text(LessonsViews.role(visitor.profile.role, context)))
            ),
            .ul(.class("menu-list"), .id("my-menu"), .forEach(menu + common) { item in
                .li(.a(.id(item.id), .href(item.href), .text(context.pick(ko: item.ko, en: item.en))))
            })
        ))
    }

    func roleForm(_ req: Request) async throws -> Response {
        renderRoleChoice(try await LessonsVisitor.require(req), firstVisit: false)
    }

    /// Sets the role, and the published app's role flag with it ("1" teacher, "0" student, spec
    /// §4.3), unless that field holds something else a sibling app stored there.
    func chooseRole(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req, next: "/lessons/me")
        guard let role = LessonsRole(rawValue: req.formField("role")) else { return renderRoleChoice(visitor, firstVisit: !visitor.hasChosenRole, status: .badRequest) }
        let profile = visitor.profile
        profile.role = role
        if ["", "0", "1"].contains(profile.phoneNum) { profile.phoneNum = role == .teacher ? "1" : "0" }
        try await profile.save(on: req.db)
        return req.redirect(to: "/lessons/me", redirectType: .normal)
    }

    /// The app's onboarding choice: "수강생: 음악 레슨을 찾고 있어요" or "선생님: 레슨 수강생을 찾고 있어요".
    private func renderRoleChoice(_ visitor: LessonsVisitor, firstVisit: Bool, status: HTTPResponseStatus = .ok) -> Response {
        let context = visitor.context
        let title = context.pick(ko: "올포레슨에서 무엇을 하나요?", en: "What brings you to All For Lesson?")
        let choices: [(LessonsRole, String, String)] = [
            (.student, "수강생: 음악 레슨을 찾고 있어요", "Student: I am looking for music lessons"),
            (.teacher, "선생님: 레슨 수강생을 찾고 있어요", "Teacher: I am looking for students"),
        ]
        return LessonsViews.page(title: title, context: context, status: status, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.id("role-title"), .text(title)),
            .p(.class("hint"), .text(firstVisit
                ? context.pick(ko: "처음 오셨네요. 하나를 골라 주세요. 나중에 마이페이지에서 바꿀 수 있어요.", en: "Welcome! Pick one; you can change it later on My page.")
                : context.pick(ko: "지금은 \(LessonsViews.role(visitor.profile.role, context))으로 쓰고 있어요.", en: "You are using the app as a \(LessonsViews.role(visitor.profile.role, context).lowercased())."))),
            .form(
                .id("role-form"), .class("role-choices"), .action("/lessons/me/role"), .method(.post),
                PageLayout.csrfField(context),
                .forEach(choices) { role, ko, en in
                    .button(.id("role-\(role.rawValue)"), .type(.submit), .name("role"), .value(role.rawValue),
                            .class(visitor.hasChosenRole && visitor.profile.role == role ? "role-choice current" : "role-choice secondary"),
                            .text(context.pick(ko: ko, en: en)))
                }
            )
        ))
    }

    /// "수강 내역": the receipts (payments/me), each linking to its lesson while it exists.
    func payments(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req)
        let context = visitor.context
        let receipts = try await desk.receipts(of: visitor.accountID, on: req.db)
        let existing = try await board.existing(receipts.map(\.postID), on: req.db)
        let title = context.pick(ko: "수강 내역", en: "Paid lessons")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(title)),
            .if(receipts.isEmpty, LessonsViews.emptyState(context.pick(ko: "아직 결제한 레슨이 없어요.", en: "You have not paid for a lesson yet."))),
            .ul(.id("paid-lessons"), .class("row-list"), .forEach(receipts) { receipt in
                .li(
                    .data(named: "id", value: receipt.postID),
                    existing.contains(receipt.postID)
                        ? .a(.href("/lessons/\(receipt.postID)"), .text(receipt.productName))
                        : .span(.text(receipt.productName + context.pick(ko: " (삭제된 레슨)", en: " (deleted lesson)"))),
                    .span(.class("hint"), .text(LessonsViews.price(receipt.price, context) + " · " + LessonsViews.day(receipt.paidAt)))
                )
            })
        ))
    }

    /// "북마크한 레슨": like-2 (spec §2.4).
    func bookmarks(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req)
        let context = visitor.context
        let query = PostQuery(productID: Lessons.ProductID.lesson, likedBy: (visitor.accountID, .like2))
        let page = try await PagedPosts.load(query, page: PagedPosts.number(req.query[String.self, at: "page"]), reader: board.reader, on: req.db)
        let title = context.pick(ko: "북마크한 레슨", en: "Bookmarked lessons")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(title)),
            .if(page.posts.isEmpty, LessonsViews.emptyState(context.pick(ko: "북마크한 레슨이 없어요.", en: "No bookmarks yet."))),
            LessonsViews.cards(page.posts, context: context, viewer: visitor.accountID, id: "bookmarked-lessons"),
            LessonsViews.pager(page, context) { "/lessons/me/bookmarks?page=\($0)" }
        ))
    }
}
