import Platform
import Plot
import SproutAPI
import Vapor

/// The lesson detail (spec §6): photos, the teacher, subject, region, type, the introduction and
/// price, bookmark and apply, and the reviews with their form. Rendered by the detail page and
/// again, with the error, when a review is refused.
enum LessonDetailView {
    struct ReviewDraft {
        var text = ""
        var rating: ReviewRating?
        var error: String?
        var ratingError: String?

        var isRefused: Bool { error != nil || ratingError != nil }
    }

    /// What the lesson sells, and the viewer's part in it.
    struct Booking {
        var terms: Lessons.Terms?
        var enrolmentID: String?
        var reviewRight: EnrolmentReviews.Right = .notEnrolled
    }

    /// `hides`: the viewer's own lesson or reviews the operator hid, each said to be hidden.
    static func render(_ context: PageContext, post: Lessons.Post, hides: OperatorHides, photo: Int = 0, askers: [Conversations.Conversation] = [],
                       notice: String? = nil, review: ReviewDraft = ReviewDraft(), booking: Booking = Booking(), status: HTTPResponseStatus = .ok) -> Response {
        let viewer = context.account?.id
        let path = LessonsPaths.lesson.link(post.postID)
        let facts: [(String, String, String)] = [
            ("subject", context.pick(ko: "레슨 과목", en: "Subject"), LessonsViews.subject(post.content1, context)),
            ("region", context.pick(ko: "레슨 위치", en: "Location"), LessonsViews.region(post.content2, context)),
            ("type", context.pick(ko: "레슨 타입", en: "Type"), LessonsViews.lessonType(post.content3, context)),
        ]
        let share = SharePreview(title: post.title, description: post.content ?? "", image: post.files.first.map { "/" + $0 })
        return LessonsViews.page(title: post.title, context: context, status: status, share: share, .group(
            LessonsViews.nav(context, current: "list"),
            .if(hides.posts.contains(post.postID), LessonsViews.removedNotice(context, id: "removed-notice")),
            .unwrap(notice) { LessonsViews.notice($0, id: "lesson-notice") },
            .article(
                .class("product-detail lesson-detail"), .id("lesson-detail"), .data(named: "id", value: post.postID),
                gallery(post, selected: photo),
                .div(
                    .class("product-info"),
                    .h1(.id("lesson-title"), .text(post.title)),
                    .p(.class("teacher"), .a(.id("teacher-link"), .href(LessonsPaths.profile.link(post.creator.userID)), .text(LessonsViews.teacher(post.creator.nick, context))),
                       .text(" "), ReviewStars.summary(post, id: "lesson-rating", context)),
                    .p(.strong(.class("lesson-price"), .id("lesson-price"), .text(LessonsViews.price(post.price, context)))),
                    .dl(.class("lesson-facts"), .forEach(facts.filter { !$0.2.isEmpty }) { key, label, value in
                        .group(.dt(.text(label)), .dd(.id("lesson-\(key)"), .text(value)))
                    }),
                    .div(.class("inline-actions primary-action"), bookmarkControl(post, viewer: viewer, context: context), applyControl(post, viewer: viewer, context: context)),
                    .unwrap(booking.enrolmentID) { enrolment in
                        .p(.a(.id("enrolment-link"), .class("button secondary"), .href(LessonsPaths.enrolment.link(enrolment)),
                              .text(context.pick(ko: "수업 예약·관리", en: "Book and manage sessions"))))
                    },
                    .if(viewer != post.creator.userID, ConversationStarter.form(
                        about: .init(app: "lessons", id: post.postID), page: path, prompt: context.pick(ko: "선생님께 문의하기", en: "Ask the teacher"),
                        greeting: context.pick(ko: "안녕하세요, 레슨에 대해 여쭤보고 싶어요.", en: "Hello, I have a question about this lesson."), context)),
                    .if(viewer == post.creator.userID, ConversationStarter.askers(askers, context)),
                    .if(viewer == post.creator.userID, .div(
                        .class("owner-actions"),
                        .a(.id("edit-lesson"), .class("button secondary"), .href(LessonsPaths.edit.link(post.postID)), .text(context.pick(ko: "수정", en: "Edit"))),
                        .a(.id("edit-terms"), .class("button secondary"), .href(LessonsPaths.terms.link(post.postID)),
                           .text(booking.terms?.described == false ? context.pick(ko: "레슨 구성 입력하기", en: "Describe the sessions")
                                                                  : context.pick(ko: "레슨 구성·규정", en: "Sessions and terms"))),
                        .a(.id("schedule-link"), .class("button secondary"), .href(LessonsPaths.schedule.link), .text(context.pick(ko: "시간표", en: "My week"))),
                        .a(.id("delete-lesson"), .class("button danger"), .href(LessonsPaths.delete.link(post.postID)), .text(context.pick(ko: "삭제", en: "Delete")))
                    ))
                )
            ),
            .section(
                .id("introduction"),
                .h2(.text(context.pick(ko: "레슨 소개", en: "About this lesson"))),
                linkedText(post.content ?? "", id: "lesson-introduction", tab: .lessons),
                .if(viewer != post.creator.userID, ReportPages.link(to: LessonsPaths.report.link(post.postID), context))
            ),
            .unwrap(booking.terms) { TermsViews.summary($0, context) },
            reviews(post, viewer: viewer, hides: hides, draft: review, right: booking.reviewRight, context: context)
        ))
    }

