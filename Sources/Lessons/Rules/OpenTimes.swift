import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// The times a teacher opens for their lessons' sessions: one at a time or weekly, never in the
/// past, never overlapping another of theirs (of any lesson).
struct OpenTimes: Sendable {
    static let repeatRange = 1...12
    /// How far ahead a slot may start.
    static let horizon: TimeInterval = 366 * 86_400
    /// What a list shows when not asked for a range, and the most it spans.
    static let defaultSpan: TimeInterval = 28 * 86_400
    static let maxSpan: TimeInterval = 93 * 86_400

    let terms: LessonTerms
    let ids: IdentifierGenerator
    let clock: WallClock

    /// Opens `request.startsAt` (and the same time on each following week, up to `repeatWeeks`)
    /// for the teacher's lesson `postID`: all of them, or none when one is refused.
    func open(_ postID: String, by accountID: String, _ request: Lessons.SlotsRequest, on db: any Database) async throws -> [LessonSlot] {
        let lesson = try await LessonTerms.lesson(postID, shownTo: accountID, on: db)
        guard lesson.creatorID == accountID else { throw BookingError.notTheTeacher }
        guard let text = request.startsAt, let start = SeoulTime.parse(text) else {
            throw BookingError.invalidTime("starts_at: a time like 2026-12-01T19:00 (Seoul) or 2026-12-01T10:00:00Z")
        }
        let minutes: Int
        if let asked = request.minutes { minutes = asked } else { minutes = try await terms.terms(of: postID, shownTo: accountID, on: db).minutesPerSession }
        guard LessonTerms.minuteRange.contains(minutes) else { throw BookingError.invalidTime("minutes: \(LessonTerms.minuteRange.lowerBound) to \(LessonTerms.minuteRange.upperBound)") }
        let weeks = request.repeatWeeks ?? 1
        guard Self.repeatRange.contains(weeks) else { throw BookingError.invalidTime("repeat_weeks: 1 to \(Self.repeatRange.upperBound)") }
        let now = clock.now()
        guard start > now else { throw BookingError.slotInThePast }
        guard start.timeIntervalSince(now) < Self.horizon else { throw BookingError.invalidTime("starts_at: within a year") }
        let slots = (0..<weeks).map { week in
            let starts = start.addingTimeInterval(TimeInterval(week) * 7 * 86_400)
            return LessonSlot(id: ids.hex(byteCount: 12), postID: postID, teacherID: accountID, startsAt: starts,
                              endsAt: starts.addingTimeInterval(TimeInterval(minutes) * 60), createdAt: now)
        }
        return try await db.writeTransaction { db in
            // One teacher's slots are opened one request at a time, so two overlapping requests
            // cannot both pass the check below.
            _ = try await Account.findLocked(accountID, idColumn: "id", on: db)
            for slot in slots {
                let overlapping = try await LessonSlot.query(on: db).filter(\.$teacherID == accountID)
                    .filter(\.$startsAt < slot.endsAt).filter(\.$endsAt > slot.startsAt).count()
                guard overlapping == 0 else { throw BookingError.overlapsAnotherSlot }
            }
            try await slots.create(on: db)
            return slots
        }
    }

    /// Closes an open slot of the teacher's. A booked one stays: its booking is cancelled first.
    func close(_ slotID: String, by accountID: String, on db: any Database) async throws -> LessonSlot {
        try await db.writeTransaction { db in
            guard let slot = try await Self.slot(slotID, locking: true, on: db), slot.teacherID == accountID else { throw BookingError.notFound }
            guard try await Self.booking(of: slotID, on: db) == nil else { throw BookingError.slotBooked }
            try await slot.delete(on: db)
            return slot
        }
    }

    /// The lesson's slots between `from` and `to` (by default the next four weeks): the open ones,
    /// and for its teacher the booked ones too.
    func slots(of postID: String, from: String?, to: String?, for accountID: String, on db: any Database) async throws -> [(LessonSlot, booked: Bool)] {
        let lesson = try await LessonTerms.lesson(postID, shownTo: accountID, on: db)
        let now = clock.now()
        let start = try from.map { try Self.bound($0, "from") } ?? now
        let end = try to.map { try Self.bound($0, "to") } ?? start.addingTimeInterval(Self.defaultSpan)
        guard end > start, end.timeIntervalSince(start) <= Self.maxSpan else { throw BookingError.invalidTime("from and to: at most 93 days apart, to after from") }
        let isTeacher = lesson.creatorID == accountID
        return try await slots(of: [postID], from: isTeacher ? start : max(start, now), to: end, on: db).filter { isTeacher || !$0.booked }
    }

