import Platform
import Vapor

/// A one-line outcome a page shows after an action redirected to it (`?notice=requested`). Only
/// these names are read from the address; anything else shows nothing.
enum StudyNotice: String, Sendable, Codable {
    case requested, otherStopped = "other-stopped", otherMatched = "other-matched"
    case tagTooLong = "tag-too-long", tooManyTags = "too-many-tags"
    case reported, penalty1 = "penalty-1", penalty2 = "penalty-2", penalty3 = "penalty-3"
    case saved
    case studyOver = "study-over", chatInvalid = "chat-invalid", reviewTooLong = "review-too-long"
    case partnerReported = "partner-reported", alreadyReported = "already-reported"
    case requestWithdrawn = "request-withdrawn", notMetYet = "not-met-yet", reviewAfterEnding = "review-after-ending"
    case bought, notOwned = "not-owned", purchasesInApp = "purchases-in-app"

    init?(query req: Request) {
        guard let notice = try? req.queryFields(Fields.self).notice else { return nil }
        self = notice
    }

    /// The field a page's link carries it in (`?notice=saved`).
    struct Fields: Codable {
        var notice: StudyNotice?
    }

    /// Whether the notice reports something refused rather than done.
    var isProblem: Bool { ![.requested, .saved, .partnerReported, .bought, .requestWithdrawn].contains(self) }

    func text(_ context: PageContext) -> String {
        switch self {
        case .requested: context.pick(ko: "스터디를 요청했어요. 상대방이 수락하면 매칭돼요.", en: "Request sent. You are matched when they accept.")
        case .otherStopped: context.pick(ko: "상대방이 스터디 찾기를 그만두었어요.", en: "They stopped looking for a study.")
        case .otherMatched: context.pick(ko: "상대방이 이미 다른 새싹과 스터디를 함께하는 중이에요.", en: "They are already studying with someone else.")
        case .tagTooLong: context.pick(ko: "스터디는 1자 이상 8자 이내로 입력해 주세요.", en: "Each study must be 1 to 8 characters.")
        case .tooManyTags: context.pick(ko: "스터디를 더 이상 추가할 수 없어요. (최대 8개)", en: "You can choose at most 8 studies.")
        case .reported: context.pick(ko: "신고가 누적되어 새싹 찾기를 이용할 수 없어요.", en: "You were reported too often to look for a study.")
        case .penalty1: context.pick(ko: "스터디 취소 패널티로 1분 동안 이용할 수 없어요.", en: "Cancelling a study costs you 1 minute: try again shortly.")
        case .penalty2: context.pick(ko: "스터디 취소 패널티로 2분 동안 이용할 수 없어요.", en: "Cancelling studies costs you 2 minutes: try again shortly.")
        case .penalty3: context.pick(ko: "스터디 취소 패널티로 3분 동안 이용할 수 없어요.", en: "Cancelling studies costs you 3 minutes: try again shortly.")
        case .saved: context.pick(ko: "저장했어요.", en: "Saved.")
        case .studyOver: context.pick(ko: "스터디가 종료되어 채팅을 전송할 수 없습니다.", en: "The study has ended, so the message was not sent.")
        case .reviewTooLong: context.pick(ko: "리뷰는 \(StudyReviews.commentLength)자 이내로 써 주세요.", en: "Reviews are at most \(StudyReviews.commentLength) characters.")
        case .bought: context.pick(ko: "구매가 완료되었어요.", en: "Bought.")
        case .notOwned: context.pick(ko: "구매가 필요한 아이템이 있어요.", en: "Some item needs to be bought first.")
        case .purchasesInApp: context.pick(ko: "구매는 앱에서 할 수 있어요.", en: "Purchases are made in the app.")
        case .partnerReported: context.pick(ko: "신고가 접수되었어요.", en: "Your report was received.")
        case .alreadyReported: context.pick(ko: "이미 신고한 새싹이에요.", en: "You already reported them.")
        case .chatInvalid: context.pick(ko: "메시지는 1자 이상 \(StudyChat.maxLength)자 이내로 보내 주세요.", en: "Messages are 1 to \(StudyChat.maxLength) characters.")
        case .requestWithdrawn: context.pick(ko: "요청을 취소했어요.", en: "Request withdrawn.")
        case .notMetYet: context.pick(ko: "두 분이 채팅을 나눈 뒤에 만났어요를 누를 수 있어요.", en: "You can press We met once you have both written in the chat.")
        case .reviewAfterEnding: context.pick(ko: "후기는 스터디를 마친 뒤에 남길 수 있어요.", en: "You can review once the study has ended.")
        }
    }
}
