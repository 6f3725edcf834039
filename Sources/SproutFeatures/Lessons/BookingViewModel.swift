import Foundation
import Observation
import SproutAPI
import SproutKit

/// One enrolment (the web's `/lessons/enrolments/{id}`): its sessions and how many remain to
/// book; for its student, the lesson's open times over the next four weeks to book or move a
/// session to. Cancelling says first whether the session comes back, and ending the enrolment
/// shows what it refunds before anything is asked of the server.
@MainActor @Observable
public final class BookingViewModel {
    /// A cancel waiting for the person's yes, with what it will do to the session.
    public struct CancelConfirmation: Sendable, Equatable {
        public var booking: Lessons.Booking
        /// True when the session returns to the enrolment to book again; false when it counts as used.
        public var sessionReturns: Bool
        /// What to say above the confirm button.
        public var message: String
    }

    /// How far ahead the open times to book are read, as the web shows them.
    static let bookingHorizon: TimeInterval = 28 * 86_400

    // MARK: Outputs
    public private(set) var enrolment: Lessons.Enrolment?
    /// The lesson's open times from now to four weeks ahead, earliest first; read for the student only.
    public private(set) var openSlots: [Lessons.Slot] = []
    public private(set) var isLoading = false
    /// A booking, move, cancel or refund is on its way.
    public private(set) var isChanging = false
    public private(set) var cancelConfirmation: CancelConfirmation?
    /// What ending the enrolment now refunds, while the person is asked to confirm.
    public private(set) var refundToConfirm: Int?
    /// Why something failed; a refusal's is the server's reason.
    public private(set) var alert: String?

    public var isStudent: Bool { enrolment?.role == "student" }
    public var isActive: Bool { enrolment?.state == .active }
    public var mayBook: Bool { isStudent && isActive && (enrolment?.remaining ?? 0) > 0 && !openSlots.isEmpty }

    /// A student moves a session until the terms' free hours before it, to another open time.
    public func mayMove(_ session: Lessons.Booking) -> Bool {
        guard let enrolment, isStudent, isActive, session.state == .booked, !openSlots.isEmpty else { return false }
        return isInFreeWindow(session, enrolment.terms)
    }

    /// Either side cancels a session that has not started.
    public func mayCancel(_ session: Lessons.Booking) -> Bool {
        guard isActive, session.state == .booked, let start = BookingTime.date(session.startsAt) else { return false }
        return start > clock.now
    }

    let booking: any LessonBookingService
    let enrolmentID: String
    let clock: any FeatureClock

    public init(booking: any LessonBookingService, enrolmentID: String, clock: any FeatureClock = SystemFeatureClock()) {
        self.booking = booking
        self.enrolmentID = enrolmentID
        self.clock = clock
    }

    // MARK: Inputs

    public func viewDidAppear() async {
        isLoading = true
        defer { isLoading = false }
        await readEnrolment()
        await readOpenSlots()
    }

    public func bookTapped(_ slot: Lessons.Slot) async {
        guard mayBook else { return }
        await change(fallback: "예약하지 못했어요. 다시 시도해 주세요.") {
            try await booking.book(enrolmentID: enrolmentID, slotID: slot.slotID)
        }
    }

    public func moveTapped(_ session: Lessons.Booking, to slot: Lessons.Slot) async {
        guard mayMove(session) else { return }
        await change(fallback: "수업을 옮기지 못했어요. 다시 시도해 주세요.") {
            try await booking.move(bookingID: session.bookingID, to: slot.slotID)
        }
    }

    /// Asks before cancelling, saying whether the session comes back.
    public func cancelTapped(_ session: Lessons.Booking) {
        guard let enrolment, mayCancel(session) else { return }
        cancelConfirmation = confirmation(cancelling: session, of: enrolment)
    }

    public func cancelConfirmed() async {
        guard let cancelConfirmation else { return }
        self.cancelConfirmation = nil
        await change(fallback: "수업을 취소하지 못했어요. 다시 시도해 주세요.") {
            try await booking.cancel(bookingID: cancelConfirmation.booking.bookingID)
        }
    }

    public func cancelDismissed() { cancelConfirmation = nil }

    /// "수강 종료": reads the enrolment again, so that the refund shown is what ending it now
    /// refunds, and asks.
    public func endTapped() async {
        guard isActive, !isChanging else { return }
        guard await readEnrolment(), let enrolment, enrolment.state == .active else { return }
        refundToConfirm = enrolment.refundQuote
    }

    public func refundConfirmed() async {
        guard refundToConfirm != nil else { return }
        refundToConfirm = nil
        await change(fallback: "환불하지 못했어요. 다시 시도해 주세요.") {
            try await booking.refund(enrolmentID: enrolmentID)
        }
    }

    public func refundDismissed() { refundToConfirm = nil }
    public func alertDismissed() { alert = nil }

    // MARK: Rules

    /// As the server decides: the teacher's cancel always returns the session; the student's
    /// does until the terms' free hours before it, and later only under terms that return late ones.
    func confirmation(cancelling session: Lessons.Booking, of enrolment: Lessons.Enrolment) -> CancelConfirmation {
        let terms = enrolment.terms
        if enrolment.role != "student" {
            return CancelConfirmation(booking: session, sessionReturns: true, message: "취소하면 회차가 수강생에게 돌아가요.")
        }
        if isInFreeWindow(session, terms) || terms.lateCancellation == .sessionReturned {
            return CancelConfirmation(booking: session, sessionReturns: true, message: "지금 취소하면 회차가 돌아와요.")
        }
        return CancelConfirmation(booking: session, sessionReturns: false,
                                  message: "수업 \(terms.freeCancelHours)시간 전이 지나서, 지금 취소하면 회차를 사용한 것으로 쳐요.")
    }

    func isInFreeWindow(_ session: Lessons.Booking, _ terms: Lessons.Terms) -> Bool {
        guard let start = BookingTime.date(session.startsAt) else { return false }
        return start.timeIntervalSince(clock.now) >= TimeInterval(terms.freeCancelHours) * 3600
    }

    // MARK: Calls

    /// Sends one change and shows the enrolment it answers. After a refusal the enrolment is read
    /// again, since the other side may have changed it; the open times are read again either way.
    private func change(fallback: String, _ call: () async throws -> Lessons.Enrolment) async {
        guard !isChanging else { return }
        isChanging = true
        defer { isChanging = false }
        do {
            enrolment = try await call()
        } catch {
            alert = LessonsAlert.message(for: error, fallback: fallback)
            await readEnrolment()
        }
        await readOpenSlots()
    }

    /// False when it could not be read (the alert says why).
    @discardableResult
    private func readEnrolment() async -> Bool {
        do {
            enrolment = try await booking.enrolment(enrolmentID)
            return true
        } catch {
            alert = LessonsAlert.message(for: error, fallback: "수강 정보를 불러오지 못했어요.")
            return false
        }
    }

    private func readOpenSlots() async {
        guard let enrolment, isStudent, isActive else {
            openSlots = []
            return
        }
        let now = clock.now
        do {
            openSlots = try await booking.slots(postID: enrolment.postID, from: now, to: now.addingTimeInterval(Self.bookingHorizon))
                .filter(\.available)
        } catch {
            alert = LessonsAlert.message(for: error, fallback: "열린 시간을 불러오지 못했어요.")
        }
    }
}
