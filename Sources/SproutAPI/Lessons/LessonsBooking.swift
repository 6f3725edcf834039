import Foundation

// Sprout's own lessons API (`/api/lessons`, bearer tokens): what a lesson sells, the teacher's
// open times, enrolments, bookings and refunds. The LSLP contract under `/v1` knows none of it.

extension Lessons {
    /// Online, or at a place.
    public enum LessonFormat: String, Codable, Sendable, CaseIterable {
        case inPerson = "in_person"
        case online
    }

    /// What a session cancelled later than the free window counts as.
    public enum LateCancellation: String, Codable, Sendable, CaseIterable {
        /// The session counts as taken (the usual practice of private lessons).
        case sessionUsed = "session_used"
        /// The session returns to the enrolment, as a free cancellation does.
        case sessionReturned = "session_returned"
    }

    /// What a lesson sells, shown on its page and again at checkout. A lesson nobody described yet
    /// (one the published app created) answers the defaults with `described` false.
    public struct Terms: Codable, Sendable, Equatable {
        public var postID: String
        public var sessions: Int
        public var minutesPerSession: Int
        public var format: LessonFormat
        /// A 시/군/구's 행정구역 code; nil online.
        public var regionCode: String?
        /// "서울특별시 강남구", from the code.
        public var regionName: String?
        public var dong: String?
        /// One line per session; may be empty.
        public var curriculum: [String]
        public var bring: String
        /// A booking cancelled or moved at least this many hours before it starts returns its session.
        public var freeCancelHours: Int
        public var lateCancellation: LateCancellation
        /// Taken from the unused sessions' value when the student ends the enrolment after its first session.
        public var refundFeePercent: Int
        public var price: Int
        /// `price / sessions`, rounded down.
        public var pricePerSession: Int
        public var described: Bool

        public init(postID: String, sessions: Int, minutesPerSession: Int, format: LessonFormat, regionCode: String?, regionName: String?,
                    dong: String?, curriculum: [String], bring: String, freeCancelHours: Int, lateCancellation: LateCancellation,
                    refundFeePercent: Int, price: Int, pricePerSession: Int, described: Bool) {
            self.postID = postID
            self.sessions = sessions
            self.minutesPerSession = minutesPerSession
            self.format = format
            self.regionCode = regionCode
            self.regionName = regionName
            self.dong = dong
            self.curriculum = curriculum
            self.bring = bring
            self.freeCancelHours = freeCancelHours
            self.lateCancellation = lateCancellation
            self.refundFeePercent = refundFeePercent
            self.price = price
            self.pricePerSession = pricePerSession
            self.described = described
        }

        enum CodingKeys: String, CodingKey {
            case postID = "post_id", sessions, minutesPerSession = "minutes_per_session", format, regionCode = "region_code",
                 regionName = "region_name", dong, curriculum, bring, freeCancelHours = "free_cancel_hours",
                 lateCancellation = "late_cancellation", refundFeePercent = "refund_fee_percent", price,
                 pricePerSession = "price_per_session", described
        }
    }

    /// `PUT /api/lessons/{post_id}/terms`: the whole description; a field left out takes its default
    /// (1 session of 60 minutes in person, cancellable free until 24 hours before, no fee).
    public struct TermsRequest: Codable, Sendable, Equatable {
        public var sessions: Int?
        public var minutesPerSession: Int?
        public var format: String?
        public var regionCode: String?
        public var dong: String?
        public var curriculum: [String]?
        public var bring: String?
        public var freeCancelHours: Int?
        public var lateCancellation: String?
        public var refundFeePercent: Int?

        public init(sessions: Int? = nil, minutesPerSession: Int? = nil, format: LessonFormat? = nil, regionCode: String? = nil, dong: String? = nil,
                    curriculum: [String]? = nil, bring: String? = nil, freeCancelHours: Int? = nil, lateCancellation: LateCancellation? = nil,
                    refundFeePercent: Int? = nil) {
            self.sessions = sessions
            self.minutesPerSession = minutesPerSession
            self.format = format?.rawValue
            self.regionCode = regionCode
            self.dong = dong
            self.curriculum = curriculum
            self.bring = bring
            self.freeCancelHours = freeCancelHours
            self.lateCancellation = lateCancellation?.rawValue
            self.refundFeePercent = refundFeePercent
        }

        enum CodingKeys: String, CodingKey {
            case sessions, minutesPerSession = "minutes_per_session", format, regionCode = "region_code", dong, curriculum, bring,
                 freeCancelHours = "free_cancel_hours", lateCancellation = "late_cancellation", refundFeePercent = "refund_fee_percent"
        }
    }

    /// A time the teacher opened for one session of a lesson. Times are UTC instants
    /// (`2026-12-01T10:00:00Z`); the teacher opens them in Asia/Seoul.
    public struct Slot: Codable, Sendable, Equatable {
        public var slotID: String
        public var postID: String
        public var startsAt: String
        public var endsAt: String
        /// Open to book; false once booked (by whom shows only on the enrolment).
        public var available: Bool

        public init(slotID: String, postID: String, startsAt: String, endsAt: String, available: Bool) {
            self.slotID = slotID
            self.postID = postID
            self.startsAt = startsAt
            self.endsAt = endsAt
            self.available = available
        }

