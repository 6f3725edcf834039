import Foundation
import Observation
import SproutAPI
import SproutKit

/// A lesson's detail (spec §6, Lesson detail): the bookmark (like-2), applying and paying, and the
/// reviews (comments), where a person may edit and delete their own.
@MainActor @Observable
public final class LessonDetailViewModel {
    // MARK: Outputs
    public private(set) var lesson: Lessons.Post?
    public private(set) var payment: LessonPayment = .idle
    /// The review being written, or the edit of `editingReviewID`, and its stars.
    public private(set) var reviewText = ""
    public private(set) var reviewRating: ReviewRating?
    public private(set) var editingReviewID: String?
    public private(set) var isLoading = false
    public private(set) var isSendingReview = false
    public private(set) var alert: String?

    /// The buyers' comments: the contract keeps everyone's, a review comes from a buyer.
    public var reviews: [Lessons.Comment] { lesson?.reviews ?? [] }
    /// The buyers' mean stars, nil while none has rated the lesson (the app hard-coded "4.8").
    public var rating: RatingSummary? { lesson?.rating }
    /// Whether to show the review field: to a buyer who is not the lesson's teacher.
    public var mayReview: Bool { lesson?.mayBeReviewed(by: userID) ?? false }
    public var isBookmarked: Bool { lesson?.likes2.contains(userID) ?? false }
    /// From `buyers`, where the server records purchases (the app wrongly looked at `likes`).
    public var isPurchased: Bool { lesson?.buyers.contains(userID) ?? false }
    public var isReviewSendEnabled: Bool {
        (mayReview || editingReviewID != nil) && reviewRating != nil
            && !reviewText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && !isSendingReview
    }

    public func isMine(_ review: Lessons.Comment) -> Bool { review.creator.userID == userID }

    let lessons: any LessonsService
    let postID: String
    let userID: String
    private var isTogglingBookmark = false

    /// - Parameter userID: the signed-in person, to know their bookmark, purchase and reviews.
    public init(lessons: any LessonsService, postID: String, userID: String) {
        self.lessons = lessons
        self.postID = postID
        self.userID = userID
    }

    // MARK: Inputs

    public func viewDidAppear() async {
        isLoading = true
        defer { isLoading = false }
        await reload()
    }

    /// Asks for the opposite of what the last detail said, as the app computes it, then re-reads
    /// the detail so the icon shows the server's state.
    public func bookmarkTapped() async {
        guard let lesson, !isTogglingBookmark else { return }
        isTogglingBookmark = true
        defer { isTogglingBookmark = false }
        do {
            _ = try await lessons.setLike2(!lesson.likes2.contains(userID), postID: postID)
        } catch {
            alert = LessonsAlert.message(for: error, fallback: "북마크를 바꾸지 못했어요. 다시 시도해 주세요.")
            return
        }
        await reload()
    }

    /// The payment window closed with `outcome` (Sprout's sandbox checkout stands in for iamport's
    /// window). Only a completed payment goes to validation: the published app also sent a
    /// cancelled one that still carried an `imp_uid`.
    public func paymentWindowClosed(with outcome: Lessons.SandboxCheckoutRequest.Outcome) async {
        guard let lesson, payment != .inProgress else { return }
        payment = .inProgress
        let checkout: Lessons.SandboxCheckout
        do {
            checkout = try await lessons.sandboxCheckout(postID: postID, amount: lesson.price, outcome: outcome)
        } catch {
            payment = .failed(LessonsAlert.message(for: error, fallback: "결제를 시작하지 못했어요."))
            return
        }
        guard checkout.success else {
            payment = checkout.status == Lessons.SandboxCheckoutRequest.Outcome.cancelled.rawValue ? .cancelled : .failed("결제에 실패했어요.")
            return
        }
        do {
            payment = .paid(try await lessons.validatePayment(impUID: checkout.impUID, postID: postID, price: nil))
        } catch {
            payment = .failed(LessonsAlert.message(for: error, fallback: "결제를 확인하지 못했어요."))
            return
        }
        await reload()
    }

    public func reviewTextChanged(_ text: String) { reviewText = text }
    public func reviewRatingChanged(_ rating: ReviewRating) { reviewRating = rating }

    /// Starts editing one of my reviews, with its text in the field.
    public func reviewEditTapped(_ review: Lessons.Comment) {
        guard isMine(review) else { return }
        editingReviewID = review.commentID
        reviewText = review.content
        reviewRating = review.rating
    }

    public func reviewEditCancelled() {
        editingReviewID = nil
        reviewText = ""
        reviewRating = nil
    }

    /// Posts the new review, or saves the edit, then re-reads the detail as the app does.
    public func reviewSubmitted() async {
        guard isReviewSendEnabled else { return }
        isSendingReview = true
        defer { isSendingReview = false }
        do {
            if let editingReviewID {
                _ = try await lessons.editComment(editingReviewID, on: postID, content: reviewText, rating: reviewRating)
            } else {
                _ = try await lessons.comment(reviewText, rating: reviewRating, on: postID)
            }
        } catch {
            alert = LessonsAlert.message(for: error, fallback: "후기를 저장하지 못했어요. 다시 시도해 주세요.")
            return
        }
        reviewEditCancelled()
        await reload()
    }

    public func reviewDeleteTapped(_ review: Lessons.Comment) async {
        guard isMine(review) else { return }
        do {
            try await lessons.deleteComment(review.commentID, on: postID)
        } catch {
            alert = LessonsAlert.message(for: error, fallback: "후기를 삭제하지 못했어요. 다시 시도해 주세요.")
            return
        }
        if editingReviewID == review.commentID { reviewEditCancelled() }
        await reload()
    }

    public func paymentAcknowledged() { payment = .idle }
    public func alertDismissed() { alert = nil }

    private func reload() async {
        do {
            lesson = try await lessons.post(id: postID)
        } catch {
            alert = LessonsAlert.message(for: error, fallback: "레슨을 불러올 수 없어요.")
        }
    }
}
