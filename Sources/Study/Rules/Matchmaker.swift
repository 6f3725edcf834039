import Fluent
import Foundation
import Platform
import SQLKit

/// Requests, accepts and dodges (spec §3, "Matching flow"). A match takes both people out of the
/// queue and writes one `Partnership` row per side inside one write transaction; the queue rows
/// are deleted one by one in uid order and each delete must remove a row, so two matches racing
/// for the same person cannot both commit (SQLite runs write transactions one at a time;
/// PostgreSQL re-checks a deleted row after waiting for its lock, and the fixed order rules out a
/// deadlock between two pairs).
struct Matchmaker: Sendable {
    let clock: WallClock
    let events: StudyQueueEvents

    enum RequestResult: Equatable {
        case sent
        /// The other person had already asked me (or we are already matched): we are matched now.
        case matchedMutually
        case otherNotWaiting
    }

    enum AcceptResult: Equatable {
        case matched, otherMatchedElsewhere, otherNotWaiting, alreadyMatched
    }

    enum DodgeResult: Equatable {
        case cancelled, notMyPartner
    }

    /// A published client answers a 201 by sending the request again instead of accepting, so a
    /// mutual request matches at once; a client that follows with `studyaccept` then gets 200.
    func request(from uid: String, to other: String, on db: any Database) async throws -> RequestResult {
        let result: RequestResult = try await retryingRaces {
            try await db.writeTransaction { db in
                try await requireProfile(uid, on: db)
                if let mine = try await Partnership.find(uid, on: db) {
                    return mine.partnerUID == other ? .matchedMutually : .otherNotWaiting
                }
                guard other != uid, try await isWaiting(other, on: db) else { return .otherNotWaiting }
                let askedMe = try await StudyRequest.query(on: db).filter(\.$fromUID == other).filter(\.$toUID == uid).count() > 0
                if askedMe, try await isWaiting(uid, on: db) {
                    try await match(uid, other, on: db)
                    return .matchedMutually
                }
                if try await StudyRequest.query(on: db).filter(\.$fromUID == uid).filter(\.$toUID == other).count() == 0 {
                    try await StudyRequest(from: uid, to: other, createdAt: clock.now()).create(on: db)
                }
                return .sent
            }
        }
        switch result {
        case .sent: await events.tell([other], .studyRequest)
        case .matchedMutually: await events.tell([uid, other], .matched)
        case .otherNotWaiting: break
        }
        return result
    }

    func accept(_ uid: String, from other: String, on db: any Database) async throws -> AcceptResult {
        let result: AcceptResult = try await retryingRaces {
            try await db.writeTransaction { db in
                try await requireProfile(uid, on: db)
                if let mine = try await Partnership.find(uid, on: db) {
                    return mine.partnerUID == other ? .matched : .alreadyMatched
                }
                guard other != uid else { return .otherNotWaiting }
                // Each statement sees what had committed when it began (PostgreSQL's read
                // committed), so a match that commits between two reads shows in the later one:
                // whoever is no longer waiting is asked again whether they matched meanwhile.
                guard try await isWaiting(other, on: db) else {
                    return try await Partnership.find(other, on: db) != nil ? .otherMatchedElsewhere : .otherNotWaiting
                }
                guard try await isWaiting(uid, on: db) else {
                    guard let mine = try await Partnership.find(uid, on: db) else { return .otherNotWaiting }
                    return mine.partnerUID == other ? .matched : .alreadyMatched
                }
                guard try await StudyRequest.query(on: db).filter(\.$fromUID == other).filter(\.$toUID == uid).count() > 0 else {
                    return .otherNotWaiting
                }
                try await match(uid, other, on: db)
                return .matched
            }
        }
        if result == .matched { await events.tell([uid, other], .matched) }
        return result
    }

    /// Ends the study. It counts as a dodge, with its penalty, unless the partner had already
    /// cancelled or reviewed.
    func dodge(_ uid: String, partner other: String, on db: any Database) async throws -> DodgeResult {
        let result: DodgeResult = try await db.writeTransaction { db in
            let profile = try await requireProfile(uid, on: db)
            guard let mine = try await Partnership.find(uid, on: db), mine.partnerUID == other else { return .notMyPartner }
            if !mine.partnerDodged && !mine.partnerReviewed {
                DodgePenalty.recordDodge(on: profile, at: clock.now())
                try await profile.save(on: db)
            }
            try await Partnership.query(on: db).filter(\.$id == other).filter(\.$partnerUID == uid)
                .set(\.$partnerDodged, to: true).update()
            try await mine.delete(on: db)
            return .cancelled
        }
        if result == .cancelled { await events.tell([other], .dodged) }
        return result
    }

    private func match(_ uid: String, _ other: String, on db: any Database) async throws {
        guard let sql = db as? any SQLDatabase else { throw MatchRace() }
        for person in [uid, other].sorted() {
            let removed = try await sql.raw("DELETE FROM study_queue WHERE uid = \(bind: person) RETURNING uid").all()
            guard removed.count == 1 else { throw MatchRace() }
        }
        let profiles = try await StudyProfile.query(on: db).filter(\.$id ~~ [uid, other]).all()
        let nick = { (person: String) in profiles.first { $0.id == person }?.nick ?? "" }
        let now = clock.now()
        try await Partnership(uid: uid, partnerUID: other, partnerNick: nick(other), matchedAt: now).create(on: db)
        try await Partnership(uid: other, partnerUID: uid, partnerNick: nick(uid), matchedAt: now).create(on: db)
        try await StudyRequest.query(on: db).group(.or) {
            $0.filter(\.$fromUID ~~ [uid, other]).filter(\.$toUID ~~ [uid, other])
        }.delete()
    }

    /// Lost a race for a queue row or a partnership key: the transaction was rolled back, and
    /// the next attempt reads what the winner wrote and answers accordingly.
    private struct MatchRace: Error {}

    private func retryingRaces<T: Sendable>(_ attempt: () async throws -> T) async throws -> T {
        for _ in 1..<Self.attempts {
            do {
                return try await attempt()
            } catch is MatchRace {
                continue
            } catch let error as any DatabaseError where error.isConstraintFailure {
                continue
            }
        }
        return try await attempt()
    }

    private static let attempts = 3

    private func isWaiting(_ uid: String, on db: any Database) async throws -> Bool {
        try await QueueEntry.query(on: db).filter(\.$uid == uid).count() > 0
    }

    @discardableResult
    private func requireProfile(_ uid: String, on db: any Database) async throws -> StudyProfile {
        guard let profile = try await StudyProfile.find(uid, on: db) else { throw StudyError.notSignedUp }
        return profile
    }
}
