import Foundation
import SproutAPI
import SproutKit

/// What the booking screens ask of Sprout's lessons API: the teacher's open times, an
/// enrolment's bookings and refund, and my enrolments with their calendar feed.
/// `LessonBookingClient` is the real one; tests hand the view models a stand-in.
public protocol LessonBookingService: Sendable {
    func slots(postID: String, from: Date?, to: Date?) async throws -> [Lessons.Slot]
    func openSlots(postID: String, startsAt: Date, minutes: Int?, repeatWeeks: Int?) async throws -> [Lessons.Slot]
    func closeSlot(_ slotID: String) async throws -> Lessons.Slot

    func enrolments() async throws -> [Lessons.Enrolment]
    func enrolment(_ enrolmentID: String) async throws -> Lessons.Enrolment
    func book(enrolmentID: String, slotID: String) async throws -> Lessons.Enrolment
    func cancel(bookingID: String) async throws -> Lessons.Enrolment
    func move(bookingID: String, to slotID: String) async throws -> Lessons.Enrolment
    func refund(enrolmentID: String) async throws -> Lessons.Enrolment

    func calendarFeed() async throws -> CalendarFeed.Location
    func resetCalendarFeed() async throws -> CalendarFeed.Location
}

extension LessonBookingClient: LessonBookingService {}
