import Foundation
import Observation
import SproutAPI
import SproutKit

/// "내 수강과 레슨" (the web's `/lessons/me/enrolments`): my enrolments as a student and as a
/// teacher, and my sessions' calendar feed, which a calendar app subscribes to. The feed's URL is
/// its secret, so a new one can be made; the old one then stops working, which is asked first.
@MainActor @Observable
public final class MyLessonsViewModel {
    public enum Route: Sendable, Equatable {
        case enrolment(id: String)
    }

    // MARK: Outputs
    /// "수강 중인 레슨": the lessons I paid for, newest first.
    public private(set) var asStudent: [Lessons.Enrolment] = []
    /// "내 수강생": enrolments in my lessons, newest first.
    public private(set) var asTeacher: [Lessons.Enrolment] = []
    public private(set) var calendar: CalendarFeed.Location?
    /// Asking whether to make a new feed URL, which ends every subscription to the old one.
    public private(set) var isConfirmingCalendarReset = false
    public private(set) var isLoading = false
    public private(set) var isResettingCalendar = false
    public private(set) var alert: String?
    public private(set) var route: Route?

    /// "캘린더 앱에서 열기": the feed as a `webcal://` subscription.
    public var calendarSubscriptionURL: URL? { calendar.flatMap { URL(string: $0.webcal) } }

    let booking: any LessonBookingService

    public init(booking: any LessonBookingService) {
        self.booking = booking
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let enrolments = try await booking.enrolments()
            asStudent = enrolments.filter { $0.role == "student" }
            asTeacher = enrolments.filter { $0.role == "teacher" }
            calendar = try await booking.calendarFeed()
        } catch {
            alert = LessonsAlert.message(for: error, fallback: "수강 목록을 불러오지 못했어요.")
        }
    }

    public func enrolmentTapped(_ enrolment: Lessons.Enrolment) {
        route = .enrolment(id: enrolment.enrolmentID)
    }

    /// "주소 새로 만들기": asks first.
    public func calendarResetTapped() {
        guard calendar != nil else { return }
        isConfirmingCalendarReset = true
    }

    public func calendarResetConfirmed() async {
        guard isConfirmingCalendarReset, !isResettingCalendar else { return }
        isConfirmingCalendarReset = false
        isResettingCalendar = true
        defer { isResettingCalendar = false }
        do {
            calendar = try await booking.resetCalendarFeed()
        } catch {
            alert = LessonsAlert.message(for: error, fallback: "캘린더 주소를 새로 만들지 못했어요.")
        }
    }

    public func calendarResetDismissed() { isConfirmingCalendarReset = false }
    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }
}