    /// The photos; thumbnails are links (a script swaps them in place, see app.js).
    private static func gallery(_ post: Lessons.Post, selected: Int) -> Node<HTML.BodyContext> {
        guard !post.files.isEmpty else { return .div(.class("gallery"), .div(.class("product-photo"), LessonsViews.cover(post))) }
        let selected = min(max(selected, 0), post.files.count - 1)
        return .div(
            .class("gallery"),
            .img(.id("gallery-main"), .src(LessonsViews.fileURL(post.files[selected])), .alt(text: post.title)),
            .if(post.files.count > 1, .div(.class("gallery-thumbs"), .forEach(post.files.enumerated()) { index, file in
                .a(.href(LessonsPaths.lesson.link(post.postID, query: LessonDetailQuery(photo: index))), .class(index == selected ? "current" : ""), .data(named: "full", value: LessonsViews.fileURL(file)),
                   .img(.src(LessonsViews.fileURL(file)), .alt(text: "\(post.title) \(index + 1)")))
            }))
        )
    }

    /// A post's text with each `#tag` a link to its search, where the author wrote it (once, not
    /// again as a row of chips below).
    static func linkedText(_ content: String, id: String, tab: HashtagPage.Tab) -> Node<HTML.BodyContext> {
        .p(.class("description"), .id(id), .forEach(Hashtags.runs(of: content)) { run in
            switch run {
            case let .text(text): .text(text)
            case let .tag(tag): .a(.class("hashtag"), .href(LessonsPaths.hashtag(tag, tab: tab)), .text("#\(tag)"))
            }
        })
    }

    /// like-2 is the bookmark (spec §2.4).
    private static func bookmarkControl(_ post: Lessons.Post, viewer: String?, context: PageContext) -> Node<HTML.BodyContext> {
        guard let viewer else {
            return .a(.id("bookmark-button"), .class("button secondary"), .href(PlatformPaths.login(returningTo: LessonsPaths.lesson.link(post.postID))),
                      .text(context.pick(ko: "로그인하고 북마크", en: "Log in to bookmark")))
        }
        let bookmarked = post.likes2.contains(viewer)
        return .form(
            .id("bookmark-form"), .action(path: LessonsPaths.bookmark.link(post.postID)), .method(.post), .class("bookmark-form"), .data(named: "in-place", value: "true"),
            PageLayout.csrfField(context),
            .button(.id("bookmark-button"), .type(.submit), .class(bookmarked ? "bookmark-button bookmarked" : "bookmark-button"),
                    .attribute(named: "aria-pressed", value: bookmarked ? "true" : "false"),
                    Icon.bookmark.node(), .text(bookmarked ? context.pick(ko: " 북마크 해제", en: " Remove bookmark") : context.pick(ko: " 북마크", en: " Bookmark")))
        )
    }

    /// Applying is paying. A lesson shows as taken from its real buyers, not from like-1 as the
    /// published app did (spec §2.4).
    private static func applyControl(_ post: Lessons.Post, viewer: String?, context: PageContext) -> Node<HTML.BodyContext> {
        guard let viewer else {
            return .a(.id("apply-button"), .class("button"), .href(PlatformPaths.login(returningTo: LessonsPaths.checkout.link(post.postID))),
                      .text(context.pick(ko: "로그인하고 레슨 신청하기", en: "Log in to apply")))
        }
        if viewer == post.creator.userID { return .empty }
        if post.buyers.contains(viewer) {
            return .span(.id("paid-state"), .class("badge paid"), .text(context.pick(ko: "결제 완료한 레슨", en: "You paid for this lesson")))
        }
        return .a(.id("apply-button"), .class("button"), .href(LessonsPaths.checkout.link(post.postID)), .text(context.pick(ko: "레슨 신청하기", en: "Apply for this lesson")))
    }

