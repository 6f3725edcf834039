import Fluent
import Foundation
import Platform
import SproutAPI
import SQLKit

/// How a study ends on the web (issue 47). The match lasts until one side ends it: "만났어요"
/// (we met: no penalty for either) or "스터디 종료" (the contract's dodge, with its penalty unless
/// the partner ended it first); then each side reviews the other once. The contract's `rate`
/// ends the reviewer's side, so the web never offers a review while the study goes on.
///
/// Ending deletes my partnership row, as the contract's `myQueueState` must show (a published
/// client on my account sees me free again), and keeps a `StudyEnding` so I can still review.
/// The partner's row says the study is over as published clients read it: `partner_reviewed`
/// after "만났어요" (it went well; nobody is penalised), `partner_dodged` after a cancel. The
/// partner then reviews through the contract's own `rate` from an app, or here from the web.
struct StudyEndings: Sendable {
    let matchmaker: Matchmaker

    /// Where my study stands, as the matched page shows it.
    enum Standing: Equatable {
        /// Both are in it. `canMeet`: both have written since the match, so a meeting could
        /// have been agreed (otherwise "만났어요" would end any match without a penalty).
        case goingOn(canMeet: Bool)
        case partnerMet, partnerCancelled
        /// The partner reviewed me from an app, which ends the study on their side.
        case partnerReviewed

        var isOver: Bool {
            if case .goingOn = self { return false }
            return true
        }
    }

    struct Match: Equatable {
        let partnerUID: String
        let partnerNick: String
        let standing: Standing
    }

    /// A study I ended, waiting for my review of the partner.
    struct Ended: Equatable {
        let partnerUID: String
        let partnerNick: String
        let how: StudyEnding.How
    }

    enum MeetResult: Equatable { case met, notYet, notMyPartner }
    enum EndResult: Equatable { case ended, notMyPartner }
    enum ReviewResult: Equatable {
        case reviewed, alreadyReviewed, notMyPartner
        /// Neither side has ended the study: a review would end it.
        case studyGoesOn
    }

    func match(of uid: String, on db: any Database) async throws -> Match? {
        guard try await StudyProfile.find(uid, on: db) != nil else { throw StudyError.notSignedUp }
        guard let mine = try await Partnership.find(uid, on: db) else { return nil }
        let standing: Standing
        if mine.partnerDodged {
            standing = .partnerCancelled
        } else if mine.partnerReviewed {
            standing = try await partnerMet(mine, on: db) ? .partnerMet : .partnerReviewed
        } else {
            standing = .goingOn(canMeet: try await bothWrote(mine, on: db))
        }
        return Match(partnerUID: mine.partnerUID, partnerNick: mine.partnerNick, standing: standing)
    }

    /// "만났어요": ends the study for both without a penalty. The partner's side stays, marked as
    /// reviewed by me, until they review me or end it themselves.
    func met(_ uid: String, partner other: String, on db: any Database) async throws -> MeetResult {
        let now = matchmaker.clock.now()
        let (result, partnerTold): (MeetResult, Bool) = try await db.writeTransaction { db in
            guard try await StudyProfile.find(uid, on: db) != nil else { throw StudyError.notSignedUp }
            guard let mine = try await Partnership.find(uid, on: db), mine.partnerUID == other else { return (.notMyPartner, false) }
            let goingOn = !mine.partnerDodged && !mine.partnerReviewed
            if goingOn {
                guard try await bothWrote(mine, on: db) else { return (.notYet, false) }
                try await Partnership.query(on: db).filter(\.$id == other).filter(\.$partnerUID == uid)
                    .set(\.$partnerReviewed, to: true).update()
            }
            try await mine.delete(on: db)
            try await StudyEnding(uid: uid, partnerUID: other, partnerNick: mine.partnerNick, how: .met, endedAt: now).create(on: db)
            return (.met, goingOn)
        }
        if partnerTold { await matchmaker.events.tell([other], .reviewed, uid, db) }
        return result
    }

