import Fluent
import Foundation
import Platform
import PlatformCore
import SQLKit

/// Requests, accepts and dodges (spec §3, "Matching flow"). A match takes both people out of the
/// queue and writes one `Partnership` row per side inside one write transaction; the queue rows
/// are deleted one by one in uid order and each delete must remove a row, so two matches racing
/// for the same person cannot both commit (SQLite runs write transactions one at a time;
/// PostgreSQL re-checks a deleted row after waiting for its lock, and the fixed order rules out a
/// deadlock between two pairs). A request or an accept first locks both people's queue rows, so
/// on PostgreSQL two calls about the same pair run one after the other as on SQLite: two people
/// asking each other at once would otherwise each miss the other's uncommitted request and both
/// wait, unmatched.
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

    /// What ending the study now would cost, said before it is done.
    enum DodgeCost: Equatable {
        /// Minutes without the queue.
        case penalty(minutes: Int)
        /// The partner cancelled or reviewed first: ending it costs nothing.
        case free
        case notMyPartner
    }

    /// A published client answers a 201 by sending the request again instead of accepting, so a
    /// mutual request matches at once; a client that follows with `studyaccept` then gets 200.
    func request(from uid: String, to other: String, on db: any Database) async throws -> RequestResult {
        // What this call changed, so a repeated request tells no one twice.
        let (result, news): (RequestResult, StudyQueueEvent?) = try await retryingRaces {
            try await db.writeTransaction { db in
                try await lockQueueRows(of: [uid, other], on: db)
                try await requireProfile(uid, on: db)
                if let mine = try await Partnership.find(uid, on: db) {
                    return (mine.partnerUID == other ? .matchedMutually : .otherNotWaiting, nil)
                }
                guard other != uid, try await isWaiting(other, on: db) else { return (.otherNotWaiting, nil) }
                let askedMe = try await StudyRequest.query(on: db).filter(\.$fromUID == other).filter(\.$toUID == uid).count() > 0
                if askedMe, try await isWaiting(uid, on: db) {
                    try await match(uid, other, on: db)
                    return (.matchedMutually, .matched)
                }
                guard try await StudyRequest.query(on: db).filter(\.$fromUID == uid).filter(\.$toUID == other).count() == 0 else {
                    return (.sent, nil)
                }
                try await StudyRequest(from: uid, to: other, createdAt: clock.now()).create(on: db)
                return (.sent, .studyRequest)
            }
        }
        switch news {
        case .studyRequest?: await events.tell([other], .studyRequest, uid, db)
        case .matched?: await events.tell([uid, other], .matched, uid, db)
        default: break
        }
        return result
    }

    func accept(_ uid: String, from other: String, on db: any Database) async throws -> AcceptResult {
        let (result, matchedNow): (AcceptResult, Bool) = try await retryingRaces {
            try await db.writeTransaction { db in
                try await lockQueueRows(of: [uid, other], on: db)
                try await requireProfile(uid, on: db)
                if let mine = try await Partnership.find(uid, on: db) {
                    return (mine.partnerUID == other ? .matched : .alreadyMatched, false)
                }
                guard other != uid else { return (.otherNotWaiting, false) }
                // Each statement sees what had committed when it began (PostgreSQL's read
                // committed), so a match that commits between two reads shows in the later one:
                // whoever is no longer waiting is asked again whether they matched meanwhile.
                guard try await isWaiting(other, on: db) else {
                    return (try await Partnership.find(other, on: db) != nil ? .otherMatchedElsewhere : .otherNotWaiting, false)
                }
                guard try await isWaiting(uid, on: db) else {
                    guard let mine = try await Partnership.find(uid, on: db) else { return (.otherNotWaiting, false) }
                    return (mine.partnerUID == other ? .matched : .alreadyMatched, false)
                }
                // A match of theirs deletes their requests too, so a request gone is asked about the same way.
                guard try await StudyRequest.query(on: db).filter(\.$fromUID == other).filter(\.$toUID == uid).count() > 0 else {
                    return (try await Partnership.find(other, on: db) != nil ? .otherMatchedElsewhere : .otherNotWaiting, false)
                }
                try await match(uid, other, on: db)
                return (.matched, true)
            }
        }
        if matchedNow { await events.tell([uid, other], .matched, uid, db) }
        return result
    }

    func dodgeCost(_ uid: String, partner other: String, on db: any Database) async throws -> DodgeCost {
        let profile = try await requireProfile(uid, on: db)
        guard let mine = try await Partnership.find(uid, on: db), mine.partnerUID == other else { return .notMyPartner }
        guard !mine.partnerDodged && !mine.partnerReviewed else { return .free }
        return .penalty(minutes: DodgePenalty.nextLevel(of: profile, at: clock.now()))
    }

    /// Ends the study. It counts as a dodge, with its penalty, unless the partner had already
    /// cancelled or reviewed.
    func dodge(_ uid: String, partner other: String, on db: any Database) async throws -> DodgeResult {
        let result = try await cancel(uid, partner: other, on: db)
        if result == .cancelled { await events.tell([other], .dodged, uid, db) }
        return result
    }

    /// `dodge` without telling the partner: for a caller that writes more in the same
    /// transaction, and tells once it has committed.
    func cancel(_ uid: String, partner other: String, on db: any Database) async throws -> DodgeResult {
        try await db.writeTransaction { db -> DodgeResult in
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
    }

    enum WithdrawResult: Equatable {
        case withdrawn, notSent
        /// The other person accepted first: we are matched.
        case matched
    }

    /// The people I have asked and who have not answered yet.
    func sentRequests(from uid: String, on db: any Database) async throws -> Set<String> {
        Set(try await StudyRequest.query(on: db).filter(\.$fromUID == uid).all().map(\.toUID))
    }

    /// Takes back a request I sent. The contract has no such call (its clients stop waiting
    /// instead); the web offers it. It locks both queue rows as an accept does, so a withdrawal
    /// and an accept of the same request cannot both win.
    func withdrawRequest(from uid: String, to other: String, on db: any Database) async throws -> WithdrawResult {
        let result: WithdrawResult = try await db.writeTransaction { db in
            try await lockQueueRows(of: [uid, other], on: db)
            try await requireProfile(uid, on: db)
            if let mine = try await Partnership.find(uid, on: db), mine.partnerUID == other { return .matched }
            guard try await StudyRequest.query(on: db).filter(\.$fromUID == uid).filter(\.$toUID == other).count() > 0 else { return .notSent }
            try await StudyRequest.query(on: db).filter(\.$fromUID == uid).filter(\.$toUID == other).delete()
            return .withdrawn
        }
        if result == .withdrawn { await events.tell([other], .requestWithdrawn, uid, db) }
        return result
    }

    private func match(_ uid: String, _ other: String, on db: any Database) async throws {
        let sql = try db.sql()
        for person in [uid, other].sorted() {
            let removed = try await sql.raw("DELETE FROM study_queue WHERE uid = \(bind: person) RETURNING uid").all()
            guard removed.count == 1 else { throw MatchRace() }
        }
        let profiles = try await StudyProfile.query(on: db).filter(\.$id ~~ [uid, other]).all()
        let nick = { (person: String) in profiles.first { $0.id == person }?.nick ?? "" }
        let now = clock.now()
        try await Partnership(uid: uid, partnerUID: other, partnerNick: nick(other), matchedAt: now).create(on: db)
        try await Partnership(uid: other, partnerUID: uid, partnerNick: nick(uid), matchedAt: now).create(on: db)
        try await [PastMatch(uid: uid, partnerUID: other, matchedAt: now), PastMatch(uid: other, partnerUID: uid, matchedAt: now)].create(on: db)
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

    /// In uid order, like `match`, so two transactions locking overlapping pairs cannot deadlock.
    /// SQLite's dialect leaves `FOR UPDATE` out: its write transactions already run one at a time.
    private func lockQueueRows(of people: [String], on db: any Database) async throws {
        try await db.sql().select().column("uid").from(QueueEntry.schema)
            .where(SQLIdentifier("uid"), .in, SQLBind.group(people))
            .orderBy("uid").for(.update).run()
    }

    private func isWaiting(_ uid: String, on db: any Database) async throws -> Bool {
        try await QueueEntry.query(on: db).filter(\.$uid == uid).count() > 0
    }

    @discardableResult
    private func requireProfile(_ uid: String, on db: any Database) async throws -> StudyProfile {
        guard let profile = try await StudyProfile.find(uid, on: db) else { throw StudyError.notSignedUp }
        return profile
    }
}
