import Fluent
import Foundation
import Logging
import PlatformCore
import SproutAPI
import SQLKit

/// 약속 잡기: either person of a conversation proposes a time and place; the other accepts,
/// declines, or suggests another, which replaces the proposal. A new proposal also replaces an
/// accepted appointment that has not come yet (rescheduling), so a conversation has at most one
/// appointment waiting or upcoming. Each step is a line in the conversation and a notification to
/// the other side; `AppointmentReminders` reminds both an hour before. Every app's conversations
/// use it (the market's chats, the study's), and an app may close a conversation to new
/// appointments (`ConversationSubjects.meets`: a study pair only while matched).
public struct Appointments: Sendable {
    public static let horizon: TimeInterval = TimeInterval(Conversations.appointmentHorizonDays) * 86_400
    /// How many of a conversation's appointments its list shows, newest first.
    static let listLimit = 20
    /// The numbers a path names an appointment by: from 1 and at most 18 digits, as the paths have
    /// always read them; any other number names no appointment.
    public static let pathIDs = 1...999_999_999_999_999_999

    let messenger: Messenger
    let notifications: AccountNotifications
    let clock: WallClock
    private let logger = Logger(label: "sprout.appointments")

    public init(messenger: Messenger, notifications: AccountNotifications, clock: WallClock) {
        self.messenger = messenger
        self.notifications = notifications
        self.clock = clock
    }

    /// The time a proposal names: ISO 8601 with an offset (`…Z`, `…+09:00`) or a Korean local
    /// time (`2026-12-03T19:00`, what a browser's `datetime-local` field sends).
    public static func time(_ text: String?) throws -> Date {
        guard let text, let date = SeoulTime.parse(text.trimmingCharacters(in: .whitespaces)) else { throw AppointmentError.invalidTime(.unreadable) }
        return date
    }

    /// Proposes meeting at `time` (to the second) at `place`, in a conversation `me` is in.
    public func propose(in conversationID: String, by me: String, at time: Date, place: String, on db: any Database) async throws -> Conversations.Appointment {
        let record = try await conversation(conversationID, of: me, on: db)
        guard try await messenger.subjects.meets(in: record, on: db) else { throw AppointmentError.closed }
        let place = try Self.checkedPlace(place)
        let now = clock.now()
        let start = Date(timeIntervalSince1970: time.timeIntervalSince1970.rounded(.down))
        guard start > now else { throw AppointmentError.invalidTime(.past) }
        guard start.timeIntervalSince(now) <= Self.horizon else { throw AppointmentError.invalidTime(.tooFar(days: Conversations.appointmentHorizonDays)) }
        guard try await !messenger.isBlocked(between: me, and: record.other(than: me), on: db) else { throw AppointmentError.blocked }
        let proposal = ConversationAppointment(conversationID: conversationID, proposerID: me, startsAt: start, place: place, at: now)
        try await db.writeTransaction { db in
            // Two proposals in one conversation at once: one after the other, the later replacing the earlier.
            _ = try await ConversationRecord.findLocked(conversationID, idColumn: "id", on: db)
            try await db.sql().raw("""
                UPDATE conversation_appointments SET state = \(bind: Conversations.AppointmentState.replaced.rawValue), updated_at = \(bind: now)
                WHERE conversation_id = \(bind: conversationID) AND (state = 'proposed' OR (state = 'accepted' AND starts_at > \(bind: now)))
                """).run()
            try await proposal.create(on: db)
        }
        await tell(.proposed, proposal, in: record, by: me, on: db)
        return Self.wire(proposal, for: me)
    }

    /// The other side agrees to the proposal `appointmentID`; of two accepts at once, one does.
    public func accept(_ appointmentID: Int, in conversationID: String, by me: String, on db: any Database) async throws -> Conversations.Appointment {
        try await answer(appointmentID, in: conversationID, by: me, with: .accepted, on: db)
    }

    public func decline(_ appointmentID: Int, in conversationID: String, by me: String, on db: any Database) async throws -> Conversations.Appointment {
        try await answer(appointmentID, in: conversationID, by: me, with: .declined, on: db)
    }

