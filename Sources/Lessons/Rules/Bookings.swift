import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// A student books their enrolment's sessions in the teacher's open slots, one at a time up to
/// what remains; moves or cancels one free until the terms' hours before it, after which the
/// terms decide; the teacher may cancel any upcoming one, and the session returns.
struct Bookings: Sendable {
    let enrolments: Enrolments
    let news: BookingNews
    let ids: IdentifierGenerator
    let clock: WallClock

    func book(_ enrolmentID: String, slot slotID: String?, by accountID: String, on db: any Database) async throws -> Enrolment {
        // Checked first outside the write: under contention most attempts are at a slot someone
        // already holds, and are answered without waiting for the one writer (SQLite's) to be free.
        let (found, role) = try await enrolments.enrolment(enrolmentID, for: accountID, on: db)
        guard role == .student else { throw BookingError.notFound }
        _ = try await openSlot(slotID, of: found, on: db)
        let (enrolment, booking) = try await db.writeTransaction { db -> (Enrolment, LessonBookingRecord) in
            let (enrolment, role) = try await enrolments.enrolment(enrolmentID, for: accountID, on: db)
            guard role == .student else { throw BookingError.notFound }
            // The enrolment's row is locked until the booking commits: two bookings of the same
            // student at once count what remains one after the other.
            _ = try await Enrolment.findLocked(enrolmentID, idColumn: "enrolment_id", on: db)
            try await requireActive(enrolment, on: db)
            let slot = try await openSlot(slotID, of: enrolment, locking: true, on: db)
            let booking = LessonBookingRecord(id: ids.hex(byteCount: 12), enrolmentID: enrolmentID, slot: slot, at: clock.now())
            try await insert(booking, on: db)
            return (enrolment, booking)
        }
        await news.tell(.booked(booking.startsAt), about: enrolment, by: .student, on: db)
        return enrolment
    }

    /// Moves the booking to another open slot of the same lesson, keeping its id (calendars
    /// update the event in place).
    func move(_ bookingID: String, to slotID: String?, by accountID: String, on db: any Database) async throws -> Enrolment {
        let (enrolment, from, to) = try await db.writeTransaction { db -> (Enrolment, Date, Date) in
            let (booking, enrolment, role) = try await self.booking(bookingID, for: accountID, locking: true, on: db)
            guard role == .student else { throw BookingError.notFound }
            guard enrolment.state == EnrolmentRecordState.active.rawValue else { throw BookingError.enrolmentEnded }
            guard booking.state == BookingRecordState.booked.rawValue else { throw BookingError.notFound }
            let now = clock.now()
            guard booking.startsAt > now else { throw BookingError.sessionStarted }
            let hours = Enrolments.terms(of: enrolment).freeCancelHours
            guard booking.startsAt.timeIntervalSince(now) >= TimeInterval(hours) * 3600 else { throw BookingError.tooLateToMove(hours: hours) }
            let slot = try await openSlot(slotID, of: enrolment, locking: true, on: db)
            let from = booking.startsAt
            booking.slotID = slot.id ?? ""
            booking.startsAt = slot.startsAt
            booking.endsAt = slot.endsAt
            booking.updatedAt = now
            booking.remindedDayBefore = false
            booking.remindedHourBefore = false
            try await update(booking, on: db)
            return (enrolment, from, slot.startsAt)
        }
        await news.tell(.moved(from: from, to: to), about: enrolment, by: .student, on: db)
        return enrolment
    }

    /// Cancels an upcoming booking. The student's returns the session when made in the free
    /// window or under terms that return late ones; otherwise the session counts as used. The
    /// teacher's always returns it.
    func cancel(_ bookingID: String, by accountID: String, on db: any Database) async throws -> Enrolment {
        let (enrolment, role, booking) = try await db.writeTransaction { db -> (Enrolment, Enrolments.Role, LessonBookingRecord) in
            let (booking, enrolment, role) = try await self.booking(bookingID, for: accountID, locking: true, on: db)
            guard booking.state == BookingRecordState.booked.rawValue else { throw BookingError.notFound }
            let now = clock.now()
            guard booking.startsAt > now else { throw BookingError.sessionStarted }
            let terms = Enrolments.terms(of: enrolment)
            let inTime = booking.startsAt.timeIntervalSince(now) >= TimeInterval(terms.freeCancelHours) * 3600
            let returned = role == .teacher || inTime || terms.lateCancellation == .sessionReturned
            booking.state = (returned ? BookingRecordState.cancelled : .forfeited).rawValue
            booking.cancelledBy = role.rawValue
            booking.updatedAt = now
            try await booking.save(on: db)
            return (enrolment, role, booking)
        }
        await news.tell(.cancelled(booking.startsAt, sessionReturned: booking.state == BookingRecordState.cancelled.rawValue),
                            about: enrolment, by: role, on: db)
        return enrolment
    }

    /// The booking `id` with its enrolment and the caller's part in it; not found for anyone without
    /// one. `locking`, inside a write: the row stays locked until it ends, so two changes of one
    /// booking at once (a double tap, the student and the teacher together) happen one after the other.
    func booking(_ id: String, for accountID: String, locking: Bool = false, on db: any Database) async throws -> (LessonBookingRecord, Enrolment, Enrolments.Role) {
        guard !id.isEmpty, id.utf8.count <= 64 else { throw BookingError.notFound }
        let found = locking ? try await LessonBookingRecord.findLocked(id, idColumn: "booking_id", on: db) : try await LessonBookingRecord.find(id, on: db)
        guard let booking = found else { throw BookingError.notFound }
        let (enrolment, role) = try await enrolments.enrolment(booking.enrolmentID, for: accountID, on: db)
        return (booking, enrolment, role)
    }

    private func requireActive(_ enrolment: Enrolment, on db: any Database) async throws {
        guard enrolment.state == EnrolmentRecordState.active.rawValue else { throw BookingError.enrolmentEnded }
        let bookings = try await LessonBookingRecord.query(on: db).filter(\.$enrolmentID == (enrolment.id ?? "")).all()
        guard Enrolments.count(bookings, at: clock.now()).held < Enrolments.terms(of: enrolment).sessions else { throw BookingError.noSessionsLeft }
    }

    /// `locking`, inside a write: the slot's row stays locked until it ends, so the teacher closing
    /// it and a student booking it happen one after the other. A lesson the operator hid takes no
    /// bookings: its slots are missing to the student, as a deleted lesson's are.
    private func openSlot(_ slotID: String?, of enrolment: Enrolment, locking: Bool = false, on db: any Database) async throws -> LessonSlot {
        guard let slotID, let slot = try await OpenTimes.slot(slotID, locking: locking, on: db) else { throw BookingError.notFound }
        _ = try await LessonTerms.lesson(enrolment.postID, shownTo: enrolment.studentID, on: db)
        guard slot.postID == enrolment.postID else { throw BookingError.slotOfAnotherLesson }
        guard slot.startsAt > clock.now() else { throw BookingError.slotInThePast }
        guard try await OpenTimes.booking(of: slotID, on: db) == nil else { throw BookingError.slotTaken }
        return slot
    }

    /// The unique index on booked slots decides a race the check above lost.
    private func insert(_ booking: LessonBookingRecord, on db: any Database) async throws {
        do {
            try await booking.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw BookingError.slotTaken
        }
    }

    private func update(_ booking: LessonBookingRecord, on db: any Database) async throws {
        do {
            try await booking.save(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw BookingError.slotTaken
        }
    }
}