    /// The slots of these lessons between two times, each with whether a booking holds it.
    func slots(of postIDs: [String], from start: Date, to end: Date, on db: any Database) async throws -> [(LessonSlot, booked: Bool)] {
        guard !postIDs.isEmpty else { return [] }
        let slots = try await LessonSlot.query(on: db).filter(\.$postID ~~ postIDs).filter(\.$startsAt >= start).filter(\.$startsAt < end)
            .sort(\.$startsAt).limit(1000).all()
        let booked = Set(try await LessonBookingRecord.query(on: db).filter(\.$slotID ~~ slots.compactMap(\.id))
            .filter(\.$state == BookingRecordState.booked.rawValue).all(\.$slotID))
        return slots.map { ($0, booked.contains($0.id ?? "")) }
    }

    /// `locking`, inside a write: locked until it ends (`Model.findLocked`).
    static func slot(_ slotID: String, locking: Bool = false, on db: any Database) async throws -> LessonSlot? {
        guard !slotID.isEmpty, slotID.utf8.count <= 64 else { return nil }
        return locking ? try await LessonSlot.findLocked(slotID, idColumn: "slot_id", on: db) : try await LessonSlot.find(slotID, on: db)
    }

    static func booking(of slotID: String, on db: any Database) async throws -> LessonBookingRecord? {
        try await LessonBookingRecord.query(on: db).filter(\.$slotID == slotID).filter(\.$state == BookingRecordState.booked.rawValue).first()
    }

    static func wire(_ slot: LessonSlot, booked: Bool) -> Lessons.Slot {
        Lessons.Slot(slotID: slot.id ?? "", postID: slot.postID, startsAt: SeoulTime.wire(slot.startsAt), endsAt: SeoulTime.wire(slot.endsAt), available: !booked)
    }

    private static func bound(_ text: String, _ name: String) throws -> Date {
        guard let date = SeoulTime.parse(text, dateOnly: true) else { throw BookingError.invalidTime("\(name): a date or a time") }
        return date
    }
}

extension OpenTimes {
    /// A slot on the teacher's week: its lesson, and who booked it.
    struct Scheduled: Sendable {
        let slot: LessonSlot
        let title: String
        let student: String?
        let enrolmentID: String?
    }

    /// The teacher's lessons, newest first: what they open times for.
    func lessons(of teacherID: String, on db: any Database) async throws -> [(postID: String, title: String)] {
        try await LessonPost.query(on: db).filter(\.$creatorID == teacherID).filter(\.$productID == Lessons.ProductID.lesson)
            .sort(\.$id, .descending).limit(100).all().map { ($0.postID, $0.title) }
    }

    /// Every slot of the teacher's between two times, earliest first, with its booking's student.
    func schedule(of teacherID: String, from start: Date, to end: Date, on db: any Database) async throws -> [Scheduled] {
        let lessons = try await lessons(of: teacherID, on: db)
        let titles = Dictionary(lessons.map { ($0.postID, $0.title) }) { first, _ in first }
        let slots = try await LessonSlot.query(on: db).filter(\.$teacherID == teacherID).filter(\.$startsAt >= start).filter(\.$startsAt < end)
            .sort(\.$startsAt).limit(500).all()
        let bookings = try await LessonBookingRecord.query(on: db).filter(\.$slotID ~~ slots.compactMap(\.id))
            .filter(\.$state == BookingRecordState.booked.rawValue).all()
        let enrolments = try await Enrolment.query(on: db).filter(\.$id ~~ Set(bookings.map(\.enrolmentID))).all()
        let names = try await Enrolments.names(of: Set(enrolments.map(\.studentID)), on: db)
        let studentOf = Dictionary(enrolments.compactMap { enrolment in enrolment.id.map { ($0, names[enrolment.studentID] ?? "") } }) { first, _ in first }
        let bookingOf = Dictionary(bookings.map { ($0.slotID, $0.enrolmentID) }) { first, _ in first }
        return slots.map { slot in
            let enrolmentID = bookingOf[slot.id ?? ""]
            return Scheduled(slot: slot, title: titles[slot.postID] ?? "", student: enrolmentID.flatMap { studentOf[$0] }, enrolmentID: enrolmentID)
        }
    }
}
