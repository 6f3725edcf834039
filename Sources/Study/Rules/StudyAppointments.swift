import Fluent
import Foundation
import Logging
import Platform
import PlatformCore
import SproutAPI

/// 약속 between study partners: the platform's appointments (`Appointments`, the market's too)
/// in a conversation the pair has for meeting (`StudyPairConversations`), while the study's own
/// chat keeps their messages. Everything here is for a person and the partner of a match both
/// still hold: someone not matched finds nothing (`notMatched`), and once either side ends the
/// study the pair meets no more (`studyOver`, and what they had agreed is called off).
struct StudyAppointments: Sendable {
    let messenger: Messenger
    let appointments: Appointments
    let neighbourhoods: Neighbourhoods
    let clock: WallClock
    private let logger = Logger(label: "sprout.study.appointments")

    init(messenger: Messenger, appointments: Appointments, neighbourhoods: Neighbourhoods, clock: WallClock) {
        self.messenger = messenger
        self.clock = clock
        self.appointments = appointments
        self.neighbourhoods = neighbourhoods
    }

    /// What the matched page pins above the chat: the pair's conversation, its upcoming
    /// appointment and the proposal waiting for an answer.
    struct Pinned: Sendable, Equatable {
        let partnerNick: String
        let conversationID: String
        /// The id the conversation's page goes by: its notifications link there, and the pinned
        /// part of the page redraws when one arrives.
        let webID: String
        let current: Appointments.Current
        /// Whether drawing it read lines of the conversation: the header's unread count, read
        /// before, is then one to read again.
        let readLines: Bool
    }

    enum Answer: Sendable {
        case accept, decline, cancel
    }

    /// The most 동 a search by name offers to meet in.
    static let placeChoices = 8

    /// My partner, while we both are in the study.
    func partner(of me: String, on db: any Database) async throws -> (uid: String, nick: String) {
        guard let mine = try await Partnership.find(me, on: db) else { throw StudyAppointmentError.notMatched }
        guard try await Self.stillMatched(me, mine.partnerUID, on: db) else { throw StudyAppointmentError.studyOver }
        return (mine.partnerUID, mine.partnerNick)
    }

    /// Whether `one` and `other` are each other's partner and neither has ended the study.
    static func stillMatched(_ one: String, _ other: String, on db: any Database) async throws -> Bool {
        guard one != other else { return false }
        let rows = try await Partnership.query(on: db).filter(\.$id ~~ [one, other]).all()
        return rows.count == 2 && rows.allSatisfy { row in
            !row.partnerDodged && !row.partnerReviewed && row.partnerUID == (row.id == one ? other : one)
        }
    }

    /// The pair's conversation, opened the first time either of them asks for it. A block
    /// between them keeps a new one closed, as every conversation's is.
    func conversation(of me: String, on db: any Database) async throws -> (partner: (uid: String, nick: String), ids: Messenger.ConversationIDs) {
        let partner = try await partner(of: me, on: db)
        do {
            let ids = try await messenger.conversationIDs(about: StudyPairConversations.topic(me, partner.uid), between: me, and: partner.uid, on: db)
            return (partner, ids)
        } catch ConversationError.blocked {
            throw AppointmentError.blocked
        }
    }

    /// What the matched page pins for `me`. The conversation is opened when the page is first
    /// drawn, so that the partner's open page already listens to it; drawing it reads the
    /// conversation's lines (what each step wrote), since this page is where they are seen.
    func pinned(for me: String, on db: any Database) async throws -> Pinned {
        let (partner, ids) = try await conversation(of: me, on: db)
        let current = try await appointments.current(in: ids.id, for: me, on: db)
        let unread = try await messenger.readUpTo(of: me, in: ids.id, on: db) < ids.lastMessageID
        if unread { _ = try await messenger.markRead(ids.id, by: me, on: db) }
        return Pinned(partnerNick: partner.nick, conversationID: ids.id, webID: ids.webID, current: current, readLines: unread)
    }

    /// What the matched page pins, or nothing while there is no pair to meet: the study ended,
    /// or one of them blocked the other.
    func pinnedWhileMatched(for me: String, on db: any Database) async throws -> Pinned? {
        do {
            return try await pinned(for: me, on: db)
        } catch is StudyAppointmentError {
            return nil
        } catch AppointmentError.blocked {
            return nil
        }
    }

    /// The pair's conversation and its latest appointments, newest first.
    func meeting(of me: String, on db: any Database) async throws -> Study.Meeting {
        let (partner, ids) = try await conversation(of: me, on: db)
        return Study.Meeting(conversationID: ids.id, partnerID: partner.uid, appointments: try await appointments.list(in: ids.id, for: me, on: db))
    }