        enum CodingKeys: String, CodingKey {
            case slotID = "slot_id", postID = "post_id", startsAt = "starts_at", endsAt = "ends_at", available
        }
    }

    public struct SlotList: Codable, Sendable, Equatable {
        public var slots: [Slot]
        public init(slots: [Slot]) { self.slots = slots }
    }

    /// `POST /api/lessons/{post_id}/slots`: one time, or the same time weekly. `starts_at` is an
    /// ISO 8601 time with an offset (`2026-12-01T19:00:00+09:00`, `…Z`) or a local Seoul time
    /// (`2026-12-01T19:00`).
    public struct SlotsRequest: Codable, Sendable, Equatable {
        public var startsAt: String?
        /// The lesson's minutes per session when left out.
        public var minutes: Int?
        /// 1 (the default) to 12 weeks.
        public var repeatWeeks: Int?

        public init(startsAt: String, minutes: Int? = nil, repeatWeeks: Int? = nil) {
            self.startsAt = startsAt
            self.minutes = minutes
            self.repeatWeeks = repeatWeeks
        }

        enum CodingKeys: String, CodingKey {
            case startsAt = "starts_at", minutes, repeatWeeks = "repeat_weeks"
        }
    }

    /// Someone in an enrolment, as the other side sees them.
    public struct Participant: Codable, Sendable, Equatable {
        public var userID: String
        public var nick: String

        public init(userID: String, nick: String) {
            self.userID = userID
            self.nick = nick
        }

        enum CodingKeys: String, CodingKey {
            case userID = "user_id", nick
        }
    }

    public enum BookingState: String, Codable, Sendable, CaseIterable {
        /// Upcoming.
        case booked
        /// Its time has passed: the session was taken.
        case taken
        /// Cancelled in time, or by the teacher: the session returned.
        case cancelled
        /// Cancelled late under terms that count the session as used.
        case forfeited
    }

    public struct Booking: Codable, Sendable, Equatable {
        public var bookingID: String
        public var enrolmentID: String
        public var slotID: String
        public var startsAt: String
        public var endsAt: String
        public var state: BookingState
        /// `student` or `teacher`, on a cancelled or forfeited booking.
        public var cancelledBy: String?

        public init(bookingID: String, enrolmentID: String, slotID: String, startsAt: String, endsAt: String, state: BookingState, cancelledBy: String?) {
            self.bookingID = bookingID
            self.enrolmentID = enrolmentID
            self.slotID = slotID
            self.startsAt = startsAt
            self.endsAt = endsAt
            self.state = state
            self.cancelledBy = cancelledBy
        }

        enum CodingKeys: String, CodingKey {
            case bookingID = "booking_id", enrolmentID = "enrolment_id", slotID = "slot_id", startsAt = "starts_at", endsAt = "ends_at",
                 state, cancelledBy = "cancelled_by"
        }
    }

    public enum EnrolmentState: String, Codable, Sendable, CaseIterable {
        case active
        /// Every session taken or forfeited.
        case completed
        case refunded
    }

    /// A paid purchase of a lesson: its sessions, held for the student to book.
    public struct Enrolment: Codable, Sendable, Equatable {
        public var enrolmentID: String
        public var postID: String
        public var title: String
        /// `student` or `teacher`: which one the caller is.
        public var role: String
        public var teacher: Participant
        public var student: Participant
        public var state: EnrolmentState
        public var sessions: Int
        /// Sessions the student may still book.
        public var remaining: Int
        /// Taken and forfeited sessions.
        public var used: Int
        public var price: Int
        public var paidAt: String
        /// What ending the enrolment now would refund, by the terms agreed at payment.
        public var refundQuote: Int
        public var refundedAmount: Int?
        /// The terms as they stood when the student paid.
        public var terms: Terms
        /// Oldest first.
        public var bookings: [Booking]

        public init(enrolmentID: String, postID: String, title: String, role: String, teacher: Participant, student: Participant,
                    state: EnrolmentState, sessions: Int, remaining: Int, used: Int, price: Int, paidAt: String, refundQuote: Int,
                    refundedAmount: Int?, terms: Terms, bookings: [Booking]) {
            self.enrolmentID = enrolmentID
            self.postID = postID
            self.title = title
            self.role = role
            self.teacher = teacher
            self.student = student
            self.state = state
            self.sessions = sessions
            self.remaining = remaining
            self.used = used
            self.price = price
            self.paidAt = paidAt
            self.refundQuote = refundQuote
            self.refundedAmount = refundedAmount
            self.terms = terms
            self.bookings = bookings
        }

        enum CodingKeys: String, CodingKey {
            case enrolmentID = "enrolment_id", postID = "post_id", title, role, teacher, student, state, sessions, remaining, used, price,
                 paidAt = "paid_at", refundQuote = "refund_quote", refundedAmount = "refunded_amount", terms, bookings
        }
    }

    /// Mine as a student and as a teacher, newest first.
    public struct EnrolmentList: Codable, Sendable, Equatable {
        public var enrolments: [Enrolment]
        public init(enrolments: [Enrolment]) { self.enrolments = enrolments }
    }

    /// `POST …/bookings` and `POST …/move`.
    public struct SlotChoice: Codable, Sendable, Equatable {
        public var slotID: String?
        public init(slotID: String) { self.slotID = slotID }

        enum CodingKeys: String, CodingKey {
            case slotID = "slot_id"
        }
    }
}
