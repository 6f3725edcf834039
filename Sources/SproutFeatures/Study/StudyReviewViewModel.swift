import Foundation
import Observation
import SproutAPI
import SproutKit

/// "리뷰 등록" (spec §7.9): the six 새싹 titles to light for my partner and a comment; registering
/// sends `rate` with the titles as six 0/1 values, which ends my side of the study, and goes
/// home. At least one title or some text is needed, as the apps ask.
@MainActor @Observable
public final class StudyReviewViewModel {
    public enum Route: Sendable, Equatable {
        case home
    }

    /// The titles in the order the reputation array counts them.
    public static let titles = ["좋은 매너", "정확한 시간 약속", "빠른 응답", "친절한 성격", "능숙한 실력", "유익한 시간"]
    public static let maxCommentLength = 500

    // MARK: Outputs
    public let partnerNick: String
    public private(set) var chosen: [Bool] = Array(repeating: false, count: StudyReviewViewModel.titles.count)
    public private(set) var comment = ""
    public private(set) var isSending = false
    public private(set) var alert: StudyMessage?
    public private(set) var route: Route?

    public var isRegisterEnabled: Bool {
        (chosen.contains(true) || !comment.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty) && !isSending
    }

    let study: any StudyService
    let partnerUID: String

    public init(study: any StudyService, partnerUID: String, partnerNick: String) {
        self.study = study
        self.partnerUID = partnerUID
        self.partnerNick = partnerNick
    }

    // MARK: Inputs

    public func titleTapped(at index: Int) {
        guard chosen.indices.contains(index) else { return }
        chosen[index].toggle()
    }

    /// Keeps at most 500 characters.
    public func commentChanged(_ text: String) {
        comment = String(text.prefix(Self.maxCommentLength))
    }

    public func registerTapped() async {
        guard isRegisterEnabled else { return }
        isSending = true
        defer { isSending = false }
        do {
            try await study.rate(Study.Rating(
                otheruid: partnerUID, reputation: chosen.map { $0 ? 1 : 0 },
                comment: comment.trimmingCharacters(in: .whitespacesAndNewlines)
            ))
            route = .home
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }
}
