import Fluent
import Platform
import PlatformCore

/// A study report as the operator console's queue takes it (Platform's `ReportDesk`): about the
/// reported person's account, for the reason the desk knows that fits the reasons ticked, with
/// the comment as its note. The study's own table keeps the ticked reasons as they were.
enum StudyReportDesk {
    /// The report popup's reasons in flag order (`StudyVerdictForm.report`): 불량 회원, 불쾌한
    /// 언행, 노쇼, 선정성, 인신공격, 기타. Flags past these are slots no screen names.
    static let reasons: [ReportReason] = [.fraud, .abusive, .other, .prohibited, .abusive, .other]
    /// The desk keeps one reason a report, so the gravest one ticked stands for them all.
    static let gravest: [ReportReason] = [.prohibited, .abusive, .fraud, .spam, .other]

    static func reason(_ flags: [Int]) -> ReportReason {
        let ticked = Set(zip(flags, reasons).compactMap { flag, reason in flag == 1 ? reason : nil })
        return gravest.first { ticked.contains($0) } ?? .other
    }

    /// Inside the study report's own transaction, so the console lists exactly the reports the
    /// study kept; a repeated report is left as the first one was.
    static func file(_ reportedID: String, by reporterID: String, flags: [Int], comment: String, clock: WallClock, on db: any Database) async throws {
        let subject = ReportSubject(app: StudyModeration.appName, id: reportedID, path: StudyModeration.link)
        _ = try await ReportDesk(clock: clock).file(subject, by: reporterID, reason: reason(flags).rawValue,
                                                    note: String(comment.prefix(ReportDesk.maxNoteLength)), on: db)
    }
}
