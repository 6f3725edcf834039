import Fluent
import Platform
import SproutAPI
import Vapor

/// `/lessons/{post_id}`: the lesson detail, its bookmark toggle, and the reviews (comments) a
/// signed-in person writes, edits and deletes; only their own can be changed.
struct LessonDetailPages: Sendable {
    let board: PostBoard
    let messenger: Messenger
    let terms: LessonTerms
    let enrolments: Enrolments

    var reviews: EnrolmentReviews { EnrolmentReviews(board: board, enrolments: enrolments, clock: terms.clock) }

    func register(on pages: any RoutesBuilder) {
        pages.get(LessonsPaths.lesson, use: detail)
        pages.post(LessonsPaths.bookmark, use: toggleBookmark)
        pages.post(LessonsPaths.reviews, use: writeReview)
        pages.get(LessonsPaths.reviewEdit, use: reviewForm)
        pages.post(LessonsPaths.reviewEdit, use: editReview)
        pages.get(LessonsPaths.reviewDelete, use: confirmDeleteReview)
        pages.post(LessonsPaths.reviewDelete, use: deleteReview)
        pages.get(LessonsPaths.report, use: reportForm)
        pages.post(LessonsPaths.report, use: report)
    }

    /// A community post's address under `/lessons/{id}` leads to the community page that shows it.
    /// A lesson the operator hid is not found, but by its teacher, who reads why.
    func detail(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        let (post, hides) = try await board.shownPost(LessonsPaths.lesson.parameters(in: req) ?? "", to: context.account?.id, on: req.db)
        if post.productID == Lessons.ProductID.community {
            return req.redirect(to: LessonsPaths.communityPost.link(post.postID), redirectType: .normal)
        }
        guard post.productID == Lessons.ProductID.lesson else { throw Abort(.notFound) }
        let asked = try req.queryFields(LessonDetailQuery.self)
        let photo = asked.photo ?? 0
        var askers: [Conversations.Conversation] = []
        if let viewer = context.account?.id, viewer == post.creator.userID {
            askers = try await messenger.conversations(about: ConversationTopic(app: "lessons", id: post.postID), of: viewer, on: req.db)
        }
        return LessonDetailView.render(context, post: post, hides: hides, photo: photo, askers: askers,
                                       notice: paymentNotice(asked.payment, post: post, context: context),
                                       booking: try await booking(post, viewer: context.account?.id, on: req.db))
    }

    /// What the lesson sells, and the viewer's enrolment and review right in it.
    private func booking(_ post: Lessons.Post, viewer: String?, on db: any Database) async throws -> LessonDetailView.Booking {
        let sells = try await terms.terms(of: post.postID, shownTo: viewer, on: db)
        guard let viewer, viewer != post.creator.userID else { return .init(terms: sells) }
        return .init(terms: sells, enrolmentID: try await enrolments.latest(of: viewer, in: post.postID, on: db)?.id,
                     reviewRight: try await reviews.right(of: viewer, on: post.postID, on: db))
    }

    /// What the checkout came back with. "Paid" is only said to someone who really is a buyer.
    private func paymentNotice(_ payment: Lessons.SandboxCheckoutRequest.Outcome?, post: Lessons.Post, context: PageContext) -> String? {
        switch payment {
        case .paid where context.account?.id.map(post.buyers.contains) == true:
            context.pick(ko: "결제가 완료됐어요. 마이페이지의 수강 내역에서 볼 수 있어요.", en: "Payment complete. It is listed under your paid lessons.")
        case .cancelled:
            context.pick(ko: "결제를 취소했어요. 결제된 금액은 없어요.", en: "Payment cancelled. Nothing was charged.")
        default: nil
        }
    }

    func toggleBookmark(_ req: Request) async throws -> Response {
        let postID = LessonsPaths.bookmark.parameters(in: req) ?? ""
        let path = LessonsPaths.lesson.link(postID)
        let visitor = try await LessonsVisitor.require(req, next: path)
        let post = try await board.lesson(postID, shownTo: visitor.accountID, on: req.db)
        _ = try await board.setLike(.like2, on: post.postID, by: visitor.accountID, to: !post.likes2.contains(visitor.accountID), on: req.db)
        return req.redirect(to: path, redirectType: .normal)
    }

    // MARK: Reviews

