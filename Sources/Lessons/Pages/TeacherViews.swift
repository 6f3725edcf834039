import Platform
import Plot
import SproutAPI
import Vapor

/// The teacher's pages as `TeacherPages` read and decided them: the refusals, the delete
/// confirmation, "my lessons" and "reviews on my lessons".
enum TeacherViews {
    static func teachersOnly(_ context: PageContext) -> Response {
        LessonsViews.refusal(
            context, title: context.pick(ko: "선생님만 레슨을 열고 관리할 수 있어요", en: "Only teachers open and manage lessons"),
            message: context.pick(ko: "지금은 수강생으로 쓰고 있어요. 레슨을 가르친다면 마이페이지에서 선생님으로 바꿔 주세요.",
                                  en: "You are using the app as a student. If you teach, switch to teacher on My page."),
            next: (LessonsPaths.myPage.link, context.pick(ko: "마이페이지로", en: "Go to My page"))
        )
    }

    static func othersLesson(_ context: PageContext, post: Lessons.Post) -> Response {
        LessonsViews.refusal(
            context, title: context.pick(ko: "내가 연 레슨만 고칠 수 있어요", en: "You can only change your own lessons"),
            message: context.pick(ko: "이 레슨은 다른 선생님이 열었어요. 아무것도 바뀌지 않았어요.", en: "Another teacher opened this lesson. Nothing was changed."),
            next: (LessonsPaths.lesson.link(post.postID), context.pick(ko: "레슨으로 돌아가기", en: "Back to the lesson"))
        )
    }

    static func confirmDelete(_ context: PageContext, post: Lessons.Post) -> Response {
        LessonsViews.page(title: context.pick(ko: "레슨 삭제", en: "Delete lesson"), context: context, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(context.pick(ko: "‘\(post.title)’ 레슨을 삭제할까요?", en: "Delete “\(post.title)”?"))),
            .p(.class("hint"), .text(context.pick(ko: "사진과 후기도 함께 지워지고, 되돌릴 수 없어요.", en: "Its photos and reviews go too. This cannot be undone."))),
            FormWidgets.deleteConfirmation(context, action: LessonsPaths.delete.link(post.postID), cancel: LessonsPaths.lesson.link(post.postID))
        ))
    }

    /// "나의 레슨 관리", each lesson with edit and delete.
    static func myLessons(_ context: PageContext, page: PagedPosts) -> Response {
        let title = context.pick(ko: "나의 레슨 관리", en: "My lessons")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(title)),
            .p(.a(.id("open-lesson"), .class("button"), .href(LessonsPaths.open.link), .text(context.pick(ko: "레슨 개설하기", en: "Open a lesson")))),
            .if(page.posts.isEmpty, LessonsViews.emptyState(context.pick(ko: "아직 연 레슨이 없어요.", en: "You have not opened a lesson yet."))),
            .ul(.id("my-lessons"), .class("row-list"), .forEach(page.posts) { post in
                .li(
                    .data(named: "id", value: post.postID),
                    .a(.href(LessonsPaths.lesson.link(post.postID)), .text(post.title)),
                    .span(.class("hint"), .text(LessonsViews.price(post.price, context) + " · " + LessonsViews.reviewCount(post.reviews.count, context))),
                    .if(page.hides.posts.contains(post.postID), LessonsViews.removedNotice(context)),
                    .a(.class("button secondary small"), .href(LessonsPaths.edit.link(post.postID)), .text(context.pick(ko: "수정", en: "Edit"))),
                    .a(.class("button danger small"), .href(LessonsPaths.delete.link(post.postID)), .text(context.pick(ko: "삭제", en: "Delete")))
                )
            }),
            LessonsViews.pager(page, context) { LessonsPaths.myLessons.link(query: ListPage(page: $0)) }
        ))
    }

    /// "레슨 수강 후기", each review linking to its place on its lesson.
    static func reviews(_ context: PageContext, reviews: [(lesson: Lessons.Post, review: Lessons.Comment)]) -> Response {
        let title = context.pick(ko: "레슨 수강 후기", en: "Reviews on my lessons")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(title)),
            .if(reviews.isEmpty, LessonsViews.emptyState(context.pick(ko: "아직 받은 후기가 없어요.", en: "No reviews yet."))),
            .ul(.id("my-lesson-reviews"), .class("comment-list"), .forEach(reviews) { lesson, review in
                .li(
                    .data(named: "id", value: review.commentID),
                    .p(.class("comment-head"),
                       .a(.class("review-lesson"), .href(LessonsPaths.lesson.link(lesson.postID, fragment: "review-\(review.commentID)")), .text(lesson.title))),
                    .p(.class("comment-body description"), .text(review.content)),
                    .p(.class("hint"),
                       .a(.href(LessonsPaths.profile.link(review.creator.userID)), .text(review.creator.nick)),
                       .text(" · "), context.posted(review.createdAt))
                )
            })
        ))
    }
}