    /// Either side calls off an accepted appointment before its time; its proposer withdraws one
    /// still waiting for an answer.
    public func cancel(_ appointmentID: Int, in conversationID: String, by me: String, on db: any Database) async throws -> Conversations.Appointment {
        let (record, appointment) = try await self.appointment(appointmentID, in: conversationID, of: me, on: db)
        let state = appointment.appointmentState
        guard state == .accepted || (state == .proposed && appointment.proposerID == me) else { throw AppointmentError.closed }
        try await change(appointment, from: state, to: .cancelled, on: db)
        await tell(.cancelled, appointment, in: record, by: me, on: db)
        return Self.wire(appointment, for: me)
    }

    /// The conversation's latest appointments, newest first.
    public func list(in conversationID: String, for me: String, on db: any Database) async throws -> [Conversations.Appointment] {
        _ = try await conversation(conversationID, of: me, on: db)
        return try await latest(in: conversationID, on: db).map { Self.wire($0, for: me) }
    }

    /// What a conversation's header shows: the upcoming accepted appointment and the proposal
    /// waiting for an answer (at most one of each).
    public struct Current: Sendable, Equatable {
        public let accepted: Conversations.Appointment?
        public let waiting: Conversations.Appointment?
    }

    public func current(in conversationID: String, for me: String, on db: any Database) async throws -> Current {
        _ = try await conversation(conversationID, of: me, on: db)
        let now = clock.now()
        let upcoming = try await latest(in: conversationID, on: db).filter { $0.startsAt > now }
        return Current(accepted: upcoming.first { $0.appointmentState == .accepted }.map { Self.wire($0, for: me) },
                       waiting: upcoming.first { $0.appointmentState == .proposed }.map { Self.wire($0, for: me) })
    }

    /// The upcoming accepted appointment of the conversation `conversationID`, for an app that
    /// knows the conversation is its caller's (the market reserves a product from it). `mine`
    /// says whether `me` proposed it (false without one).
    public func accepted(in conversationID: String, for me: String? = nil, on db: any Database) async throws -> Conversations.Appointment? {
        try await ConversationAppointment.query(on: db).filter(\.$conversationID == conversationID)
            .filter(\.$state == Conversations.AppointmentState.accepted.rawValue).filter(\.$startsAt > clock.now())
            .sort(\.$startsAt).first().map { Self.wire($0, for: me) }
    }

    // MARK: - Inside

    private func answer(_ appointmentID: Int, in conversationID: String, by me: String, with state: Conversations.AppointmentState,
                        on db: any Database) async throws -> Conversations.Appointment {
        let (record, appointment) = try await self.appointment(appointmentID, in: conversationID, of: me, on: db)
        guard appointment.proposerID != me else { throw AppointmentError.ownProposal }
        guard appointment.appointmentState == .proposed else { throw AppointmentError.closed }
        if state == .accepted, try await !messenger.subjects.meets(in: record, on: db) { throw AppointmentError.closed }
        if state == .accepted, try await messenger.isBlocked(between: me, and: appointment.proposerID, on: db) { throw AppointmentError.blocked }
        try await change(appointment, from: .proposed, to: state, on: db)
        await tell(state == .accepted ? .accepted : .declined, appointment, in: record, by: me, on: db)
        return Self.wire(appointment, for: me)
    }

    /// Moves `appointment` from `old` to `new` while it is still `old` and its time has not come:
    /// of two changes at once (two accepts, an accept and a new proposal) the first wins and the
    /// other finds it closed.
    private func change(_ appointment: ConversationAppointment, from old: Conversations.AppointmentState, to new: Conversations.AppointmentState,
                        on db: any Database) async throws {
        let now = clock.now()
        let id = try appointment.requireID()
        let acceptedAt: Date? = new == .accepted ? now : appointment.acceptedAt
        let changed = try await db.writeTransaction { db in
            try await db.sql().raw("""
                UPDATE conversation_appointments SET state = \(bind: new.rawValue), accepted_at = \(bind: acceptedAt), updated_at = \(bind: now)
                WHERE id = \(bind: id) AND state = \(bind: old.rawValue) AND starts_at > \(bind: now)
                RETURNING id
                """).all().count
        }
        guard changed > 0 else { throw AppointmentError.closed }
        appointment.state = new.rawValue
        appointment.acceptedAt = acceptedAt
        appointment.updatedAt = now
    }

