import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Reviewing a partner at the end of a study, and reporting someone (spec §3 "rate"; the
/// report endpoint is the 1st cohort's, which late-2022 clients drew but never called).
struct StudyReviews: Sendable {
    let clock: WallClock
    let events: StudyQueueEvents

    static let commentLength = 500

    enum RateResult: Equatable { case rated, notMyPartner }
    enum ReportResult: Equatable { case reported, alreadyReported, unknownPerson }

    /// Adds the chosen titles to the partner's reputation and the comment to their reviews, and
    /// ends my side of the study. A client that forgets the form (one published client does)
    /// still ends the study, without a rating.
    func rate(_ uid: String, partner other: String, form: StudyForm, on db: any Database) async throws -> RateResult {
        let verdict = try Self.verdict(form, partner: other)
        let result: RateResult = try await db.writeTransaction { db in
            guard let me = try await StudyProfile.find(uid, on: db) else { throw StudyError.notSignedUp }
            guard let mine = try await Partnership.find(uid, on: db), mine.partnerUID == other else { return .notMyPartner }
            try await Self.credit(other, with: verdict, from: me, on: db)
            try await mine.delete(on: db)
            return .rated
        }
        if result == .rated { await events.tell([other], .reviewed, uid, db) }
        return result
    }

    /// A review as its form carries it: the titles ticked, in title order, and the comment.
    struct Verdict: Sendable, Equatable {
        let titles: [Int]
        let comment: String
    }

    static func verdict(_ form: StudyForm, partner other: String) throws(StudyError) -> Verdict {
        if let named = form.value("otheruid"), !named.isEmpty, named != other { throw .invalid(.otheruid) }
        let titles = try Self.titles(form.values("reputation"), field: .reputation)
        let comment = (form.value("comment") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard comment.count <= commentLength else { throw .invalid(.comment) }
        return Verdict(titles: titles, comment: comment)
    }

    /// `me`'s review of `other`, inside the caller's write transaction: the titles counted on
    /// their reputation, the comment among their reviews, each noted as having reviewed the
    /// other, and their side of a study with me told that I reviewed them.
    static func credit(_ other: String, with verdict: Verdict, from me: StudyProfile, on db: any Database) async throws {
        let uid = try me.requireID()
        if let partner = try await StudyProfile.findLocked(other, on: db) {
            var reputation = StudyPresenter.reputation(partner)
            for (index, value) in verdict.titles.enumerated() { reputation[index] += value }
            partner.reputation = reputation
            if !verdict.comment.isEmpty { partner.comments.append(verdict.comment) }
            if !partner.reviewedBefore.contains(uid) { partner.reviewedBefore.append(uid) }
            try await partner.save(on: db)
        }
        if !me.reviewedBefore.contains(other) {
            me.reviewedBefore.append(other)
            try await me.save(on: db)
        }
        try await Partnership.query(on: db).filter(\.$id == other).filter(\.$partnerUID == uid)
            .set(\.$partnerReviewed, to: true).update()
    }

    func report(_ uid: String, form: StudyForm, on db: any Database) async throws -> ReportResult {
        guard let other = form.value("otheruid"), !other.isEmpty else { throw StudyError.invalid(.otheruid) }
        let reasons = try Self.titles(form.values("reportedReputation"), field: .reputation)
        let comment = (form.value("comment") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard comment.count <= Self.commentLength else { throw StudyError.invalid(.comment) }
        return try await db.writeTransaction { db in
            guard try await StudyProfile.find(uid, on: db) != nil else { throw StudyError.notSignedUp }
            guard other != uid, let reported = try await StudyProfile.find(other, on: db) else { return .unknownPerson }
            if try await StudyReport.query(on: db).filter(\.$reporterUID == uid).filter(\.$reportedUID == other).count() > 0 {
                return .alreadyReported
            }
            try await StudyReport(reporter: uid, reported: other, reasons: reasons, comment: comment, createdAt: clock.now()).create(on: db)
            try await StudyReportDesk.file(other, by: uid, flags: reasons, comment: comment, clock: clock, on: db)
            // Kept for the operator either way, but only someone who studied with a person can
            // move them towards the bar: otherwise three strangers could bar anyone.
            if try await PastMatch.query(on: db).filter(\.$uid == uid).filter(\.$partnerUID == other).count() > 0 {
                reported.reportedNum += 1
                if !reported.reportedUsers.contains(uid) { reported.reportedUsers.append(uid) }
                try await reported.save(on: db)
            }
            return .reported
        }
    }

    /// 0/1 flags in title order; clients send 6 or 9, and none is a valid "no titles". Most send
    /// one form value per flag; one published client sends the whole list as one value of text,
    /// `[1, 0, 0, 1, 0, 0, 0, 0]`, which is read the same way with the same bounds.
    static func titles(_ values: [String], field: StudyField) throws(StudyError) -> [Int] {
        var values = values
        if values.count == 1, let list = values.first?.trimmingCharacters(in: .whitespaces), list.hasPrefix("["), list.hasSuffix("]") {
            let inside = list.dropFirst().dropLast()
            values = inside.trimmingCharacters(in: .whitespaces).isEmpty ? [] : inside.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
        guard values.count <= Study.reputationLength else { throw .invalid(field) }
        var flags: [Int] = []
        for value in values {
            guard let flag = StudyNumber.int(value), flag == 0 || flag == 1 else { throw .invalid(field) }
            flags.append(flag)
        }
        return flags
    }
}