    private static func reviews(_ post: Lessons.Post, viewer: String?, hides: OperatorHides, draft: ReviewDraft, right: EnrolmentReviews.Right,
                                context: PageContext) -> Node<HTML.BodyContext> {
        return .section(
            .id("reviews"),
            .h2(.text(context.pick(ko: "레슨 후기", en: "Reviews")), .span(.class("hint"), .id("review-count"), .text(" " + LessonsViews.reviewCount(post.reviews.count, context)))),
            reviewForm(post, viewer: viewer, draft: draft, right: right, context: context),
            .if(post.reviews.isEmpty, LessonsViews.emptyState(context.pick(ko: "아직 후기가 없어요.", en: "No reviews yet."))),
            .ul(.id("review-list"), .class("comment-list"), .forEach(post.reviews) { comment in
                .li(
                    .id("review-\(comment.commentID)"), .data(named: "id", value: comment.commentID),
                    .p(.class("comment-head"),
                       .a(.href(LessonsPaths.profile.link(comment.creator.userID)), .text(comment.creator.nick)),
                       .span(.class("hint"), .text(" · "), context.posted(comment.createdAt))),
                    .unwrap(comment.rating) { ReviewStars.shown($0, context) },
                    .p(.class("comment-body description"), .text(comment.content)),
                    .if(hides.comments.contains(comment.commentID), LessonsViews.removedNotice(context)),
                    .if(comment.creator.userID == viewer, .div(
                        .class("inline-actions"),
                        .a(.class("button secondary small edit-review"), .href(LessonsPaths.reviewEdit.link((post.postID, comment.commentID))), .text(context.pick(ko: "수정", en: "Edit"))),
                        .a(.class("button danger small delete-review"), .href(LessonsPaths.reviewDelete.link((post.postID, comment.commentID))), .text(context.pick(ko: "삭제", en: "Delete")))
                    ))
                )
            })
        )
    }

    /// The form for a student whose first session has taken place; why there is none for anyone else.
    private static func reviewForm(_ post: Lessons.Post, viewer: String?, draft: ReviewDraft, right: EnrolmentReviews.Right, context: PageContext) -> Node<HTML.BodyContext> {
        guard let viewer else {
            return .p(.a(.id("review-login"), .href(PlatformPaths.login(returningTo: LessonsPaths.lesson.link(post.postID))), .text(context.pick(ko: "로그인하고 후기 남기기", en: "Log in to write a review"))))
        }
        let replacing: Bool
        switch right {
        case .write: replacing = false
        case .replace: replacing = true
        case .afterFirstSession:
            return .p(.class("hint"), .id("review-closed"), .text(context.pick(ko: "첫 수업을 마친 뒤에 후기를 남길 수 있어요.", en: "You can review after your first session.")))
        case .notEnrolled:
            return .p(.class("hint"), .id("review-closed"), .text(post.creator.userID == viewer
                ? context.pick(ko: "내가 연 레슨에는 후기를 남길 수 없어요.", en: "You cannot review your own lesson.")
                : context.pick(ko: "레슨을 수강한 수강생만 후기를 남길 수 있어요.", en: "Only students who took this lesson can review it.")))
        }
        return .form(
            .id("review-form"), .class("stacked"), .action(path: LessonsPaths.reviews.link(post.postID)), .method(.post),
            PageLayout.csrfField(context),
            .if(replacing, .p(.class("hint"), .id("review-replaces"), .text(context.pick(ko: "이미 남긴 후기가 있어요. 다시 쓰면 새 후기로 바뀌어요.",
                                                                                      en: "You reviewed this enrolment already; writing again replaces it.")))),
            ReviewStars.picker(selected: draft.rating, error: draft.ratingError, context),
            FormWidgets.textArea("content", label: context.pick(ko: "후기 쓰기", en: "Write a review"), value: draft.text, error: draft.error, rows: 3),
            .button(.id("review-submit"), .type(.submit), .text(context.pick(ko: "후기 남기기", en: "Post review")))
        )
    }
}