    /// The conversation `id` if `me` is in it; not found otherwise, whether or not it exists.
    private func conversation(_ id: String, of me: String, on db: any Database) async throws -> ConversationRecord {
        do {
            return try await messenger.membership(id, of: me, on: db)
        } catch ConversationError.notFound {
            throw AppointmentError.notFound
        }
    }

    private func appointment(_ id: Int, in conversationID: String, of me: String,
                             on db: any Database) async throws -> (ConversationRecord, ConversationAppointment) {
        let record = try await conversation(conversationID, of: me, on: db)
        guard let appointment = try await ConversationAppointment.query(on: db).filter(\.$id == id).filter(\.$conversationID == conversationID).first()
        else { throw AppointmentError.notFound }
        return (record, appointment)
    }

    private func latest(in conversationID: String, on db: any Database) async throws -> [ConversationAppointment] {
        try await ConversationAppointment.query(on: db).filter(\.$conversationID == conversationID).sort(\.$id, .descending).limit(Self.listLimit).all()
    }

    /// Trimmed; 1 to 100 characters, none of them a control character (a line break included).
    static func checkedPlace(_ place: String) throws -> String {
        let trimmed = place.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw AppointmentError.invalidPlace(.empty) }
        guard trimmed.count <= Conversations.maxPlaceLength else { throw AppointmentError.invalidPlace(.tooLong(maximum: Conversations.maxPlaceLength)) }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw AppointmentError.invalidPlace(.controlCharacters)
        }
        return trimmed
    }

    static func wire(_ appointment: ConversationAppointment, for me: String?) -> Conversations.Appointment {
        Conversations.Appointment(id: appointment.id ?? 0, conversationID: appointment.conversationID, proposerID: appointment.proposerID,
                                  startsAt: SeoulTime.wire(appointment.startsAt), place: appointment.place, state: appointment.appointmentState,
                                  mine: appointment.proposerID == me)
    }

    // MARK: - Telling

    enum Event: String {
        case proposed, accepted, declined, cancelled
    }

    /// A line in the conversation and a notification to the other side, once the change is
    /// committed: neither fails the request that made it (what could not be written is logged,
    /// its kind only).
    private func tell(_ event: Event, _ appointment: ConversationAppointment, in record: ConversationRecord, by me: String, on db: any Database) async {
        let other = record.other(than: me)
        do {
            let name = try await Account.find(me, on: db)?.displayName ?? ""
            let (line, notice) = Self.words(event, at: appointment.startsAt, place: appointment.place, by: name)
            try await notifications.notify(other, app: record.aboutApp, kind: .appointment, text: notice,
                                           link: PlatformPaths.conversation.link(record.webID), on: db)
            do {
                try await messenger.say(line, in: appointment.conversationID, by: me, on: db)
            } catch is ConversationError {
                // One of them blocked the other meanwhile: the notification above still tells it.
            }
        } catch {
            logger.warning("appointment news not delivered", metadata: ["event": .string(event.rawValue), "error": .string(String(describing: type(of: error)))])
        }
    }

    /// The conversation's line (in Korean, as the apps' own lines are) and the notification's words.
    static func words(_ event: Event, at start: Date, place: String, by name: String) -> (line: String, notice: AccountNotifications.Text) {
        let when = SeoulTime.spokenTwelveHour(start)
        let ko = "\(when.ko) · \(place)", en = "\(when.en) · \(place)"
        switch event {
        case .proposed:
            return ("약속을 제안했어요: \(ko)", .init(ko: "\(name)님이 약속을 제안했어요: \(ko)", en: "\(name) proposed to meet: \(en)"))
        case .accepted:
            return ("약속을 수락했어요: \(ko)", .init(ko: "\(name)님이 약속을 수락했어요: \(ko)", en: "\(name) accepted to meet: \(en)"))
        case .declined:
            return ("약속을 거절했어요: \(ko)", .init(ko: "\(name)님이 약속을 거절했어요: \(ko)", en: "\(name) declined to meet: \(en)"))
        case .cancelled:
            return ("약속을 취소했어요: \(ko)", .init(ko: "\(name)님이 약속을 취소했어요: \(ko)", en: "\(name) called off meeting: \(en)"))
        }
    }
}