    /// "스터디 종료": the contract's dodge, penalty and all, and a review owed to the partner.
    func end(_ uid: String, partner other: String, on db: any Database) async throws -> EndResult {
        let now = matchmaker.clock.now()
        let result: EndResult = try await db.writeTransaction { db in
            let nick = try await Partnership.find(uid, on: db)?.partnerNick ?? ""
            let cancelled = try await matchmaker.cancel(uid, partner: other, on: db)
            guard cancelled == .cancelled else { return .notMyPartner }
            try await StudyEnding(uid: uid, partnerUID: other, partnerNick: nick, how: .ended, endedAt: now).create(on: db)
            return .ended
        }
        if result == .ended { await matchmaker.events.tell([other], .dodged, uid, db) }
        return result
    }

    /// The study I ended most recently, while my review of it is still to come.
    func reviewDue(of uid: String, on db: any Database) async throws -> Ended? {
        guard let ending = try await latestEnding(of: uid, on: db), !ending.reviewed else { return nil }
        return Ended(partnerUID: ending.partnerUID, partnerNick: ending.partnerNick, how: StudyEnding.How(rawValue: ending.how) ?? .ended)
    }

    /// My review of the partner, once the study is over, counted once. While my side is still open
    /// (the partner ended the study) it ends it, as the contract's `rate` does, and is kept as an
    /// ending already reviewed; otherwise it is the review owed on the ending I recorded.
    func review(_ uid: String, partner other: String, form: StudyForm, on db: any Database) async throws -> ReviewResult {
        let verdict = try StudyReviews.verdict(form, partner: other)
        let now = matchmaker.clock.now()
        let (result, partnerTold): (ReviewResult, Bool) = try await db.writeTransaction { db in
            guard let me = try await StudyProfile.find(uid, on: db) else { throw StudyError.notSignedUp }
            if let mine = try await Partnership.find(uid, on: db), mine.partnerUID == other {
                guard mine.partnerDodged || mine.partnerReviewed else { return (.studyGoesOn, false) }
                try await StudyReviews.credit(other, with: verdict, from: me, on: db)
                try await mine.delete(on: db)
                let ending = StudyEnding(uid: uid, partnerUID: other, partnerNick: mine.partnerNick, how: .reviewed, endedAt: now)
                ending.reviewed = true
                try await ending.create(on: db)
                return (.reviewed, true)
            }
            guard let ending = try await StudyEnding.query(on: db).filter(\.$uid == uid).filter(\.$partnerUID == other)
                .sort(\.$endedAt, .descending).sort(\.$id, .descending).first()
            else { return (.notMyPartner, false) }
            let id = try ending.requireID()
            // Claimed by one conditional update, so the form sent twice at once counts once.
            let claimed = try await db.sql().raw("""
                UPDATE \(ident: StudyEnding.schema) SET reviewed = \(bind: true)
                WHERE id = \(bind: id) AND reviewed = \(bind: false)
                RETURNING id
                """).all()
            guard claimed.count == 1 else { return (.alreadyReviewed, false) }
            try await StudyReviews.credit(other, with: verdict, from: me, on: db)
            return (.reviewed, false)
        }
        if partnerTold { await matchmaker.events.tell([other], .reviewed, uid, db) }
        return result
    }

    private func latestEnding(of uid: String, on db: any Database) async throws -> StudyEnding? {
        try await StudyEnding.query(on: db).filter(\.$uid == uid).sort(\.$endedAt, .descending).sort(\.$id, .descending).first()
    }

    /// Whether the partner ended this match with "만났어요" (rather than a review from an app).
    private func partnerMet(_ mine: Partnership, on db: any Database) async throws -> Bool {
        let uid = try mine.requireID()
        return try await StudyEnding.query(on: db).filter(\.$uid == mine.partnerUID).filter(\.$partnerUID == uid)
            .filter(\.$how == StudyEnding.How.met.rawValue).filter(\.$endedAt >= mine.matchedAt).count() > 0
    }

    private func bothWrote(_ mine: Partnership, on db: any Database) async throws -> Bool {
        let uid = try mine.requireID(), since = StudyChat.milliseconds(mine.matchedAt)
        for (from, to) in [(uid, mine.partnerUID), (mine.partnerUID, uid)] {
            let written = try await ChatMessage.query(on: db).filter(\.$fromUID == from).filter(\.$toUID == to)
                .filter(\.$createdMilliseconds >= since).count()
            guard written > 0 else { return false }
        }
        return true
    }
}
