import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// What a lesson sells: its sessions, their length and place, its curriculum and its
/// cancellation terms. The teacher writes them; a lesson nobody described sells the defaults.
struct LessonTerms: Sendable {
    static let sessionRange = 1...100
    static let minuteRange = 15...480
    static let freeCancelHourRange = 0...168
    static let feePercentRange = 0...50
    static let maxCurriculumLines = 100
    static let maxLineLength = 200
    static let maxBringLength = 500
    static let maxDongLength = 30

    let districts: Districts
    let clock: WallClock

    /// The lesson `postID`, as a lesson (another app's post is not one), when `viewer` is shown it:
    /// one the operator hid is missing for all but its teacher.
    static func lesson(_ postID: String, shownTo viewer: String?, on db: any Database) async throws -> LessonPost {
        guard !postID.isEmpty, postID.utf8.count <= 64,
              let post = try await LessonPost.query(on: db).filter(\.$postID == postID).first(), post.productID == Lessons.ProductID.lesson,
              post.isShown(to: viewer)
        else { throw BookingError.notFound }
        return post
    }

    func terms(of postID: String, shownTo viewer: String?, on db: any Database) async throws -> Lessons.Terms {
        let post = try await Self.lesson(postID, shownTo: viewer, on: db)
        return terms(of: post, record: try await LessonTermsRecord.find(postID, on: db))
    }

    /// What a lesson nobody described sells: one session of 60 minutes in person, cancellable
    /// free until 24 hours before, no fee.
    static func defaults(postID: String, price: Int) -> Lessons.Terms {
        Lessons.Terms(postID: postID, sessions: 1, minutesPerSession: 60, format: .inPerson, regionCode: nil, regionName: nil, dong: nil,
                      curriculum: [], bring: "", freeCancelHours: 24, lateCancellation: .sessionUsed, refundFeePercent: 0, price: price,
                      pricePerSession: price, described: false)
    }

    func terms(of post: LessonPost, record: LessonTermsRecord?) -> Lessons.Terms {
        let price = post.price ?? 0
        guard let record else { return Self.defaults(postID: post.postID, price: price) }
        let format = Lessons.LessonFormat(rawValue: record.format) ?? .inPerson
        let curriculum = (try? JSONDecoder().decode([String].self, from: Data(record.curriculum.utf8))) ?? []
        return Lessons.Terms(
            postID: post.postID, sessions: record.sessions, minutesPerSession: record.minutesPerSession, format: format,
            regionCode: record.regionCode, regionName: districts.place(record.regionCode)?.name, dong: record.dong, curriculum: curriculum,
            bring: record.bring, freeCancelHours: record.freeCancelHours,
            lateCancellation: Lessons.LateCancellation(rawValue: record.lateCancellation) ?? .sessionUsed,
            refundFeePercent: record.refundFeePercent, price: price, pricePerSession: price / max(record.sessions, 1), described: true
        )
    }

    /// Replaces the description of the teacher's lesson. Every field is checked before anything is written.
    func describe(_ postID: String, by accountID: String, _ request: Lessons.TermsRequest, on db: any Database) async throws -> Lessons.Terms {
        let post = try await Self.lesson(postID, shownTo: accountID, on: db)
        guard post.creatorID == accountID else { throw BookingError.notTheTeacher }
        let sessions = try Self.within(request.sessions ?? 1, Self.sessionRange, "sessions")
        let minutes = try Self.within(request.minutesPerSession ?? 60, Self.minuteRange, "minutes_per_session")
        guard let format = Lessons.LessonFormat(rawValue: request.format ?? Lessons.LessonFormat.inPerson.rawValue) else {
            throw BookingError.invalidTerms(field: "format", reason: "in_person or online")
        }
        let regionCode = Self.blankToNil(request.regionCode)
        if let regionCode, districts.place(regionCode) == nil { throw BookingError.invalidTerms(field: "region_code", reason: "not a 시/군/구 code") }
        if format == .inPerson, regionCode == nil { throw BookingError.invalidTerms(field: "region_code", reason: "required in person") }
        let dong = Self.blankToNil(request.dong)
        if let dong, dong.count > Self.maxDongLength || dong.contains(where: \.isNewline) {
            throw BookingError.invalidTerms(field: "dong", reason: "one line of at most \(Self.maxDongLength) characters")
        }
        let curriculum = (request.curriculum ?? []).map(Self.oneLine).filter { !$0.isEmpty }
        guard curriculum.count <= Self.maxCurriculumLines, curriculum.allSatisfy({ $0.count <= Self.maxLineLength }) else {
            throw BookingError.invalidTerms(field: "curriculum", reason: "at most \(Self.maxCurriculumLines) lines of \(Self.maxLineLength) characters")
        }
        let bring = (request.bring ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard bring.count <= Self.maxBringLength else { throw BookingError.invalidTerms(field: "bring", reason: "at most \(Self.maxBringLength) characters") }
        let hours = try Self.within(request.freeCancelHours ?? 24, Self.freeCancelHourRange, "free_cancel_hours")
        guard let late = Lessons.LateCancellation(rawValue: request.lateCancellation ?? Lessons.LateCancellation.sessionUsed.rawValue) else {
            throw BookingError.invalidTerms(field: "late_cancellation", reason: "session_used or session_returned")
        }
        let fee = try Self.within(request.refundFeePercent ?? 0, Self.feePercentRange, "refund_fee_percent")

        let record = try await LessonTermsRecord.find(postID, on: db) ?? LessonTermsRecord()
        record.id = postID
        try await save(record, on: db) { record in
            record.sessions = sessions
            record.minutesPerSession = minutes
            record.format = format.rawValue
            record.regionCode = format == .online ? nil : regionCode
            record.dong = format == .online ? nil : dong
            record.placeKey = placeKey(format: format, regionCode: record.regionCode, dong: record.dong)
            record.curriculum = String(decoding: try JSONEncoder().encode(curriculum), as: UTF8.self)
            record.bring = bring
            record.freeCancelHours = hours
            record.lateCancellation = late.rawValue
            record.refundFeePercent = fee
            record.updatedAt = clock.now()
        }
        return terms(of: post, record: record)
    }

    /// Fills and saves the row; when another request created it meanwhile, fills and updates that one.
    private func save(_ record: LessonTermsRecord, on db: any Database, fill: (LessonTermsRecord) throws -> Void) async throws {
        try fill(record)
        do {
            try await record.save(on: db)
        } catch {
            guard (error as? any DatabaseError)?.isConstraintFailure == true, let existing = try await LessonTermsRecord.find(record.id, on: db) else { throw error }
            try fill(existing)
            try await existing.save(on: db)
        }
    }

    /// "서울특별시 서울 강남구 역삼동 대면", or "온라인 online": what a search for a place finds.
    func placeKey(format: Lessons.LessonFormat, regionCode: String?, dong: String?) -> String {
        let place = districts.place(regionCode)
        let words = format == .online ? ["온라인", "online"] : [place?.province, place?.name, dong, "대면"].compactMap { $0 }
        return SearchKey.fold(words.joined(separator: " "))
    }

    private static func within(_ value: Int, _ range: ClosedRange<Int>, _ field: String) throws -> Int {
        guard range.contains(value) else { throw BookingError.invalidTerms(field: field, reason: "\(range.lowerBound) to \(range.upperBound)") }
        return value
    }

    private static func blankToNil(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}
