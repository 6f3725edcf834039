import Fluent
import Foundation
import SQLKit

/// What a lesson sells, the teachers' open times, enrolments and their bookings; a payment's
/// refund; a review's enrolment. Payments made before enrolments existed become enrolments of one
/// session (the defaults a lesson without terms sells).
struct CreateLessonBookings: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("lessons_terms")
            .field("post_id", .string, .identifier(auto: false), .references("lessons_posts", "post_id", onDelete: .cascade))
            .field("sessions", .int, .required)
            .field("minutes_per_session", .int, .required)
            .field("format", .string, .required)
            .field("region_code", .string)
            .field("dong", .string)
            .field("place_key", .string, .required)
            .field("curriculum", .string, .required)
            .field("bring", .string, .required)
            .field("free_cancel_hours", .int, .required)
            .field("late_cancellation", .string, .required)
            .field("refund_fee_percent", .int, .required)
            .field("updated_at", .datetime, .required)
            .create()
        try await database.schema("lessons_slots")
            .field("slot_id", .string, .identifier(auto: false))
            .field("post_id", .string, .required, .references("lessons_posts", "post_id", onDelete: .cascade))
            .field("teacher_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("starts_at", .datetime, .required)
            .field("ends_at", .datetime, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.schema("lessons_enrolments")
            .field("enrolment_id", .string, .identifier(auto: false))
            .field("imp_uid", .string, .required)
            .field("post_id", .string, .required)
            .field("title", .string, .required)
            .field("student_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("teacher_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("price", .int, .required)
            .field("terms", .string, .required)
            .field("state", .string, .required)
            .field("refunded_amount", .int)
            .field("refunded_at", .datetime)
            .field("paid_at", .datetime, .required)
            .unique(on: "imp_uid")
            .create()
        try await database.schema("lessons_bookings")
            .field("booking_id", .string, .identifier(auto: false))
            .field("enrolment_id", .string, .required, .references("lessons_enrolments", "enrolment_id", onDelete: .cascade))
            .field("slot_id", .string, .required)
            .field("starts_at", .datetime, .required)
            .field("ends_at", .datetime, .required)
            .field("state", .string, .required)
            .field("cancelled_by", .string)
            .field("updated_at", .datetime, .required)
            .field("reminded_day_before", .bool, .required, .sql(.default(false)))
            .field("reminded_hour_before", .bool, .required, .sql(.default(false)))
            .field("created_at", .datetime, .required)
            .create()
        try await database.schema("lessons_payments").field("refunded_amount", .int).update()
        try await database.schema("lessons_sandbox_payments").field("cancelled_amount", .int).update()
        try await database.schema("lessons_comments").field("enrolment_id", .string).update()
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX lessons_terms_by_region ON lessons_terms (region_code)").run()
        try await sql.raw("CREATE INDEX lessons_slots_by_post ON lessons_slots (post_id, starts_at)").run()
        try await sql.raw("CREATE INDEX lessons_slots_by_teacher ON lessons_slots (teacher_id, starts_at)").run()
        try await sql.raw("CREATE INDEX lessons_enrolments_by_student ON lessons_enrolments (student_id, paid_at)").run()
        try await sql.raw("CREATE INDEX lessons_enrolments_by_teacher ON lessons_enrolments (teacher_id, paid_at)").run()
        try await sql.raw("CREATE INDEX lessons_bookings_by_enrolment ON lessons_bookings (enrolment_id, starts_at)").run()
        try await sql.raw("CREATE INDEX lessons_bookings_by_start ON lessons_bookings (state, starts_at)").run()
        // The race for a slot: one booked booking a slot, whichever insert commits first.
        try await sql.raw("CREATE UNIQUE INDEX lessons_bookings_one_per_slot ON lessons_bookings (slot_id) WHERE state = 'booked'").run()
        try await sql.raw("CREATE UNIQUE INDEX lessons_comments_one_per_enrolment ON lessons_comments (enrolment_id)").run()
        try await enrolEarlierPayments(sql)
    }

    private struct EarlierPayment: Decodable {
        let imp_uid: String
        let post_id: String
        let product_name: String
        let buyer_id: String
        let creator_id: String
        let price: Int
        let paid_at: Date
    }

    /// One session of 60 minutes in person, cancellable free until 24 hours before: what a lesson
    /// without terms sells, as `LessonTerms.defaults` writes it today, written out here so a later
    /// change of the defaults does not change this migration.
    private func enrolEarlierPayments(_ sql: any SQLDatabase) async throws {
        let payments = try await sql.raw("""
            SELECT p.imp_uid, p.post_id, p.product_name, p.buyer_id, l.creator_id, p.price, p.paid_at
            FROM lessons_payments p JOIN lessons_posts l ON l.post_id = p.post_id
            """).all(decoding: EarlierPayment.self)
        var random = SystemRandomNumberGenerator()
        for payment in payments {
            let id = (0..<12).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &random)) }.joined()
            let terms: [String: Any?] = [
                "post_id": payment.post_id, "sessions": 1, "minutes_per_session": 60, "format": "in_person", "region_code": nil,
                "region_name": nil, "dong": nil, "curriculum": [String](), "bring": "", "free_cancel_hours": 24,
                "late_cancellation": "session_used", "refund_fee_percent": 0, "price": payment.price, "price_per_session": payment.price,
                "described": false,
            ]
            let json = String(decoding: try JSONSerialization.data(withJSONObject: terms.mapValues { $0 ?? NSNull() }, options: [.sortedKeys]), as: UTF8.self)
            try await sql.raw("""
                INSERT INTO lessons_enrolments (enrolment_id, imp_uid, post_id, title, student_id, teacher_id, price, terms, state, paid_at)
                VALUES (\(bind: id), \(bind: payment.imp_uid), \(bind: payment.post_id), \(bind: payment.product_name), \(bind: payment.buyer_id),
                        \(bind: payment.creator_id), \(bind: payment.price), \(bind: json), 'active', \(bind: payment.paid_at))
                """).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("DROP INDEX lessons_comments_one_per_enrolment").run()
        try await database.schema("lessons_comments").deleteField("enrolment_id").update()
        try await database.schema("lessons_sandbox_payments").deleteField("cancelled_amount").update()
        try await database.schema("lessons_payments").deleteField("refunded_amount").update()
        for table in ["lessons_bookings", "lessons_enrolments", "lessons_slots", "lessons_terms"] {
            try await database.schema(table).delete()
        }
    }
}
