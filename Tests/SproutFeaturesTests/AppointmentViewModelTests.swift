import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

/// 약속 잡기 in one conversation: the header's accepted appointment, answering the other side's
/// proposal, proposing (which replaces what waits and what is to come), and refusals.
@MainActor @Suite struct AppointmentViewModelTests {
    /// Tuesday 1 December 2026, noon in Seoul.
    static let now = FakeAppointments.time("2026-12-01T03:00:00Z")
    /// Thursday 3 December, 19:00 in Seoul.
    static let thursday = FakeAppointments.time("2026-12-03T10:00:00Z")

    func opened(_ server: FakeAppointments) async -> AppointmentViewModel {
        let model = AppointmentViewModel(conversationID: "c1", appointments: server, clock: TestClock(now: Self.now))
        await model.viewDidAppear()
        await server.forgetCalls()
        return model
    }

    @Test func appearingShowsTheAcceptedAppointmentInTheHeaderAndTheProposalToAnswer() async {
        let server = FakeAppointments(appointments: [
            FakeAppointments.appointment(3, at: "2026-12-05T05:30:00Z", place: "합정역", state: .proposed, by: "other"),
            FakeAppointments.appointment(2, at: "2026-12-03T10:00:00Z", place: "망원역 2번 출구", state: .accepted, by: FakeAppointments.me),
            FakeAppointments.appointment(1, at: "2026-11-20T10:00:00Z", place: "지난 약속", state: .accepted, by: "other"),
        ])
        let model = await opened(server)
        #expect(model.header(in: .korean) == "약속 12월 3일 (목) 오후 7:00 · 망원역 2번 출구")
        #expect(model.header(in: .english) == "Meeting Thu 3 Dec, 7:00 PM KST · 망원역 2번 출구")
        #expect(model.waiting?.id == 3 && model.mayAnswer, "the other side's proposal is mine to answer")
        #expect(!model.isLoading && model.alert == nil)
    }

    @Test func acceptingTheOtherSidesProposalMovesItToTheHeader() async {
        let server = FakeAppointments(appointments: [FakeAppointments.appointment(1, at: "2026-12-03T10:00:00Z", place: "망원역", state: .proposed, by: "other")])
        let model = await opened(server)
        await model.acceptTapped()
        #expect(await server.calls == ["accept(1)", "appointments"])
        #expect(model.accepted?.id == 1 && model.waiting == nil && !model.mayAnswer)
        #expect(model.header(in: .korean)?.hasPrefix("약속 12월 3일 (목) 오후 7:00") == true)
    }

    @Test func myOwnProposalIsNotMineToAnswerButToWithdraw() async {
        let mine = FakeAppointments.appointment(1, at: "2026-12-03T10:00:00Z", place: "망원역", state: .proposed, by: FakeAppointments.me)
        let server = FakeAppointments(appointments: [mine])
        let model = await opened(server)
        #expect(!model.mayAnswer)
        await model.acceptTapped()
        await model.declineTapped()
        #expect(await server.calls.isEmpty, "nothing is sent")
        await model.cancelTapped(mine)
        #expect(await server.calls == ["cancel(1)", "appointments"])
        #expect(model.waiting == nil && model.appointments.first?.state == .cancelled)
    }

    @Test func suggestingAnotherTimeReplacesTheProposalAndKeepsItsPlace() async {
        let server = FakeAppointments(appointments: [FakeAppointments.appointment(1, at: "2026-12-03T10:00:00Z", place: "망원역", state: .proposed, by: "other")])
        let model = await opened(server)
        model.suggestAnotherTapped()
        #expect(model.draftPlace == "망원역" && !model.isProposeEnabled, "the time is still to choose")
        model.startsAtChanged(Self.now.addingTimeInterval(-60))
        #expect(!model.isProposeEnabled, "a past time")
        model.startsAtChanged(Self.now.addingTimeInterval(91 * 86_400))
        #expect(!model.isProposeEnabled, "beyond 90 days")
        model.startsAtChanged(Self.thursday.addingTimeInterval(3600))
        model.placeChanged("   ")
        #expect(!model.isProposeEnabled, "no place")
        model.placeChanged(" 망원역 1번 출구 ")
        #expect(model.isProposeEnabled)
        await model.proposeTapped()
        #expect(await server.calls == ["propose(2026-12-03T11:00:00Z,망원역 1번 출구)", "appointments"])
        #expect(model.appointments.map(\.state) == [.proposed, .replaced])
        #expect(model.waiting?.mine == true && !model.mayAnswer)
        #expect(model.draftStartsAt == nil && model.draftPlace.isEmpty, "the form is cleared")
    }