    /// Proposes meeting my partner at `time` at `place`; it replaces the proposal waiting and an
    /// upcoming appointment, as every conversation's proposal does.
    func propose(by me: String, at time: Date, place: String, on db: any Database) async throws -> Conversations.Appointment {
        let (_, ids) = try await conversation(of: me, on: db)
        return try await appointments.propose(in: ids.id, by: me, at: time, place: place, on: db)
    }

    /// Accepts or declines my partner's proposal, calls off our appointment or withdraws my proposal.
    func answer(_ appointmentID: Int, _ answer: Answer, by me: String, on db: any Database) async throws -> Conversations.Appointment {
        let (_, ids) = try await conversation(of: me, on: db)
        switch answer {
        case .accept: return try await appointments.accept(appointmentID, in: ids.id, by: me, on: db)
        case .decline: return try await appointments.decline(appointmentID, in: ids.id, by: me, on: db)
        case .cancel: return try await appointments.cancel(appointmentID, in: ids.id, by: me, on: db)
        }
    }

    /// Hears the queue's changes: a study ended by `cause` (told to its partner as `dodged` or
    /// `reviewed`) calls off the pair's 약속.
    func queueChanged(_ uids: [String], _ event: StudyQueueEvent, by cause: String, on db: any Database) async {
        guard event == .dodged || event == .reviewed else { return }
        for partner in uids where partner != cause {
            await studyEnded(by: cause, with: partner, on: db)
        }
    }

    /// Calls off what the pair agreed or proposed once `ender` ended the study with `partner` (a
    /// cancel, "만났어요", a review from an app), so neither is reminded of a meeting that will not
    /// happen: the partner is told in the conversation and by a notification. After "만났어요" the
    /// appointment they met at (the one starting within the reminder's hour) stays as agreed: it
    /// was not called off, it happened. What fails is logged, its kind only: the study has ended
    /// whatever happens here.
    func studyEnded(by ender: String, with partner: String, on db: any Database) async {
        do {
            let ids = try await messenger.conversationIDs(about: StudyPairConversations.topic(ender, partner), between: ender, and: partner, on: db)
            let current = try await appointments.current(in: ids.id, for: ender, on: db)
            if let accepted = current.accepted, try await !metAt(accepted, ender: ender, partner: partner, on: db) {
                _ = try await appointments.cancel(accepted.id, in: ids.id, by: ender, on: db)
            }
            if let waiting = current.waiting {
                if waiting.mine {
                    _ = try await appointments.cancel(waiting.id, in: ids.id, by: ender, on: db)
                } else {
                    _ = try await appointments.decline(waiting.id, in: ids.id, by: ender, on: db)
                }
            }
        } catch ConversationError.blocked {
            // One blocked the other: nothing goes through their conversation any more.
        } catch AppointmentError.closed {
            // Answered or past meanwhile: nothing is left to call off.
        } catch {
            logger.warning("study appointments not called off", metadata: ["error": .string(String(describing: type(of: error)))])
        }
    }

    /// Whether the study ended with "만났어요" around `appointment`: it starts within the hour
    /// its reminder comes before, so the pair is meeting at it now.
    private func metAt(_ appointment: Conversations.Appointment, ender: String, partner: String, on db: any Database) async throws -> Bool {
        guard let startsAt = SeoulTime.parse(appointment.startsAt), startsAt <= clock.now().addingTimeInterval(AppointmentReminders.lead) else { return false }
        return try await StudyEnding.query(on: db).filter(\.$uid == ender).filter(\.$partnerUID == partner)
            .sort(\.$endedAt, .descending).first()?.how == StudyEnding.How.met.rawValue
    }

    /// The 동 whose names answer what was typed, best first, to meet in.
    func meetingPlaces(named typed: String) -> [Neighbourhoods.Place] {
        neighbourhoods.search(String(typed.prefix(Places.maxQueryLength)), limit: Self.placeChoices)
    }

    /// A 동 chosen by its code.
    func neighbourhood(_ code: String?) -> Neighbourhoods.Place? {
        neighbourhoods.place(code)
    }

    /// The place a proposal names: a 동 chosen from the place list by its code ("서울 마포구
    /// 망원제1동"), what was typed ("망원역 2번 출구"), or the two together.
    func place(neighbourhood code: String?, typed: String) -> String {
        let typed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let chosen = neighbourhoods.place(code) else { return typed }
        return typed.isEmpty ? chosen.fullName : chosen.fullName + " · " + typed
    }
}
