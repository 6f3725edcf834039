import Platform
import Plot
import SproutAPI
import Vapor

/// `/lessons/{post_id}`: the lesson detail, its bookmark toggle, and the reviews (comments) a
/// signed-in person writes, edits and deletes; only their own can be changed.
struct LessonDetailPages: Sendable {
    let board: PostBoard

    func register(on pages: any RoutesBuilder) {
        pages.get("lessons", ":post_id", use: detail)
        pages.post("lessons", ":post_id", "bookmark", use: toggleBookmark)
        pages.post("lessons", ":post_id", "reviews", use: writeReview)
        pages.get("lessons", ":post_id", "reviews", ":comment_id", "edit", use: reviewForm)
        pages.post("lessons", ":post_id", "reviews", ":comment_id", "edit", use: editReview)
        pages.post("lessons", ":post_id", "reviews", ":comment_id", "delete", use: deleteReview)
    }

    /// A community post's address under `/lessons/{id}` leads to the community page that shows it.
    func detail(_ req: Request) async throws -> Response {
        let post = try await board.post(req.postIDParameter, on: req.db)
        if post.productID == Lessons.ProductID.community {
            return req.redirect(to: "/lessons/community/\(post.postID)", redirectType: .normal)
        }
        guard post.productID == Lessons.ProductID.lesson else { throw Abort(.notFound) }
        let context = try await PageContext.load(for: req)
        let photo = req.query[String.self, at: "photo"].flatMap { Int($0) } ?? 0
        return LessonDetailView.render(context, post: post, photo: photo, notice: paymentNotice(req, post: post, context: context))
    }

    /// What the checkout came back with. "Paid" is only said to someone who really is a buyer.
    private func paymentNotice(_ req: Request, post: Lessons.Post, context: PageContext) -> String? {
        switch req.query[String.self, at: "payment"] {
        case "paid" where context.account?.id.map(post.buyers.contains) == true:
            context.pick(ko: "결제가 완료됐어요. 마이페이지의 수강 내역에서 볼 수 있어요.", en: "Payment complete. It is listed under your paid lessons.")
        case "cancelled":
            context.pick(ko: "결제를 취소했어요. 결제된 금액은 없어요.", en: "Payment cancelled. Nothing was charged.")
        default: nil
        }
    }

    func toggleBookmark(_ req: Request) async throws -> Response {
        let path = "/lessons/\(req.postIDParameter)"
        let visitor = try await LessonsVisitor.require(req, next: path)
        let post = try await board.lesson(req.postIDParameter, on: req.db)
        _ = try await board.setLike(.like2, on: post.postID, by: visitor.accountID, to: !post.likes2.contains(visitor.accountID), on: req.db)
        return req.redirect(to: path, redirectType: .normal)
    }

    // MARK: Reviews

    func writeReview(_ req: Request) async throws -> Response {
        let path = "/lessons/\(req.postIDParameter)"
        let visitor = try await LessonsVisitor.require(req, next: path)
        let post = try await board.lesson(req.postIDParameter, on: req.db)
        let text = req.formField("content")
        do {
            _ = try await board.comment(on: post.postID, by: visitor.accountID, content: text, on: req.db)
        } catch let error as PostError where LessonsPageErrors.status(of: error) == .badRequest {
            let draft = LessonDetailView.ReviewDraft(text: text, error: Self.reviewError(error, visitor.context))
            return LessonDetailView.render(visitor.context, post: post, review: draft, status: .badRequest)
        }
        return req.redirect(to: path + "#reviews", redirectType: .normal)
    }

    func reviewForm(_ req: Request) async throws -> Response {
        let (visitor, post, comment) = try await ownReview(req)
        return renderReviewForm(visitor.context, post: post, commentID: comment.commentID, text: comment.content, error: nil)
    }

    func editReview(_ req: Request) async throws -> Response {
        let (visitor, post, comment) = try await ownReview(req, next: "/lessons/\(req.postIDParameter)")
        let text = req.formField("content")
        do {
            _ = try await board.editComment(comment.commentID, on: post.postID, by: visitor.accountID, content: text, on: req.db)
        } catch let error as PostError where LessonsPageErrors.status(of: error) == .badRequest {
            return renderReviewForm(visitor.context, post: post, commentID: comment.commentID, text: text,
                                    error: Self.reviewError(error, visitor.context), status: .badRequest)
        }
        return req.redirect(to: "/lessons/\(post.postID)#review-\(comment.commentID)", redirectType: .normal)
    }

    func deleteReview(_ req: Request) async throws -> Response {
        let (visitor, post, comment) = try await ownReview(req, next: "/lessons/\(req.postIDParameter)")
        try await board.deleteComment(comment.commentID, on: post.postID, by: visitor.accountID, on: req.db)
        return req.redirect(to: "/lessons/\(post.postID)#reviews", redirectType: .normal)
    }

    /// The signed-in person, the lesson and their review `:comment_id` on it; someone else's
    /// review is refused before anything is read from the form.
    private func ownReview(_ req: Request, next: String? = nil) async throws -> (LessonsVisitor, Lessons.Post, Lessons.Comment) {
        let visitor = try await LessonsVisitor.require(req, next: next)
        let post = try await board.lesson(req.postIDParameter, on: req.db)
        guard let comment = post.comments.first(where: { $0.commentID == req.parameters.get("comment_id") }) else { throw Abort(.notFound) }
        guard comment.creator.userID == visitor.accountID else { throw PageExit(refuseOthersReview(visitor.context, post: post)) }
        return (visitor, post, comment)
    }

    private func refuseOthersReview(_ context: PageContext, post: Lessons.Post) -> Response {
        LessonsViews.refusal(
            context, title: context.pick(ko: "내가 쓴 후기만 고칠 수 있어요", en: "You can only change your own reviews"),
            message: context.pick(ko: "이 후기는 다른 사람이 썼어요. 아무것도 바뀌지 않았어요.", en: "Someone else wrote this review. Nothing was changed."),
            next: ("/lessons/\(post.postID)#reviews", context.pick(ko: "레슨으로 돌아가기", en: "Back to the lesson"))
        )
    }

    private func renderReviewForm(_ context: PageContext, post: Lessons.Post, commentID: String, text: String, error: String?, status: HTTPResponseStatus = .ok) -> Response {
        let title = context.pick(ko: "후기 수정", en: "Edit review")
        return LessonsViews.page(title: title, context: context, status: status, .group(
            LessonsViews.nav(context, current: "list"),
            .h1(.text(title)),
            .p(.a(.href("/lessons/\(post.postID)"), .text(post.title))),
            .form(
                .id("review-edit-form"), .class("stacked card"), .action("/lessons/\(post.postID)/reviews/\(commentID)/edit"), .method(.post),
                PageLayout.csrfField(context),
                FormWidgets.textArea("content", label: context.pick(ko: "후기", en: "Review"), value: text, error: error, rows: 4),
                .div(.class("inline-actions"),
                     .button(.id("review-save"), .type(.submit), .text(context.pick(ko: "저장", en: "Save"))),
                     .a(.class("button secondary"), .href("/lessons/\(post.postID)#reviews"), .text(context.pick(ko: "취소", en: "Cancel"))))
            )
        ))
    }

    static func reviewError(_ error: PostError, _ context: PageContext) -> String {
        let message = error == .commentMissing
            ? Lessons.LessonDraft.Violation.required.message
            : Lessons.LessonDraft.Violation.tooLong(max: PostBoard.maxCommentLength).message
        return context.pick(ko: message.ko, en: message.en)
    }
}
