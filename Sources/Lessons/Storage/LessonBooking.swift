import Fluent
import Foundation

/// What a lesson sells (`Lessons.Terms`), one row per described lesson; a lesson without one sells
/// the defaults (`LessonTerms.defaults`).
final class LessonTermsRecord: Model, @unchecked Sendable {
    static let schema = "lessons_terms"

    @ID(custom: "post_id", generatedBy: .user) var id: String?
    @Field(key: "sessions") var sessions: Int
    @Field(key: "minutes_per_session") var minutesPerSession: Int
    @Field(key: "format") var format: String
    @OptionalField(key: "region_code") var regionCode: String?
    @OptionalField(key: "dong") var dong: String?
    /// The place in every word a search may use (province, 시/군/구, 동, online), `SearchKey`-folded.
    @Field(key: "place_key") var placeKey: String
    /// One line per session, as a JSON array.
    @Field(key: "curriculum") var curriculum: String
    @Field(key: "bring") var bring: String
    @Field(key: "free_cancel_hours") var freeCancelHours: Int
    @Field(key: "late_cancellation") var lateCancellation: String
    @Field(key: "refund_fee_percent") var refundFeePercent: Int
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}

/// A time a teacher opened for one session of a lesson.
final class LessonSlot: Model, @unchecked Sendable {
    static let schema = "lessons_slots"

    @ID(custom: "slot_id", generatedBy: .user) var id: String?
    @Field(key: "post_id") var postID: String
    @Field(key: "teacher_id") var teacherID: String
    @Field(key: "starts_at") var startsAt: Date
    @Field(key: "ends_at") var endsAt: Date
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(id: String, postID: String, teacherID: String, startsAt: Date, endsAt: Date, createdAt: Date) {
        self.id = id
        self.postID = postID
        self.teacherID = teacherID
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.createdAt = createdAt
    }
}

/// A paid purchase of a lesson: its sessions, held for the student to book, under the terms as
/// they stood at payment (`terms`, the wire's JSON).
final class Enrolment: Model, @unchecked Sendable {
    static let schema = "lessons_enrolments"

    @ID(custom: "enrolment_id", generatedBy: .user) var id: String?
    /// The payment it came from; the gateway refunds by it.
    @Field(key: "imp_uid") var impUID: String
    @Field(key: "post_id") var postID: String
    @Field(key: "title") var title: String
    @Field(key: "student_id") var studentID: String
    @Field(key: "teacher_id") var teacherID: String
    @Field(key: "price") var price: Int
    @Field(key: "terms") var terms: String
    @Field(key: "state") var state: String
    @OptionalField(key: "refunded_amount") var refundedAmount: Int?
    @OptionalField(key: "refunded_at") var refundedAt: Date?
    @Field(key: "paid_at") var paidAt: Date

    init() {}

    init(id: String, impUID: String, postID: String, title: String, studentID: String, teacherID: String, price: Int, terms: String, paidAt: Date) {
        self.id = id
        self.impUID = impUID
        self.postID = postID
        self.title = title
        self.studentID = studentID
        self.teacherID = teacherID
        self.price = price
        self.terms = terms
        state = EnrolmentRecordState.active.rawValue
        self.paidAt = paidAt
    }
}

enum EnrolmentRecordState: String {
    case active
    /// Claimed by a refund while the gateway is asked.
    case refunding
    case refunded
}

/// One session of an enrolment at one slot's time. Only one booking in the `booked` state holds a
/// slot (a partial unique index): two students racing for it, one wins.
final class LessonBookingRecord: Model, @unchecked Sendable {
    static let schema = "lessons_bookings"

    @ID(custom: "booking_id", generatedBy: .user) var id: String?
    @Field(key: "enrolment_id") var enrolmentID: String
    @Field(key: "slot_id") var slotID: String
    @Field(key: "starts_at") var startsAt: Date
    @Field(key: "ends_at") var endsAt: Date
    /// `booked`, `cancelled` or `forfeited`; a booked session whose time passed was taken.
    @Field(key: "state") var state: String
    @OptionalField(key: "cancelled_by") var cancelledBy: String?
    @Field(key: "updated_at") var updatedAt: Date
    /// The reminders sent: each is claimed by one instance (`SessionReminders`).
    @Field(key: "reminded_day_before") var remindedDayBefore: Bool
    @Field(key: "reminded_hour_before") var remindedHourBefore: Bool
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(id: String, enrolmentID: String, slot: LessonSlot, at now: Date) {
        self.id = id
        self.enrolmentID = enrolmentID
        slotID = slot.id ?? ""
        startsAt = slot.startsAt
        endsAt = slot.endsAt
        state = BookingRecordState.booked.rawValue
        updatedAt = now
        remindedDayBefore = false
        remindedHourBefore = false
        createdAt = now
    }
}

enum BookingRecordState: String {
    case booked, cancelled, forfeited
}
