import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Paid purchases of lessons: each holds the lesson's sessions, under the terms the student saw
/// before paying, for them to book. Only its student and its teacher see one; to anyone else it
/// does not exist.
struct Enrolments: Sendable {
    let terms: LessonTerms
    let ids: IdentifierGenerator
    let clock: WallClock

    enum Role: String {
        case student, teacher
    }

    /// The enrolment a validated payment makes, with the lesson's terms as they stand now.
    func enrol(_ payment: LessonPayment, in post: LessonPost, on db: any Database) async throws -> Enrolment {
        let snapshot = terms.terms(of: post, record: try await LessonTermsRecord.find(post.postID, on: db))
        let enrolment = Enrolment(
            id: ids.hex(byteCount: 12), impUID: payment.impUID, postID: post.postID, title: post.title, studentID: payment.buyerID,
            teacherID: post.creatorID, price: payment.price, terms: String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self),
            paidAt: payment.paidAt
        )
        try await enrolment.create(on: db)
        return enrolment
    }

    /// The enrolment `id` and the caller's part in it; not found for anyone without one.
    func enrolment(_ id: String, for accountID: String, on db: any Database) async throws -> (Enrolment, Role) {
        guard !id.isEmpty, id.utf8.count <= 64, let enrolment = try await Enrolment.find(id, on: db) else { throw BookingError.notFound }
        return (enrolment, try Self.role(of: accountID, in: enrolment))
    }

    static func role(of accountID: String, in enrolment: Enrolment) throws -> Role {
        switch accountID {
        case enrolment.studentID: .student
        case enrolment.teacherID: .teacher
        default: throw BookingError.notFound
        }
    }

    /// The student's latest enrolment in the lesson, if they have one.
    func latest(of studentID: String, in postID: String, on db: any Database) async throws -> Enrolment? {
        try await Enrolment.query(on: db).filter(\.$studentID == studentID).filter(\.$postID == postID).sort(\.$paidAt, .descending).first()
    }

    /// Mine as a student and as a teacher, newest first.
    func enrolments(of accountID: String, on db: any Database) async throws -> [Lessons.Enrolment] {
        let mine = try await Enrolment.query(on: db).group(.or) { $0.filter(\.$studentID == accountID).filter(\.$teacherID == accountID) }
            .sort(\.$paidAt, .descending).limit(200).all()
        return try await wire(mine, for: accountID, on: db)
    }

    func wire(_ enrolment: Enrolment, for accountID: String, on db: any Database) async throws -> Lessons.Enrolment {
        guard let wired = try await wire([enrolment], for: accountID, on: db).first else { throw BookingError.notFound }
        return wired
    }

    func wire(_ enrolments: [Enrolment], for accountID: String, on db: any Database) async throws -> [Lessons.Enrolment] {
        guard !enrolments.isEmpty else { return [] }
        let bookings = Dictionary(grouping: try await LessonBookingRecord.query(on: db).filter(\.$enrolmentID ~~ enrolments.compactMap(\.id))
            .sort(\.$startsAt).all(), by: \.enrolmentID)
        let people = Set(enrolments.flatMap { [$0.studentID, $0.teacherID] })
        let names = try await Enrolments.names(of: people, on: db)
        let now = clock.now()
        return enrolments.compactMap { enrolment in
            guard let id = enrolment.id, let role = try? Self.role(of: accountID, in: enrolment) else { return nil }
            let terms = Self.terms(of: enrolment)
            let own = bookings[id] ?? []
            let count = Self.count(own, at: now)
            let state: Lessons.EnrolmentState = enrolment.state != EnrolmentRecordState.active.rawValue ? .refunded
                : count.used >= terms.sessions ? .completed : .active
            return Lessons.Enrolment(
                enrolmentID: id, postID: enrolment.postID, title: enrolment.title, role: role.rawValue,
                teacher: Lessons.Participant(userID: enrolment.teacherID, nick: names[enrolment.teacherID] ?? ""),
                student: Lessons.Participant(userID: enrolment.studentID, nick: names[enrolment.studentID] ?? ""),
                state: state, sessions: terms.sessions, remaining: state == .refunded ? 0 : max(0, terms.sessions - count.held),
                used: count.used, price: enrolment.price, paidAt: SeoulTime.wire(enrolment.paidAt),
                refundQuote: state == .refunded ? 0 : Self.refund(enrolment, terms: terms, used: count.used, endedBy: role),
                refundedAmount: enrolment.refundedAmount, terms: terms,
                bookings: own.map { Self.wire($0, at: now) }
            )
        }
    }

    /// The names these people go by, by account id: how each side and the calendar name the other.
    static func names(of accountIDs: Set<String>, on db: any Database) async throws -> [String: String] {
        guard !accountIDs.isEmpty else { return [:] }
        return Dictionary(try await Account.query(on: db).filter(\.$id ~~ accountIDs).all().compactMap { account in
            account.id.map { ($0, account.displayName) }
        }) { first, _ in first }
    }

    /// The terms agreed at payment.
    static func terms(of enrolment: Enrolment) -> Lessons.Terms {
        (try? JSONDecoder().decode(Lessons.Terms.self, from: Data(enrolment.terms.utf8))) ?? LessonTerms.defaults(postID: enrolment.postID, price: enrolment.price)
    }

    /// `held`: sessions booked (upcoming or taken) or forfeited; `used`: taken or forfeited.
    static func count(_ bookings: [LessonBookingRecord], at now: Date) -> (held: Int, used: Int) {
        let booked = bookings.filter { $0.state == BookingRecordState.booked.rawValue }
        let forfeited = bookings.filter { $0.state == BookingRecordState.forfeited.rawValue }.count
        return (booked.count + forfeited, booked.filter { $0.endsAt <= now }.count + forfeited)
    }

    static func refund(_ enrolment: Enrolment, terms: Lessons.Terms, used: Int, endedBy role: Role) -> Int {
        RefundRule.refund(price: enrolment.price, sessions: terms.sessions, used: used, feePercent: terms.refundFeePercent,
                          endedByTeacher: role == .teacher)
    }

    static func wire(_ booking: LessonBookingRecord, at now: Date) -> Lessons.Booking {
        let state: Lessons.BookingState = switch BookingRecordState(rawValue: booking.state) {
        case .booked?: booking.endsAt <= now ? .taken : .booked
        case .forfeited?: .forfeited
        case .cancelled?, nil: .cancelled
        }
        return Lessons.Booking(bookingID: booking.id ?? "", enrolmentID: booking.enrolmentID, slotID: booking.slotID,
                               startsAt: SeoulTime.wire(booking.startsAt), endsAt: SeoulTime.wire(booking.endsAt), state: state,
                               cancelledBy: state == .cancelled || state == .forfeited ? booking.cancelledBy : nil)
    }
}