    func writeReview(_ req: Request) async throws -> Response {
        let postID = LessonsPaths.reviews.parameters(in: req) ?? ""
        let path = LessonsPaths.lesson.link(postID)
        let visitor = try await LessonsVisitor.require(req, next: path)
        let (post, hides) = try await board.shownLesson(postID, to: visitor.accountID, on: req.db)
        let booking = try await booking(post, viewer: visitor.accountID, on: req.db)
        switch booking.reviewRight {
        case .write, .replace: break
        case .afterFirstSession, .notEnrolled: return ReviewViews.notABuyer(visitor.context, post: post)
        }
        let review = ReviewSubmission(req)
        let draft = review.draft(visitor.context)
        guard !draft.isRefused, let rating = review.rating else {
            return LessonDetailView.render(visitor.context, post: post, hides: hides, review: draft, booking: booking, status: .badRequest)
        }
        let commentID = try await reviews.review(post.postID, by: visitor.accountID, text: review.text, rating: rating, right: booking.reviewRight, on: req.db)
        return req.redirect(to: LessonsPaths.lesson.link(post.postID, fragment: "review-\(commentID)"), redirectType: .normal)
    }

    func reviewForm(_ req: Request) async throws -> Response {
        let (postID, commentID) = LessonsPaths.reviewEdit.parameters(in: req) ?? ("", "")
        let (visitor, post, comment) = try await ownReview(req, postID: postID, commentID: commentID)
        let draft = LessonDetailView.ReviewDraft(text: comment.content, rating: comment.rating)
        return ReviewViews.editForm(visitor.context, post: post, commentID: comment.commentID, draft: draft)
    }

    func editReview(_ req: Request) async throws -> Response {
        let (postID, commentID) = LessonsPaths.reviewEdit.parameters(in: req) ?? ("", "")
        let (visitor, post, comment) = try await ownReview(req, postID: postID, commentID: commentID, next: LessonsPaths.lesson.link(postID))
        let review = ReviewSubmission(req)
        let draft = review.draft(visitor.context)
        guard !draft.isRefused, let rating = review.rating else {
            return ReviewViews.editForm(visitor.context, post: post, commentID: comment.commentID, draft: draft, status: .badRequest)
        }
        _ = try await board.editComment(comment.commentID, on: post.postID, by: visitor.accountID, content: review.text, rating: rating, on: req.db)
        return req.redirect(to: LessonsPaths.lesson.link(post.postID, fragment: "review-\(comment.commentID)"), redirectType: .normal)
    }

    func confirmDeleteReview(_ req: Request) async throws -> Response {
        let (postID, commentID) = LessonsPaths.reviewDelete.parameters(in: req) ?? ("", "")
        let (visitor, post, comment) = try await ownReview(req, postID: postID, commentID: commentID)
        return ReviewViews.confirmDelete(visitor.context, post: post, comment: comment)
    }

    func deleteReview(_ req: Request) async throws -> Response {
        let (postID, commentID) = LessonsPaths.reviewDelete.parameters(in: req) ?? ("", "")
        let (visitor, post, comment) = try await ownReview(req, postID: postID, commentID: commentID, next: LessonsPaths.lesson.link(postID))
        try await board.deleteComment(comment.commentID, on: post.postID, by: visitor.accountID, on: req.db)
        return req.redirect(to: LessonsPaths.lesson.link(post.postID, fragment: "reviews"), redirectType: .normal)
    }

    // MARK: Report

    func reportForm(_ req: Request) async throws -> Response {
        try await ReportPages().form(req, try await reportTarget(req))
    }

    func report(_ req: Request) async throws -> Response {
        try await ReportPages().submit(req, try await reportTarget(req))
    }

    /// A lesson to report; its teacher cannot report it.
    private func reportTarget(_ req: Request) async throws -> ReportPages.Target {
        let post = try await board.lesson(LessonsPaths.report.parameters(in: req) ?? "", shownTo: req.webAccountID, on: req.db)
        return ReportPages.Target(subject: ReportSubject(app: "lessons", id: post.postID, path: LessonsPaths.lesson.link(post.postID)),
                                  form: LessonsPaths.report.link(post.postID), title: post.title,
                                  isOwn: req.webAccountID == post.creator.userID) { LessonsViews.nav($0, current: "list") }
    }

    /// The signed-in person, the lesson and their review on it; someone else's review is refused
    /// before anything is read from the form.
    private func ownReview(_ req: Request, postID: String, commentID: String, next: String? = nil) async throws
        -> (LessonsVisitor, Lessons.Post, Lessons.Comment) {
        let visitor = try await LessonsVisitor.require(req, next: next)
        let post = try await board.lesson(postID, shownTo: visitor.accountID, on: req.db)
        return (visitor, post, try post.ownComment(commentID, by: visitor.accountID, refusal: ReviewViews.othersReview(visitor.context, post: post)))
    }
}
