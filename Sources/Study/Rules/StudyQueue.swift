import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Waiting in the queue, leaving it, reading one's state and searching nearby (spec §3).
struct StudyQueue: Sendable {
    let clock: WallClock
    let search: NearbySearch

    /// Reports that bar a person from the queue.
    static let reportLimit = 3

    enum EntryResult: Equatable {
        case waiting, alreadyMatched, reportedTooOften, dodgePenalty(level: Int)
    }

    enum State: Equatable {
        case normal
        case waiting
        case matched(partnerUID: String, partnerNick: String, partnerDodged: Bool, partnerReviewed: Bool)
    }

    func enter(_ uid: String, form: StudyForm, on db: any Database) async throws -> EntryResult {
        let point = try Self.point(form)
        let tags = try StudyTags.parse(form.values("studylist"))
        return try await db.writeTransaction { db in
            guard let profile = try await StudyProfile.find(uid, on: db) else { throw StudyError.notSignedUp }
            if profile.reportedNum >= Self.reportLimit { return .reportedTooOften }
            if let level = DodgePenalty.activeLevel(of: profile, at: clock.now()) { return .dodgePenalty(level: level) }
            if try await Partnership.find(uid, on: db) != nil { return .alreadyMatched }
            if let entry = try await QueueEntry.query(on: db).filter(\.$uid == uid).first() {
                entry.lat = point.lat
                entry.long = point.long
                entry.studylist = tags
                try await entry.save(on: db)
            } else {
                try await QueueEntry(uid: uid, lat: point.lat, long: point.long, studylist: tags, queuedAt: clock.now()).create(on: db)
            }
            return .waiting
        }
    }

    /// Leaves the queue; `false` when the person was not waiting (already stopped, or matched).
    func stop(_ uid: String, on db: any Database) async throws -> Bool {
        try await db.writeTransaction { db in
            guard try await StudyProfile.find(uid, on: db) != nil else { throw StudyError.notSignedUp }
            guard let entry = try await QueueEntry.query(on: db).filter(\.$uid == uid).first() else { return false }
            try await entry.delete(on: db)
            try await StudyRequest.query(on: db).group(.or) { $0.filter(\.$fromUID == uid).filter(\.$toUID == uid) }.delete()
            return true
        }
    }

    func state(_ uid: String, on db: any Database) async throws -> State {
        guard try await StudyProfile.find(uid, on: db) != nil else { throw StudyError.notSignedUp }
        if let partnership = try await Partnership.find(uid, on: db) {
            return .matched(partnerUID: partnership.partnerUID, partnerNick: partnership.partnerNick,
                            partnerDodged: partnership.partnerDodged, partnerReviewed: partnership.partnerReviewed)
        }
        return try await QueueEntry.query(on: db).filter(\.$uid == uid).count() > 0 ? .waiting : .normal
    }

    /// Everyone waiting within the radius, the waiting people who asked me (wherever they are),
    /// and tags to suggest: the most wanted studies around, then my own frequent study.
    func search(_ uid: String, form: StudyForm, on db: any Database) async throws -> Study.SearchResult {
        try await search(uid, near: Self.point(form), on: db)
    }

    func search(_ uid: String, near centre: GeoPoint, on db: any Database) async throws -> Study.SearchResult {
        let me = try await StudyProfile.find(uid, on: db)
        guard let me else { throw StudyError.notSignedUp }
        let nearby = try await search.waiting(near: centre, excluding: uid, on: db).map(StudyPresenter.queueUser)
        let askerUIDs = try await StudyRequest.query(on: db).filter(\.$toUID == uid).sort(\.$createdAt).all().map(\.fromUID)
        let people = try await waitingPeople(askerUIDs, on: db)
        let askers = askerUIDs.compactMap { people[$0] }
        return Study.SearchResult(fromQueueDB: nearby, fromQueueDBRequested: askers, fromRecommend: Self.recommendations(nearby, me: me))
    }

    private func waitingPeople(_ uids: [String], on db: any Database) async throws -> [String: Study.QueueUser] {
        guard !uids.isEmpty else { return [:] }
        let entries = try await QueueEntry.query(on: db).filter(\.$uid ~~ uids).all()
        let profiles = try await StudyProfile.query(on: db).filter(\.$id ~~ uids).all()
        let byUID = Dictionary(profiles.compactMap { profile in profile.id.map { ($0, profile) } }) { first, _ in first }
        var people: [String: Study.QueueUser] = [:]
        for entry in entries {
            guard let profile = byUID[entry.uid] else { continue }
            people[entry.uid] = StudyPresenter.queueUser(entry, profile)
        }
        return people
    }

    static let recommendationCount = 5

    static func recommendations(_ nearby: [Study.QueueUser], me: StudyProfile) -> [String] {
        var counts: [String: Int] = [:]
        for tag in nearby.flatMap(\.studylist) where !StudyTags.isAny(tag) {
            counts[tag, default: 0] += 1
        }
        var tags = counts.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
            .prefix(recommendationCount).map(\.key)
        let mine = me.study.trimmingCharacters(in: .whitespaces)
        if Study.studyTagLength.contains(mine.count), !tags.contains(mine), tags.count < recommendationCount {
            tags.append(mine)
        }
        return tags
    }

    static func point(_ form: StudyForm) throws(StudyError) -> GeoPoint {
        guard let lat = form.value("lat").flatMap(StudyNumber.double) else { throw .invalid(.lat) }
        guard let long = form.value("long").flatMap(StudyNumber.double) else { throw .invalid(.long) }
        guard let point = GeoPoint(lat: lat, long: long) else { throw .invalid(.lat) }
        return point
    }
}
