import Fluent
import Foundation
import Platform
import SproutAPI

/// A reported study partner as the operator console shows them: their profile as a partner sees
/// it on a result card. A profile is never hidden; the console disables the account instead.
struct StudyModeration: ModeratedContent {
    static let appName = "study"
    static let kind = "profile"
    /// Study has no page of one person: the console links the app.
    static var link: String { StudyPaths.home.link }
    /// Enough reviews to see a pattern; a card shows only the latest.
    static let reviewsShown = 5
    /// The titles a card lights, in reputation order; the console's one text carries both languages.
    static let titles = ["좋은 매너 (good manners)", "정확한 시간 약속 (punctual)", "빠른 응답 (quick replies)",
                         "친절한 성격 (kind)", "능숙한 실력 (skilled)", "유익한 시간 (time well spent)"]

    let app = StudyModeration.appName

    /// The profile as it is now: reviews carry no dates, so what changed since `reportedAt`
    /// cannot be told apart.
    func reported(_ subject: String, reportedAt: Date, on db: any Database) async throws -> ReportedThing? {
        // Account ids are 24 hex digits; other text names no one and is not worth a query (a NUL
        // would not even reach PostgreSQL).
        guard !subject.isEmpty, subject.utf8.count <= 64, subject.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }),
              let profile = try await StudyProfile.find(subject, on: db) else { return nil }
        let waiting = try await QueueEntry.query(on: db).filter(\.$uid == subject).first()
        return ReportedThing(
            item: ModeratedItem(kind: Self.kind, id: subject), kindName: .init(ko: "스터디 프로필", en: "Study profile"),
            title: profile.nick, body: Self.body(profile, wantsToStudy: waiting?.studylist), photos: [], ownerID: subject,
            link: Self.link, hidden: nil
        )
    }

    /// Nothing of a study profile can be hidden.
    func setHidden(_ hidden: Bool, _ item: ModeratedItem, on db: any Database) async throws -> String? { nil }

    /// One line a fact, as a card shows them: gender, studies, the titles earned with their
    /// counts, and the latest reviews, newest first.
    static func body(_ profile: StudyProfile, wantsToStudy tags: [String]?) -> String {
        var lines = [profile.gender == Study.Gender.woman.rawValue ? "여자 (woman)" : "남자 (man)"]
        if !profile.study.isEmpty { lines.append("자주 하는 스터디 (frequent study): \(profile.study)") }
        if let tags {
            let shown = tags.filter { !StudyTags.isAny($0) }
            lines.append("하고 싶은 스터디 (wants to study): " + (shown.isEmpty ? "아무거나 (anything)" : shown.joined(separator: ", ")))
        }
        let earned = zip(titles, StudyPresenter.reputation(profile)).compactMap { title, count in count > 0 ? "\(title) \(count)" : nil }
        let reviews = Array(profile.comments.suffix(reviewsShown).reversed())
        if earned.isEmpty && reviews.isEmpty { lines.append("아직 받은 후기가 없어요 (no reviews yet)") }
        if !earned.isEmpty { lines.append("받은 칭찬 (praise received): " + earned.joined(separator: ", ")) }
        if !reviews.isEmpty { lines.append("받은 후기 (reviews), 최근 순 (newest first):") }
        lines += reviews.map { "- " + $0 }
        return lines.joined(separator: "\n")
    }
}
