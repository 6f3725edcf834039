import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct LessonDetailViewModelTests {
    func opened(_ lesson: Lessons.Post = FakeLessons.lesson("p1")) async -> (LessonDetailViewModel, FakeLessons) {
        let server = FakeLessons(me: FakeLessons.student, posts: [lesson])
        let model = LessonDetailViewModel(lessons: server, postID: lesson.postID, userID: "student")
        await model.viewDidAppear()
        await server.forgetCalls()
        return (model, server)
    }

    @Test func appearingReadsTheLesson() async {
        let (model, _) = await opened(FakeLessons.lesson("p1", likes2: ["student"], buyers: ["other"], comments: [FakeLessons.review("c1", by: "other")]))
        #expect(model.lesson?.postID == "p1" && !model.isLoading)
        #expect(model.isBookmarked && !model.isPurchased)
        #expect(model.reviews.map(\.commentID) == ["c1"])
    }

    @Test func reviewsAndTheRatingComeFromBuyersOnly() async {
        let (model, _) = await opened(FakeLessons.lesson("p1", buyers: ["ann", "bo", "cy"], comments: [
            FakeLessons.review("c1", by: "ann", rating: ReviewRating(5)), FakeLessons.review("c2", by: "bo", rating: ReviewRating(4)),
            FakeLessons.review("c3", by: "cy"), FakeLessons.review("c4", by: "passerby", rating: ReviewRating(1)),
        ]))
        #expect(model.reviews.map(\.commentID) == ["c1", "c2", "c3"])
        #expect(model.rating == RatingSummary([ReviewRating(5), ReviewRating(4)].compactMap { $0 }))
        #expect(model.rating?.shown == "4.5" && model.rating?.count == 2)
        #expect(!model.mayReview, "a person who did not pay sees no review field")
    }

    @Test func neitherANonBuyerNorTheTeacherCanSendAReview() async {
        for (lesson, user) in [(FakeLessons.lesson("p1"), "student"), (FakeLessons.lesson("p1", by: "student", buyers: ["student"]), "student")] {
            let server = FakeLessons(me: FakeLessons.student, posts: [lesson])
            let model = LessonDetailViewModel(lessons: server, postID: "p1", userID: user)
            await model.viewDidAppear()
            model.reviewTextChanged("Great")
            model.reviewRatingChanged(ReviewRating.five)
            #expect(!model.mayReview && !model.isReviewSendEnabled)
            await model.reviewSubmitted()
            #expect(await server.calls == ["post(p1)"])
        }
    }

    @Test func aMissingLessonAlerts() async {
        let server = FakeLessons(me: FakeLessons.student)
        let model = LessonDetailViewModel(lessons: server, postID: "gone", userID: "student")
        await model.viewDidAppear()
        #expect(model.lesson == nil && model.alert == "게시글을 찾을 수 없습니다.")
    }

    @Test func theBookmarkAsksForTheOppositeOfLikes2ThenRereads() async {
        let (model, server) = await opened()
        await model.bookmarkTapped()
        #expect(await server.calls == ["setLike2(true,p1)", "post(p1)"])
        #expect(model.isBookmarked)
        await model.bookmarkTapped()
        #expect(await server.calls.suffix(2) == ["setLike2(false,p1)", "post(p1)"])
        #expect(!model.isBookmarked)
    }

    @Test func aRefusedBookmarkAlertsAndKeepsTheState() async {
        let (model, server) = await opened()
        await server.fail("setLike2", with: .transport("offline"))
        await model.bookmarkTapped()
        #expect(!model.isBookmarked && model.alert == "통신 오류가 발생했어요. 다시 시도해 주세요.")
        #expect(await server.calls == ["setLike2(true,p1)"])
    }

    @Test func aPaidCheckoutIsValidatedAndTheLessonShowsPurchased() async {
        let (model, server) = await opened()
        await model.paymentWindowClosed(with: .paid)
        #expect(await server.calls == ["sandboxCheckout(p1,50000,paid)", "validatePayment(imp_1,p1)", "post(p1)"])
        guard case let .paid(receipt) = model.payment else {
            Issue.record("expected paid, got \(model.payment)")
            return
        }
        #expect(receipt.postID == "p1" && receipt.price == 50000 && receipt.buyerID == "student")
        #expect(model.isPurchased)
        model.paymentAcknowledged()
        #expect(model.payment == .idle)
    }

    /// The published app sent any checkout that carried an imp_uid, cancelled ones included.
    @Test func aCancelledCheckoutIsNotSentForValidation() async {
        let (model, server) = await opened()
        await model.paymentWindowClosed(with: .cancelled)
        #expect(model.payment == .cancelled)
        #expect(await server.calls == ["sandboxCheckout(p1,50000,cancelled)"])
        #expect(!model.isPurchased)
    }

    @Test func aFailedCheckoutIsNotSentForValidation() async {
        let (model, server) = await opened()
        await model.paymentWindowClosed(with: .failed)
        #expect(model.payment == .failed("결제에 실패했어요."))
        #expect(await server.calls == ["sandboxCheckout(p1,50000,failed)"])
    }

    @Test func aRefusedValidationOrCheckoutFailsWithTheServersReason() async {
        let (model, server) = await opened()
        await server.fail("validatePayment", with: .http(status: 409, code: .conflict, message: "이미 검증처리가 완료된 결제건입니다."))
        await model.paymentWindowClosed(with: .paid)
        #expect(model.payment == .failed("이미 검증처리가 완료된 결제건입니다."))
        await server.fail("sandboxCheckout", with: .http(status: 400, code: .missingValue, message: "amount는 1 이상이어야 합니다."))
        await model.paymentWindowClosed(with: .paid)
        #expect(model.payment == .failed("amount는 1 이상이어야 합니다."))
        #expect(!model.isPurchased)
    }

    @Test func aReviewIsPostedThenTheDetailRereadAndTheFieldCleared() async {
        let (model, server) = await opened(FakeLessons.lesson("p1", buyers: ["student"]))
        #expect(model.mayReview && !model.isReviewSendEnabled)
        model.reviewTextChanged("   ")
        model.reviewRatingChanged(ReviewRating.four)
        await model.reviewSubmitted()
        #expect(await server.calls.isEmpty, "a blank review is not sent")
        model.reviewEditCancelled()
        model.reviewTextChanged("Patient teacher!")
        await model.reviewSubmitted()
        #expect(await server.calls.isEmpty, "a review without stars is not sent")
        model.reviewRatingChanged(ReviewRating.four)
        await model.reviewSubmitted()
        #expect(await server.calls == ["comment(Patient teacher!,4★,p1)", "post(p1)"])
        #expect(model.reviews.map(\.content) == ["Patient teacher!"] && model.reviewText.isEmpty && model.reviewRating == nil)
        #expect(model.reviews.map(model.isMine) == [true] && model.rating?.shown == "4.0")
    }

    @Test func myReviewCanBeEditedAndDeletedButNotSomeoneElses() async {
        let (model, server) = await opened(FakeLessons.lesson("p1", buyers: ["student", "other"], comments: [
            FakeLessons.review("mine", by: "student", "Good", rating: ReviewRating(3)), FakeLessons.review("theirs", by: "other", "Meh"),
        ]))
        let mine = model.reviews[0], theirs = model.reviews[1]
        model.reviewEditTapped(theirs)
        #expect(model.editingReviewID == nil)
        await model.reviewDeleteTapped(theirs)
        #expect(await server.calls.isEmpty)

        model.reviewEditTapped(mine)
        #expect(model.editingReviewID == "mine" && model.reviewText == "Good" && model.reviewRating == ReviewRating(3))
        model.reviewTextChanged("Very good")
        model.reviewRatingChanged(ReviewRating.five)
        await model.reviewSubmitted()
        #expect(await server.calls == ["editComment(mine,Very good,5★)", "post(p1)"])
        #expect(model.reviews.first?.rating == ReviewRating(5))
        #expect(model.reviews.map(\.content) == ["Very good", "Meh"] && model.editingReviewID == nil)

        await model.reviewDeleteTapped(model.reviews[0])
        #expect(await server.calls.suffix(2) == ["deleteComment(mine)", "post(p1)"])
        #expect(model.reviews.map(\.commentID) == ["theirs"])
    }

    @Test func aRefusedReviewKeepsTheTextAndAlerts() async {
        let (model, server) = await opened(FakeLessons.lesson("p1", buyers: ["student"]))
        await server.fail("comment", with: .http(status: 400, code: .missingValue, message: "댓글은 2000자 이하로 작성해주세요."))
        model.reviewTextChanged("Great")
        model.reviewRatingChanged(ReviewRating.one)
        await model.reviewSubmitted()
        #expect(model.alert == "댓글은 2000자 이하로 작성해주세요." && model.reviewText == "Great" && model.reviewRating == ReviewRating(1))
        model.alertDismissed()
        await server.fail("deleteComment", with: .http(status: 445, code: .notAuthor, message: "권한이 없습니다."))
        model.reviewEditCancelled()
        await model.reviewDeleteTapped(FakeLessons.review("c9", by: "student"))
        #expect(model.alert == "권한이 없습니다.")
    }

    @Test func anExpiredSessionAsksToLogInAgain() async {
        let (model, server) = await opened()
        await server.fail("setLike2", with: .sessionExpired)
        await model.bookmarkTapped()
        #expect(model.alert == "로그인이 만료되었어요. 다시 로그인해 주세요.")
    }
}
