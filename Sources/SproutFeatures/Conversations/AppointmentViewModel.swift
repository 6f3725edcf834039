import Foundation
import Observation
import SproutAPI
import SproutKit

/// 약속 잡기 in one conversation: the upcoming accepted appointment for the chat header, the
/// proposal waiting for an answer (accept, decline, or suggest another time for the other side;
/// withdraw for its proposer), and the form that proposes a time and place. After every change
/// the list is read again, since a proposal replaces others and the other side may have answered
/// meanwhile.
@MainActor @Observable
public final class AppointmentViewModel {
    // MARK: Outputs
    /// The conversation's latest appointments, newest first.
    public private(set) var appointments: [Conversations.Appointment] = []
    public private(set) var isLoading = false
    /// A proposal or an answer is on its way.
    public private(set) var isChanging = false
    public private(set) var alert: AppointmentAlert?
    /// The form: when and where to propose.
    public private(set) var draftStartsAt: Date?
    public private(set) var draftPlace = ""

    /// The accepted appointment still to come: what the chat header shows.
    public var accepted: Conversations.Appointment? { upcoming(.accepted) }
    /// The proposal waiting for an answer.
    public var waiting: Conversations.Appointment? { upcoming(.proposed) }
    /// Whether I answer the waiting proposal: the other side made it.
    public var mayAnswer: Bool { !isChanging && (waiting.map { !$0.mine } ?? false) }

    /// "약속 12월 3일 (목) 오후 7:00 · 망원역 2번 출구", or nil without an accepted appointment to come.
    public func header(in language: ConversationAlert.Language) -> String? {
        guard let accepted, let start = BookingTime.date(accepted.startsAt) else { return nil }
        let when = AppointmentTime.spoken(start)
        return language == .korean ? "약속 \(when.ko) · \(accepted.place)" : "Meeting \(when.en) · \(accepted.place)"
    }

    /// As the server decides: a time to come within the horizon, and a place of 1 to 100 characters.
    public var isProposeEnabled: Bool {
        guard !isChanging, let start = draftStartsAt else { return false }
        let now = clock.now
        let place = draftPlace.trimmingCharacters(in: .whitespacesAndNewlines)
        return start > now && start.timeIntervalSince(now) <= Self.horizon && (1...Conversations.maxPlaceLength).contains(place.count)
    }

    static let horizon = TimeInterval(Conversations.appointmentHorizonDays) * 86_400

    let service: any AppointmentService
    public let conversationID: String
    let clock: any FeatureClock

    public init(conversationID: String, appointments: any AppointmentService, clock: any FeatureClock = SystemFeatureClock()) {
        self.conversationID = conversationID
        service = appointments
        self.clock = clock
    }

    // MARK: Inputs

    public func viewDidAppear() async {
        isLoading = true
        defer { isLoading = false }
        await refresh()
    }

    /// Reads the list again: the chat screen calls this when a line arrives from the other side,
    /// which may be their proposal or answer.
    public func refresh() async {
        do {
            appointments = try await service.appointments(in: conversationID)
        } catch {
            alert = .failure(error)
        }
    }

    public func startsAtChanged(_ date: Date) { draftStartsAt = date }
    public func placeChanged(_ place: String) { draftPlace = place }

    /// 다른 시간 제안: the form starts from the waiting proposal's place, with the time to choose.
    public func suggestAnotherTapped() {
        guard let waiting else { return }
        draftStartsAt = nil
        draftPlace = waiting.place
    }

    public func proposeTapped() async {
        guard isProposeEnabled, let start = draftStartsAt else { return }
        let place = draftPlace.trimmingCharacters(in: .whitespacesAndNewlines)
        if await change({ try await service.propose(in: conversationID, at: start, place: place) }) {
            draftStartsAt = nil
            draftPlace = ""
        }
    }

    public func acceptTapped() async {
        guard mayAnswer, let waiting else { return }
        await change { try await service.accept(waiting.id, in: conversationID) }
    }

    public func declineTapped() async {
        guard mayAnswer, let waiting else { return }
        await change { try await service.decline(waiting.id, in: conversationID) }
    }

    /// Calls off the accepted appointment, or withdraws my waiting proposal.
    public func cancelTapped(_ appointment: Conversations.Appointment) async {
        guard appointment == accepted || (appointment == waiting && appointment.mine) else { return }
        await change { try await service.cancel(appointment.id, in: conversationID) }
    }

    public func alertDismissed() { alert = nil }

    // MARK: Calls

    /// Sends one change, then reads the list again (after a refusal too: the other side may have
    /// changed it). True when the change was made.
    @discardableResult
    private func change(_ call: () async throws -> Conversations.Appointment) async -> Bool {
        guard !isChanging else { return false }
        isChanging = true
        defer { isChanging = false }
        var made = true
        do {
            _ = try await call()
        } catch {
            alert = .failure(error)
            made = false
        }
        await refresh()
        return made
    }

    private func upcoming(_ state: Conversations.AppointmentState) -> Conversations.Appointment? {
        let now = clock.now
        return appointments.first { $0.state == state && (BookingTime.date($0.startsAt).map { $0 > now } ?? false) }
    }
}
