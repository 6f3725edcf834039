import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// A person's lesson sessions on their calendar feed, as a student and as a teacher: booked ones,
/// and cancelled ones marked so (a subscribed calendar then drops them). From a month back.
struct LessonCalendar: CalendarSource {
    static let lookBack: TimeInterval = 31 * 86_400

    let clock: WallClock

    func entries(of accountID: String, on db: any Database) async throws -> [CalendarEntry] {
        let enrolments = try await Enrolment.query(on: db).group(.or) { $0.filter(\.$studentID == accountID).filter(\.$teacherID == accountID) }
            .limit(500).all()
        guard !enrolments.isEmpty else { return [] }
        let byID = Dictionary(enrolments.compactMap { enrolment in enrolment.id.map { ($0, enrolment) } }) { first, _ in first }
        let bookings = try await LessonBookingRecord.query(on: db).filter(\.$enrolmentID ~~ Array(byID.keys))
            .filter(\.$startsAt >= clock.now().addingTimeInterval(-Self.lookBack)).sort(\.$startsAt).limit(2000).all()
        let people = Set(enrolments.flatMap { [$0.studentID, $0.teacherID] })
        let names = try await Enrolments.names(of: people, on: db)
        return bookings.compactMap { booking in
            guard let enrolment = byID[booking.enrolmentID], let id = booking.id else { return nil }
            let terms = Enrolments.terms(of: enrolment)
            let other = accountID == enrolment.teacherID ? enrolment.studentID : enrolment.teacherID
            let place = terms.format == .online ? "온라인" : [terms.regionName, terms.dong].compactMap { $0 }.joined(separator: " ")
            return CalendarEntry(
                uid: "lesson-\(id)@sprout", title: "🎵 \(enrolment.title) · \(names[other] ?? "")", starts: booking.startsAt, ends: booking.endsAt,
                location: place.isEmpty ? nil : place, detail: terms.bring.isEmpty ? nil : "준비물: \(terms.bring)",
                path: LessonsPaths.enrolment.link(booking.enrolmentID),
                cancelled: booking.state != BookingRecordState.booked.rawValue, updated: booking.updatedAt
            )
        }
    }
}
