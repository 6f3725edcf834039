import Platform
import Plot
import SproutAPI
import Vapor

/// A review as `LessonDetailPages` found it: its edit form, the refusal of someone else's review,
/// and what a refused review says.
enum ReviewViews {
    static func othersReview(_ context: PageContext, post: Lessons.Post) -> Response {
        LessonsViews.refusal(
            context, title: context.pick(ko: "내가 쓴 후기만 고칠 수 있어요", en: "You can only change your own reviews"),
            message: context.pick(ko: "이 후기는 다른 사람이 썼어요. 아무것도 바뀌지 않았어요.", en: "Someone else wrote this review. Nothing was changed."),
            next: (LessonsPaths.lesson.link(post.postID, fragment: "reviews"), context.pick(ko: "레슨으로 돌아가기", en: "Back to the lesson"))
        )
    }

    static func notABuyer(_ context: PageContext, post: Lessons.Post) -> Response {
        LessonsViews.refusal(
            context, title: context.pick(ko: "결제한 수강생만 후기를 남길 수 있어요", en: "Only students who paid can review"),
            message: context.pick(ko: "후기는 레슨을 결제한 수강생이 남겨요. 아무것도 저장되지 않았어요.", en: "Reviews come from students who paid for the lesson. Nothing was saved."),
            next: (LessonsPaths.lesson.link(post.postID), context.pick(ko: "레슨으로 돌아가기", en: "Back to the lesson"))
        )
    }

    static func confirmDelete(_ context: PageContext, post: Lessons.Post, comment: Lessons.Comment) -> Response {
        LessonsViews.page(title: context.pick(ko: "후기 삭제", en: "Delete review"), context: context, .group(
            LessonsViews.nav(context, current: "list"),
            .h1(.text(context.pick(ko: "이 후기를 삭제할까요?", en: "Delete this review?"))),
            .blockquote(.class("card"), .text(comment.content)),
            .p(.class("hint"), .text(context.pick(ko: "되돌릴 수 없어요.", en: "This cannot be undone."))),
            FormWidgets.deleteConfirmation(context, action: LessonsPaths.reviewDelete.link((post.postID, comment.commentID)), cancel: LessonsPaths.lesson.link(post.postID, fragment: "reviews"))
        ))
    }

    static func editForm(_ context: PageContext, post: Lessons.Post, commentID: String, draft: LessonDetailView.ReviewDraft,
                         status: HTTPResponseStatus = .ok) -> Response {
        let title = context.pick(ko: "후기 수정", en: "Edit review")
        return LessonsViews.page(title: title, context: context, status: status, .group(
            LessonsViews.nav(context, current: "list"),
            .h1(.text(title)),
            .p(.a(.href(LessonsPaths.lesson.link(post.postID)), .text(post.title))),
            .form(
                .id("review-edit-form"), .class("stacked card"), .action(path: LessonsPaths.reviewEdit.link((post.postID, commentID))), .method(.post),
                PageLayout.csrfField(context),
                ReviewStars.picker(selected: draft.rating, error: draft.ratingError, context),
                FormWidgets.textArea("content", label: context.pick(ko: "후기", en: "Review"), value: draft.text, error: draft.error, rows: 4),
                .div(.class("inline-actions"),
                     .button(.id("review-save"), .type(.submit), .text(context.pick(ko: "저장", en: "Save"))),
                     .a(.class("button secondary"), .href(LessonsPaths.lesson.link(post.postID, fragment: "reviews")), .text(context.pick(ko: "취소", en: "Cancel"))))
            )
        ))
    }

    /// What a refused review or community comment is told.
    static func errorMessage(_ error: PostError, _ context: PageContext) -> String {
        let message = error == .commentMissing
            ? Lessons.LessonDraft.Violation.required.message
            : Lessons.LessonDraft.Violation.tooLong(max: PostBoard.maxCommentLength).message
        return context.pick(ko: message.ko, en: message.en)
    }
}
