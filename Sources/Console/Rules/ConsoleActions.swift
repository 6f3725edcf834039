import Fluent
import Foundation
import Platform
import SproutAPI

/// What an operator does about a report, each taking effect at once on every instance (hidden
/// things are filtered by every read; a disabled account's sessions, streams and sockets end),
/// each written to the audit log, and each able to tell the reporters and the owner.
struct ConsoleActions: Sendable {
    /// Whom an action tells.
    struct Telling: Sendable {
        var reporters: Bool
        var owner: Bool
    }

    let platform: PlatformServices
    let queue: ReportQueue
    let audit: AuditLog

    /// Hides or restores the reported thing or a part shown with it; hiding deals with the case.
    func setHidden(_ hidden: Bool, _ item: ModeratedItem, in reportCase: ReportQueue.Shown, reason typed: String, telling: Telling,
                   by actor: ConsoleActor, on db: any Database) async throws {
        let reason = try AuditLog.reason(typed)
        let reports = reportCase.reports
        guard let content = platform.moderatedContent.offered(by: reports.app) else { throw ConsoleError.unknownThing }
        let now = platform.clock.now()
        let owner: String = try await db.writeTransaction { db in
            guard let owner = try await content.setHidden(hidden, item, on: db) else { throw ConsoleError.unknownThing }
            try await audit.record(hidden ? .hide : .restore, AuditLog.Item(app: reports.app, kind: item.kind, id: item.id), account: owner,
                                   reason: reason, by: actor, on: db)
            if hidden { try await queue.close(reports, outcome: .hide, owner: owner, at: now, on: db) }
            return owner
        }
        let kind = reportCase.thing?.item == item ? reportCase.thing?.kindName : nil
        if telling.owner {
            try await notify(owner, hidden
                ? .init(ko: "운영 정책에 따라 회원님의 \(kind?.ko ?? "글")이 숨겨졌어요. 사유: \(reason)", en: "The moderators hid your \(kind?.en.lowercased() ?? "post"): \(reason)")
                : .init(ko: "회원님의 \(kind?.ko ?? "글")이 다시 보이게 됐어요.", en: "Your \(kind?.en.lowercased() ?? "post") is visible again."),
                link: reportCase.thing?.link ?? reports.path, on: db)
        }
        if hidden, telling.reporters { try await tellReporters(reports, on: db) }
    }

    /// Disables or enables an account; disabling ends its sessions, streams and sockets at once.
    /// An operator cannot disable their own account here.
    func setDisabled(_ disabled: Bool, account accountID: String, closing reportCase: ReportQueue.Shown?, reason typed: String, telling: Telling,
                     by actor: ConsoleActor, on db: any Database) async throws {
        let reason = try AuditLog.reason(typed)
        guard !(disabled && actor.accountID == accountID) else { throw ConsoleError.ownAccount }
        guard let account = try await Account.find(accountID, on: db) else { throw ConsoleError.unknownAccount }
        let now = platform.clock.now()
        try await db.writeTransaction { db in
            try await platform.accounts.setDisabled(disabled, account, on: db)
            try await audit.record(disabled ? .disable : .enable, .account(accountID), account: accountID, reason: reason, by: actor, on: db)
            if disabled, let reportCase { try await queue.close(reportCase.reports, outcome: .disable, owner: accountID, at: now, on: db) }
        }
        if disabled { try await platform.endEverySession(of: accountID, on: db) }
        if disabled, telling.reporters, let reportCase { try await tellReporters(reportCase.reports, on: db) }
    }

    /// Deals with a case without acting on the thing: nothing was wrong.
    func dismiss(_ reportCase: ReportQueue.Shown, reason typed: String, telling: Telling, by actor: ConsoleActor, on db: any Database) async throws {
        let reason = try AuditLog.reason(typed)
        let reports = reportCase.reports
        let owner = reportCase.thing?.ownerID
        try await db.writeTransaction { db in
            try await audit.record(.dismiss, AuditLog.Item(app: reports.app, kind: reportCase.thing?.item.kind ?? "report", id: reports.subject),
                                   account: owner, reason: reason, by: actor, on: db)
            try await queue.close(reports, outcome: .dismiss, owner: owner, at: platform.clock.now(), on: db)
        }
        if telling.reporters {
            for reporter in Set(reports.reporterIDs) {
                try await notify(reporter, .init(ko: "신고를 검토했어요. 운영 정책에 어긋나지 않아 그대로 두었어요.",
                                                 en: "We looked at your report: it breaks no rule, so it stays."), link: reports.path, on: db)
            }
        }
    }

    private func tellReporters(_ reports: ReportDesk.Case, on db: any Database) async throws {
        for reporter in Set(reports.reporterIDs) {
            try await notify(reporter, .init(ko: "신고가 처리되었어요. 알려 주셔서 고마워요.", en: "Your report was acted on. Thank you for telling us."),
                             link: PlatformPaths.notifications.link, on: db)
        }
    }

    private func notify(_ accountID: String, _ text: AccountNotifications.Text, link: String, on db: any Database) async throws {
        try await platform.notifications.notify(accountID, app: "console", kind: .moderation, text: text, link: link, on: db)
    }
}
