import Platform
import Plot
import SproutAPI
import Vapor

/// "마이페이지" as `MyPages` found it: the role-specific menu, the choice of role, the paid
/// lessons and the bookmarks.
enum MyPageViews {
    static func menu(_ visitor: LessonsVisitor) -> Response {
        let context = visitor.context
        let menu: [(id: String, href: String, ko: String, en: String)] = visitor.isTeacher
            ? [("open-lesson", LessonsPaths.open.link, "레슨 개설하기", "Open a lesson"),
               ("my-lessons-link", LessonsPaths.myLessons.link, "나의 레슨 관리", "Manage my lessons"),
               ("schedule-link", LessonsPaths.schedule.link, "레슨 시간표", "My teaching week"),
               ("enrolments-link", LessonsPaths.enrolments.link, "내 수강생과 일정", "My students and sessions"),
               ("my-reviews-link", LessonsPaths.myReviews.link, "레슨 수강 후기", "Reviews on my lessons")]
            : [("enrolments-link", LessonsPaths.enrolments.link, "내 수업 일정", "My sessions"),
               ("payments-link", LessonsPaths.payments.link, "수강 내역", "Paid lessons"),
               ("bookmarks-link", LessonsPaths.bookmarks.link, "북마크한 레슨", "Bookmarked lessons")]
        let common: [(id: String, href: String, ko: String, en: String)] = [
            ("profile-link", LessonsPaths.profile.link(visitor.accountID), "내 프로필", "My profile"),
            ("community-link", LessonsPaths.community.link, "커뮤니티", "Community"),
            ("role-link", LessonsPaths.role.link, "선생님/수강생 바꾸기", "Switch teacher/student"),
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

    /// The app's onboarding choice: "수강생: 음악 레슨을 찾고 있어요" or "선생님: 레슨 수강생을 찾고 있어요".
    static func roleChoice(_ visitor: LessonsVisitor, firstVisit: Bool, status: HTTPResponseStatus = .ok) -> Response {
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
                .id("role-form"), .class("role-choices"), .action(path: LessonsPaths.role.link), .method(.post),
                PageLayout.csrfField(context),
                .forEach(choices) { role, ko, en in
                    .button(.id("role-\(role.rawValue)"), .type(.submit), .name("role"), .value(role.rawValue),
                            .class(visitor.hasChosenRole && visitor.profile.role == role ? "role-choice current" : "role-choice secondary"),
                            .text(context.pick(ko: ko, en: en)))
                }
            )
        ))
    }

    /// "수강 내역": a receipt whose lesson is gone keeps its name, without a link.
    static func payments(_ context: PageContext, receipts: [Lessons.Receipt], existing: Set<String>) -> Response {
        let title = context.pick(ko: "수강 내역", en: "Paid lessons")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(title)),
            .if(receipts.isEmpty, LessonsViews.emptyState(context.pick(ko: "아직 결제한 레슨이 없어요.", en: "You have not paid for a lesson yet."))),
            .ul(.id("paid-lessons"), .class("row-list"), .forEach(receipts) { receipt in
                .li(
                    .data(named: "id", value: receipt.postID),
                    existing.contains(receipt.postID)
                        ? .a(.href(LessonsPaths.lesson.link(receipt.postID)), .text(receipt.productName))
                        : .span(.text(receipt.productName + context.pick(ko: " (삭제된 레슨)", en: " (deleted lesson)"))),
                    .span(.class("hint"), .text(LessonsViews.price(receipt.price, context) + " · " + context.day(receipt.paidAt)))
                )
            })
        ))
    }

    /// "북마크한 레슨", as cards with the pager.
    static func bookmarks(_ context: PageContext, page: PagedPosts, viewer: String) -> Response {
        let title = context.pick(ko: "북마크한 레슨", en: "Bookmarked lessons")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(title)),
            .if(page.posts.isEmpty, LessonsViews.emptyState(context.pick(ko: "북마크한 레슨이 없어요.", en: "No bookmarks yet."))),
            LessonsViews.cards(page.posts, context: context, viewer: viewer, hides: page.hides, id: "bookmarked-lessons"),
            LessonsViews.pager(page, context) { LessonsPaths.bookmarks.link(query: ListPage(page: $0)) }
        ))
    }
}