    @Test func aProposalAnsweredMeanwhileSaysSoAndShowsWhatHappened() async {
        let server = FakeAppointments(appointments: [FakeAppointments.appointment(1, at: "2026-12-03T10:00:00Z", place: "망원역", state: .proposed, by: "other")])
        let model = await opened(server)
        // The other side replaced it with another time before my accept arrived.
        await server.replaceWaiting(with: FakeAppointments.appointment(2, at: "2026-12-04T10:00:00Z", place: "합정역", state: .proposed, by: "other"))
        await model.acceptTapped()
        #expect(model.alert == .closed)
        #expect(model.waiting?.id == 2 && model.accepted == nil, "the list is read again")
        #expect(AppointmentAlert.closed.text(in: .korean) == "이미 답했거나 바뀌었거나 시간이 지난 약속이에요.")
        model.alertDismissed()
        #expect(model.alert == nil)
    }

    @Test func aRefusedProposalKeepsTheFormAndGivesTheServersReason() async {
        let server = FakeAppointments(appointments: [])
        let model = await opened(server)
        await server.fail("propose", with: .http(status: 422, code: .other(422), message: "place has at most 100 characters."))
        model.startsAtChanged(Self.thursday)
        model.placeChanged("망원역")
        await model.proposeTapped()
        #expect(model.alert == .refused("place has at most 100 characters."))
        #expect(model.draftPlace == "망원역" && model.draftStartsAt == Self.thursday, "what was typed stays")
    }
}

/// An in-memory appointments API for view-model tests, keeping the server's rules as far as the
/// screen meets them: a proposal replaces the one waiting and an accepted one to come, only the
/// other side answers, and an answer to what is no longer waiting is a 409. The account is "me".
actor FakeAppointments: AppointmentService {
    static let me = "me"

    private(set) var stored: [Conversations.Appointment]
    private(set) var calls: [String] = []
    private var failures: [String: SproutError] = [:]

    init(appointments: [Conversations.Appointment]) {
        stored = appointments
    }

    static func time(_ wire: String) -> Date { BookingTime.date(wire) ?? .distantPast }

    static func appointment(_ id: Int, at startsAt: String, place: String, state: Conversations.AppointmentState, by proposer: String) -> Conversations.Appointment {
        Conversations.Appointment(id: id, conversationID: "c1", proposerID: proposer, startsAt: startsAt, place: place, state: state, mine: proposer == me)
    }

    func forgetCalls() { calls = [] }
    func fail(_ call: String, with error: SproutError) { failures[call] = error }

    /// The other side proposes another time.
    func replaceWaiting(with proposal: Conversations.Appointment) {
        for index in stored.indices where stored[index].state == .proposed { stored[index].state = .replaced }
        stored.insert(proposal, at: 0)
    }

    private func record(_ call: String, _ detail: String = "") throws {
        calls.append(detail.isEmpty ? call : "\(call)(\(detail))")
        if let error = failures[call] { throw error }
    }

    private static let closed = SproutError.http(status: 409, code: .conflict, message: "The appointment is no longer open to this.")

    // MARK: AppointmentService

    func appointments(in conversationID: String) async throws -> [Conversations.Appointment] {
        try record("appointments")
        return stored
    }

    func propose(in conversationID: String, at startsAt: Date, place: String) async throws -> Conversations.Appointment {
        try record("propose", "\(BookingTime.wire(startsAt)),\(place)")
        for index in stored.indices where stored[index].state == .proposed || stored[index].state == .accepted { stored[index].state = .replaced }
        let proposal = Self.appointment((stored.map(\.id).max() ?? 0) + 1, at: BookingTime.wire(startsAt), place: place, state: .proposed, by: Self.me)
        stored.insert(proposal, at: 0)
        return proposal
    }

    func accept(_ appointmentID: Int, in conversationID: String) async throws -> Conversations.Appointment {
        try record("accept", String(appointmentID))
        return try answer(appointmentID, with: .accepted)
    }

    func decline(_ appointmentID: Int, in conversationID: String) async throws -> Conversations.Appointment {
        try record("decline", String(appointmentID))
        return try answer(appointmentID, with: .declined)
    }

    func cancel(_ appointmentID: Int, in conversationID: String) async throws -> Conversations.Appointment {
        try record("cancel", String(appointmentID))
        guard let index = stored.firstIndex(where: { $0.id == appointmentID && ($0.state == .accepted || ($0.state == .proposed && $0.mine)) }) else {
            throw Self.closed
        }
        stored[index].state = .cancelled
        return stored[index]
    }

    private func answer(_ appointmentID: Int, with state: Conversations.AppointmentState) throws -> Conversations.Appointment {
        guard let index = stored.firstIndex(where: { $0.id == appointmentID && $0.state == .proposed && !$0.mine }) else { throw Self.closed }
        stored[index].state = state
        return stored[index]
    }
}
