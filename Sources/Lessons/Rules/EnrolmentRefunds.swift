import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Ending an enrolment: its upcoming sessions are cancelled and what the terms say is refunded
/// through the gateway that took the payment. Either side may end it; the teacher's ending takes
/// no fee (`RefundRule`).
struct EnrolmentRefunds: Sendable {
    let enrolments: Enrolments
    let gateway: any PaymentGateway
    let news: BookingNews
    let clock: WallClock

    func refund(_ enrolmentID: String, by accountID: String, on db: any Database) async throws -> Enrolment {
        // First the enrolment is claimed (`refunding`), so a second request cannot refund it again
        // while the gateway is asked; the database is not held open during that call.
        let (enrolment, role, amount) = try await db.writeTransaction { db -> (Enrolment, Enrolments.Role, Int) in
            let (_, role) = try await enrolments.enrolment(enrolmentID, for: accountID, on: db)
            guard let enrolment = try await Enrolment.findLocked(enrolmentID, idColumn: "enrolment_id", on: db),
                  enrolment.state == EnrolmentRecordState.active.rawValue
            else { throw BookingError.enrolmentEnded }
            let bookings = try await LessonBookingRecord.query(on: db).filter(\.$enrolmentID == enrolmentID).all()
            let used = Enrolments.count(bookings, at: clock.now()).used
            let amount = Enrolments.refund(enrolment, terms: Enrolments.terms(of: enrolment), used: used, endedBy: role)
            enrolment.state = EnrolmentRecordState.refunding.rawValue
            try await enrolment.save(on: db)
            return (enrolment, role, amount)
        }
        if amount > 0 {
            do {
                try await gateway.refund(impUID: enrolment.impUID, amount: amount, refundable: enrolment.price,
                                         reason: role == .teacher ? "강사가 수강을 종료" : "수강생이 수강을 종료", on: db)
            } catch {
                enrolment.state = EnrolmentRecordState.active.rawValue
                try await enrolment.save(on: db)
                throw BookingError.gatewayRefused
            }
        }
        try await db.writeTransaction { db in
            let now = clock.now()
            enrolment.state = EnrolmentRecordState.refunded.rawValue
            enrolment.refundedAmount = amount
            enrolment.refundedAt = now
            try await enrolment.save(on: db)
            let upcoming = try await LessonBookingRecord.query(on: db).filter(\.$enrolmentID == enrolmentID)
                .filter(\.$state == BookingRecordState.booked.rawValue).filter(\.$startsAt > now).all()
            for booking in upcoming {
                booking.state = BookingRecordState.cancelled.rawValue
                booking.cancelledBy = role.rawValue
                booking.updatedAt = now
                try await booking.save(on: db)
            }
            try await LessonPayment.query(on: db).filter(\.$impUID == enrolment.impUID).set(\.$refundedAmount, to: amount).update()
        }
        await news.tell(.refunded(amount), about: enrolment, by: role, on: db)
        return enrolment
    }
}
