import Foundation
import SproutAPI
@testable import SproutFeatures
import SproutKit
import Testing

/// "리뷰 등록": titles and a comment, at least one of them, then rate and home.
@MainActor @Suite struct StudyReviewViewModelTests {
    @Test func aTitleOrSomeTextRegistersTheReviewAndGoesHome() async throws {
        let study = FakeStudy()
        let review = StudyReviewViewModel(study: study, partnerUID: "uid-2", partnerNick: "고래밥")
        #expect(!review.isRegisterEnabled)
        review.commentChanged("   ")
        #expect(!review.isRegisterEnabled, "blank text is not a review")
        review.titleTapped(at: 1)
        review.titleTapped(at: 4)
        review.titleTapped(at: 9)
        #expect(review.chosen == [false, true, false, false, true, false] && review.isRegisterEnabled)
        review.titleTapped(at: 4)
        review.commentChanged(" 시간 약속을 잘 지켜요 ")
        await review.registerTapped()
        #expect(await study.calls == ["rate(uid-2,010000,시간 약속을 잘 지켜요)"])
        #expect(review.route == .home)
    }

    @Test func theCommentIsCappedAndAFailureAlertsAndStays() async throws {
        let study = FakeStudy()
        await study.fail("rate", with: SproutError.http(status: 501, code: .invalidParameters, message: nil))
        let review = StudyReviewViewModel(study: study, partnerUID: "uid-2", partnerNick: "고래밥")
        review.commentChanged(String(repeating: "가", count: 600))
        #expect(review.comment.count == StudyReviewViewModel.maxCommentLength)
        await review.registerTapped()
        #expect(review.alert == .invalidRequest && review.route == nil)
    }
}
