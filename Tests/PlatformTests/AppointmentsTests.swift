import Fluent
import Foundation
@testable import Platform
@testable import PlatformCore
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// 약속 잡기 in a conversation: proposing, answering, suggesting another time and rescheduling,
/// what a stranger and a proposer may not do, the race of two accepts, the reminder an hour
/// before (once, with two instances looking), and the conversation page's forms.
@Suite struct AppointmentsTests {
    /// Two people in a conversation, and a stranger.
    struct Pair {
        let ana: String
        let ben: String
        let cho: String
        let conversationID: String
        let webID: String
    }

    static let place = "망원역 2번 출구"

    @Test func proposingAcceptingAndDecliningTellTheOtherSideInTheConversation() async throws {
        try await withAppointments { sprout, pair in
            let (appointments, db) = (sprout.platform.appointments, sprout.app.db)
            let start = sprout.clock.now.addingTimeInterval(2 * 86_400)
            let proposal = try await appointments.propose(in: pair.conversationID, by: pair.ana, at: start, place: "  \(Self.place) ", on: db)
            #expect(proposal.state == .proposed && proposal.mine && proposal.place == Self.place, "the place is trimmed")
            #expect(proposal.startsAt == SeoulTime.wire(start) && proposal.proposerID == pair.ana && proposal.conversationID == pair.conversationID)
            #expect(try await appointments.list(in: pair.conversationID, for: pair.ben, on: db).map(\.mine) == [false], "not the other side's own")

            let when = SeoulTime.spokenTwelveHour(start).ko
            let told = try await sprout.notified(pair.ben, of: .appointment)
            #expect(told.map(\.text) == ["ana님이 약속을 제안했어요: \(when) · \(Self.place)"])
            #expect(told.first?.link == PlatformPaths.conversation.link(pair.webID), "it opens the conversation")
            #expect(try await sprout.lines(in: pair) == ["약속을 제안했어요: \(when) · \(Self.place)"])

            let accepted = try await appointments.accept(proposal.id, in: pair.conversationID, by: pair.ben, on: db)
            #expect(accepted.state == .accepted && !accepted.mine)
            #expect(try await appointments.accepted(in: pair.conversationID, on: db)?.id == proposal.id, "what the market reserves from")
            #expect(try await appointments.current(in: pair.conversationID, for: pair.ana, on: db).accepted?.mine == true)
            #expect(try await sprout.notified(pair.ana, of: .appointment).map(\.text) == ["ben님이 약속을 수락했어요: \(when) · \(Self.place)"])
            let calendar = { try await sprout.platform.calendars.sources.entries(of: pair.ana, on: db).filter { $0.uid == "appointment-\(proposal.id)@sprout" } }
            #expect(try await calendar().map(\.cancelled) == [false], "on both calendars once accepted")
            #expect(try await calendar().first?.location == Self.place)

            // Rescheduling: a new time replaces the accepted one at once, and waits for its answer.
            let later = try await appointments.propose(in: pair.conversationID, by: pair.ben, at: start.addingTimeInterval(3600), place: "합정역", on: db)
            #expect(try await appointments.list(in: pair.conversationID, for: pair.ana, on: db).map(\.state) == [.proposed, .replaced])
            #expect(try await appointments.accepted(in: pair.conversationID, on: db) == nil)
            #expect(try await calendar().map(\.cancelled) == [true], "a calendar drops the time that moved")
            let declined = try await appointments.decline(later.id, in: pair.conversationID, by: pair.ana, on: db)
            #expect(declined.state == .declined)
            #expect(try await sprout.notified(pair.ben, of: .appointment).first?.text.hasPrefix("ana님이 약속을 거절했어요: ") == true)
            #expect(try await sprout.lines(in: pair).count == 4, "each step is a line")
            let current = try await appointments.current(in: pair.conversationID, for: pair.ana, on: db)
            #expect(current.accepted == nil && current.waiting == nil)
        }
    }

    @Test func suggestingAnotherTimeReplacesTheProposalWaiting() async throws {
        try await withAppointments { sprout, pair in
            let (appointments, db) = (sprout.platform.appointments, sprout.app.db)
            let start = sprout.clock.now.addingTimeInterval(86_400)
            let first = try await appointments.propose(in: pair.conversationID, by: pair.ana, at: start, place: Self.place, on: db)
            let second = try await appointments.propose(in: pair.conversationID, by: pair.ben, at: start.addingTimeInterval(1800), place: Self.place, on: db)
            await #expect(throws: AppointmentError.closed, "replaced") { try await appointments.accept(first.id, in: pair.conversationID, by: pair.ben, on: db) }
            #expect(try await appointments.current(in: pair.conversationID, for: pair.ana, on: db).waiting?.id == second.id)
            #expect(try await appointments.accept(second.id, in: pair.conversationID, by: pair.ana, on: db).state == .accepted)
            // Calling it off, by either side.
            #expect(try await appointments.cancel(second.id, in: pair.conversationID, by: pair.ana, on: db).state == .cancelled)
            await #expect(throws: AppointmentError.closed) { try await appointments.cancel(second.id, in: pair.conversationID, by: pair.ben, on: db) }
            // A proposal is withdrawn by its proposer only; the other side declines it.
            let third = try await appointments.propose(in: pair.conversationID, by: pair.ana, at: start, place: Self.place, on: db)
            await #expect(throws: AppointmentError.closed) { try await appointments.cancel(third.id, in: pair.conversationID, by: pair.ben, on: db) }
            #expect(try await appointments.cancel(third.id, in: pair.conversationID, by: pair.ana, on: db).state == .cancelled)
        }
    }

    @Test func aStrangerFindsNothingAndAProposerCannotAnswerThemself() async throws {
        try await withAppointments { sprout, pair in
            let (appointments, db) = (sprout.platform.appointments, sprout.app.db)
            let start = sprout.clock.now.addingTimeInterval(86_400)
            let proposal = try await appointments.propose(in: pair.conversationID, by: pair.ana, at: start, place: Self.place, on: db)
            await #expect(throws: AppointmentError.notFound) { try await appointments.list(in: pair.conversationID, for: pair.cho, on: db) }
            await #expect(throws: AppointmentError.notFound) { try await appointments.accept(proposal.id, in: pair.conversationID, by: pair.cho, on: db) }
            await #expect(throws: AppointmentError.notFound) {
                try await appointments.propose(in: pair.conversationID, by: pair.cho, at: start, place: Self.place, on: db)
            }
            // An appointment of one conversation named in another of mine.
            let other = try await sprout.platform.messenger.room(in: "market", between: pair.ben, and: pair.cho, on: db)
            await #expect(throws: AppointmentError.notFound) { try await appointments.accept(proposal.id, in: other.id, by: pair.ben, on: db) }
            await #expect(throws: AppointmentError.ownProposal) { try await appointments.accept(proposal.id, in: pair.conversationID, by: pair.ana, on: db) }
            await #expect(throws: AppointmentError.ownProposal) { try await appointments.decline(proposal.id, in: pair.conversationID, by: pair.ana, on: db) }

            let api = { (method: HTTPMethod, path: String, person: String, json: (any Encodable)?) async throws -> TestingHTTPResponse in
                try await sprout.send(method, "api/conversations/" + path, headers: try await sprout.bearer(person), json: json)
            }
            #expect(try await api(.GET, "\(pair.conversationID)/appointments", pair.cho, nil).status.code == 404)
            #expect(try await api(.GET, "no-such-conversation/appointments", pair.ana, nil).status.code == 404, "the same answer")
            #expect(try await api(.POST, "\(pair.conversationID)/appointments/\(proposal.id)/accept", pair.cho, nil).status.code == 404)
            #expect(try await api(.POST, "\(other.id)/appointments/\(proposal.id)/accept", pair.ben, nil).status.code == 404)
            #expect(try await api(.POST, "\(pair.conversationID)/appointments/x/accept", pair.ben, nil).status.code == 404)
            #expect(try await api(.POST, "\(pair.conversationID)/appointments/99999999999999999999/accept", pair.ben, nil).status.code == 404)
            let own = try await api(.POST, "\(pair.conversationID)/appointments/\(proposal.id)/accept", pair.ana, nil)
            #expect(own.status.code == 403, "\(own.body.string)")
            #expect(try own.jsonObject()["error"] as? Bool == true)
            #expect(try await api(.POST, "\(pair.conversationID)/appointments/\(proposal.id)/decline", pair.ana, nil).status.code == 403)
            let accepted = try await api(.POST, "\(pair.conversationID)/appointments/\(proposal.id)/accept", pair.ben, nil)
            #expect(accepted.status.code == 200)
            #expect(try accepted.decode(Conversations.Appointment.self).state == .accepted)
            #expect(try await api(.POST, "\(pair.conversationID)/appointments/\(proposal.id)/accept", pair.ben, nil).status.code == 409, "answered")
            #expect(try await api(.POST, "\(pair.conversationID)/appointments/\(proposal.id)/decline", pair.ben, nil).status.code == 409)
        }
    }

    @Test func theAPIRefusesTimesAndPlacesItCannotUseAndBodiesItCannotRead() async throws {
        try await withAppointments { sprout, pair in
            let path = "api/conversations/\(pair.conversationID)/appointments"
            let headers = try await sprout.bearer(pair.ana)
            let now = sprout.clock.now
            let propose = { (startsAt: String, place: String) in
                try await sprout.send(.POST, path, headers: headers, json: Conversations.ProposeAppointment(startsAt: startsAt, place: place))
            }
            let soon = SeoulTime.wire(now.addingTimeInterval(3600))
            let refused: [(String, String)] = [
                (SeoulTime.wire(now.addingTimeInterval(-60)), Self.place), (SeoulTime.wire(now), Self.place), ("tomorrow at seven", Self.place),
                ("2026-02-30T19:00", Self.place), (SeoulTime.wire(now.addingTimeInterval(91 * 86_400)), Self.place),
                (soon, "  "), (soon, String(repeating: "역", count: 101)), (soon, "망원역\n2번 출구"),
            ]
            for (startsAt, place) in refused {
                let response = try await propose(startsAt, place)
                #expect(response.status.code == 422, "\(startsAt) \(place): \(response.status.code) \(response.body.string)")
                let refusal = try response.jsonObject()
                #expect(refusal["error"] as? Bool == true && (refusal["reason"] as? String)?.isEmpty == false)
            }
            for body in [#"{"starts_at": 20261203, "place": "x"}"#, #"{"starts_at": "2026-12-03T19:00""#, "[]", ""] {
                let response = try await sprout.send(.POST, path, headers: headers.merging(["Content-Type": "application/json"]) { $1 }, body: body)
                #expect(response.status.code == 400, "\(body): \(response.status.code) \(response.body.string)")
                #expect(try response.jsonObject()["error"] as? Bool == true)
            }
            #expect(try await sprout.send(.POST, path, headers: headers, json: ["place": Self.place]).status.code == 422, "no time")

            // A Korean local time, as a browser's datetime-local field writes it, is Korean time.
            let made = try await propose("2026-01-03T19:00", Self.place)
            #expect(made.status.code == 201, "\(made.body.string)")
            let object = try made.jsonObject()
            #expect(Set(object.keys) == ["id", "conversation_id", "proposer_id", "starts_at", "place", "state", "mine"])
            #expect(object["starts_at"] as? String == "2026-01-03T10:00:00Z" && object["state"] as? String == "proposed" && object["mine"] as? Bool == true)
            let list = try await sprout.send(.GET, path, headers: try await sprout.bearer(pair.ben)).decode(Conversations.AppointmentList.self)
            #expect(list.appointments.map(\.mine) == [false])
        }
    }

    @Test func twoAcceptsAtOnceAcceptOnce() async throws {
        try await withAppointments { sprout, pair in
            let (appointments, db) = (sprout.platform.appointments, sprout.app.db)
            let proposal = try await appointments.propose(in: pair.conversationID, by: pair.ana, at: sprout.clock.now.addingTimeInterval(86_400),
                                                          place: Self.place, on: db)
            let outcomes = await withTaskGroup(of: Result<Conversations.Appointment, AppointmentError>.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        do {
                            return .success(try await appointments.accept(proposal.id, in: pair.conversationID, by: pair.ben, on: db))
                        } catch let error as AppointmentError {
                            return .failure(error)
                        } catch {
                            return .failure(.notFound)
                        }
                    }
                }
                return await group.reduce(into: [Result<Conversations.Appointment, AppointmentError>]()) { $0.append($1) }
            }
            #expect(outcomes.filter { (try? $0.get()) != nil }.count == 1, "\(outcomes)")
            #expect(outcomes.contains { if case .failure(.closed) = $0 { true } else { false } }, "\(outcomes)")
            #expect(try await sprout.notified(pair.ana, of: .appointment).count == 1, "the proposer hears of it once")
        }
    }

    @Test func bothAreRemindedOnceAnHourBeforeWhateverTheInstances() async throws {
        try await withAppointments { sprout, pair in
            let (appointments, db) = (sprout.platform.appointments, sprout.app.db)
            let start = sprout.clock.now.addingTimeInterval(3 * 3600)
            let proposal = try await appointments.propose(in: pair.conversationID, by: pair.ana, at: start, place: Self.place, on: db)
            _ = try await appointments.accept(proposal.id, in: pair.conversationID, by: pair.ben, on: db)
            let reminders = AppointmentReminders(notifications: sprout.platform.notifications, clock: sprout.clock.clock)

            #expect(try await reminders.sendDue(on: db) == 0)
            sprout.clock.advance(by: 2 * 3600 - 1)
            #expect(try await reminders.sendDue(on: db) == 0, "a second before the reminder's time")
            sprout.clock.advance(by: 1)
            #expect(try await sendDueOnTwoInstances(sprout) == 1, "two instances at once send it once")
            #expect(try await reminders.sendDue(on: db) == 0, "and never again")
            sprout.clock.advance(by: 1800)
            #expect(try await reminders.sendDue(on: db) == 0)
            sprout.clock.advance(by: 3600)
            #expect(try await reminders.sendDue(on: db) == 0, "after it")

            let when = SeoulTime.spokenTwelveHour(start).ko
            #expect(try await sprout.notified(pair.ana, of: .appointmentReminder).map(\.text) == ["1시간 뒤 ben님과 약속이 있어요: \(when) · \(Self.place)"])
            #expect(try await sprout.notified(pair.ben, of: .appointmentReminder).map(\.text) == ["1시간 뒤 ana님과 약속이 있어요: \(when) · \(Self.place)"])
            #expect(try await sprout.notified(pair.ben, of: .appointmentReminder).first?.link == PlatformPaths.conversation.link(pair.webID))
        }
    }

    @Test func anAppointmentAcceptedWithinTheHourOrCalledOffIsNotReminded() async throws {
        try await withAppointments { sprout, pair in
            let (appointments, db) = (sprout.platform.appointments, sprout.app.db)
            let reminders = AppointmentReminders(notifications: sprout.platform.notifications, clock: sprout.clock.clock)
            let soon = try await appointments.propose(in: pair.conversationID, by: pair.ana, at: sprout.clock.now.addingTimeInterval(1800), place: Self.place, on: db)
            _ = try await appointments.accept(soon.id, in: pair.conversationID, by: pair.ben, on: db)
            #expect(try await reminders.sendDue(on: db) == 0, "agreed half an hour ahead: they know")

            sprout.clock.advance(by: 3600)
            let start = sprout.clock.now.addingTimeInterval(2 * 3600)
            let later = try await appointments.propose(in: pair.conversationID, by: pair.ben, at: start, place: Self.place, on: db)
            _ = try await appointments.accept(later.id, in: pair.conversationID, by: pair.ana, on: db)
            _ = try await appointments.cancel(later.id, in: pair.conversationID, by: pair.ben, on: db)
            sprout.clock.advance(by: 3600)
            #expect(try await reminders.sendDue(on: db) == 0, "called off")
            #expect(try await sprout.notified(pair.ana, of: .appointmentReminder).isEmpty)
            #expect(try await sprout.notified(pair.ben, of: .appointmentReminder).isEmpty)
        }
    }

    @Test func theConversationPageProposesAnswersAndShowsTheAppointment() async throws {
        try await withAppointments { sprout, pair in
            let ana = try await signedIn(sprout, pair.ana), ben = try await signedIn(sprout, pair.ben)
            let page = PlatformPaths.conversation.link(pair.webID)
            let csrf = try await ana.csrfToken(from: page)
            let form = PlatformPaths.conversationAppointments.link(pair.webID)

            let past = try await ana.post(form, form: ["starts_at": "2025-12-31T19:00", "place": Self.place], csrf: csrf)
            #expect(past.status.code == 422)
            #expect(past.body.string.contains("지난 시간으로는 약속할 수 없어요") && past.body.string.contains(Self.place), "the form keeps what was typed")

            let proposed = try await ana.post(form, form: ["starts_at": "2026-01-03T19:00", "place": Self.place], csrf: csrf)
            #expect(proposed.status.code == 303)
            let waiting = try #require(try await sprout.platform.appointments.current(in: pair.conversationID, for: pair.ben, on: sprout.app.db).waiting)
            let seen = try await ben.get(page).body.string
            #expect(seen.contains(#"id="appointment-waiting""#) && seen.contains(#"id="appointment-accept""#) && seen.contains(#"id="appointment-suggest""#))
            #expect(seen.contains("1월 3일 (토) 오후 7:00"))
            let proposers = try await ana.get(page).body.string
            #expect(!proposers.contains(#"id="appointment-accept""#) && proposers.contains(#"id="appointment-withdraw""#), "not for the proposer")

            let accept = PlatformPaths.conversationAppointmentAccept.link((pair.webID, waiting.id))
            let own = try await ana.post(accept, form: [:], csrf: csrf)
            #expect(own.status.code == 403)
            let accepted = try await ben.post(accept, form: [:], csrf: try await ben.csrfToken(from: page))
            #expect(accepted.status.code == 303)
            for browser in [ana, ben] {
                let html = try await browser.get(page).body.string
                #expect(html.contains(#"id="appointment-accepted""#) && html.contains("1월 3일 (토) 오후 7:00") && !html.contains(#"id="appointment-waiting""#))
            }
            let stranger = try await signedIn(sprout, pair.cho)
            let refused = try await stranger.post(accept, form: [:], csrf: try await stranger.csrfToken(from: PlatformPaths.account.link))
            #expect(refused.status.code == 404)
        }
    }

    // MARK: - Helpers

    /// Two instances polling the same database at the same moment: how many appointments they reminded together.
    private func sendDueOnTwoInstances(_ sprout: TestSprout) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<2 {
                group.addTask { try await AppointmentReminders(notifications: sprout.platform.notifications, clock: sprout.clock.clock).sendDue(on: sprout.app.db) }
            }
            return try await group.reduce(0, +)
        }
    }

    /// A browser signed in as `accountID` (whose password is `AppointmentsTests.password`).
    private func signedIn(_ sprout: TestSprout, _ accountID: String) async throws -> WebClient {
        let browser = WebClient(sprout)
        let email = try #require(try await Account.find(accountID, on: sprout.app.db)?.email)
        let login = try await browser.post(PlatformPaths.login.link, form: ["email": email, "password": Self.password], csrf: try await browser.csrfToken(from: PlatformPaths.login.link))
        #expect(login.status.code == 303, "\(login.body.string)")
        return browser
    }

    static let password = "appointment-password"

    /// A Sprout whose access tokens outlive the hours the tests move the clock through and whose
    /// own reminder service is stopped (it looks once at start, and could look late on a busy
    /// machine), with ana and ben in a conversation and cho outside it.
    private func withAppointments(_ test: (TestSprout, Pair) async throws -> Void) async throws {
        try await withSprout(configure: { $0.accessTokenLifetime = 400 * 86_400 }) { sprout in
            await sprout.platform.appointmentReminders.stop()
            let db = sprout.app.db
            var people: [String] = []
            for name in ["ana", "ben", "cho"] {
                let email = "\(name)-\(UUID().uuidString.prefix(6))@sprout.test"
                people.append(try await sprout.platform.accounts.register(email: email, password: Self.password, displayName: name, on: db).requireID())
            }
            let room = try await sprout.platform.messenger.room(in: "market", between: people[0], and: people[1], on: db)
            let webID = try await sprout.platform.messenger.conversation(room.id, for: people[0], on: db).webID
            try await test(sprout, Pair(ana: people[0], ben: people[1], cho: people[2], conversationID: room.id, webID: webID))
        }
    }
}

extension TestSprout {
    /// What `accountID` was notified of with `kind`, newest first.
    func notified(_ accountID: String, of kind: Notifications.Kind) async throws -> [Notifications.Item] {
        try await platform.notifications.page(of: accountID, before: nil, limit: 50, english: false, on: app.db).notifications.filter { $0.kind == kind.rawValue }
    }

    /// The conversation's lines, oldest first.
    func lines(in pair: AppointmentsTests.Pair) async throws -> [String] {
        try await platform.messenger.messages(in: pair.conversationID, for: pair.ana, before: nil, limit: 50, on: app.db).messages.reversed().map(\.text)
    }

    /// `Authorization: Bearer` with a fresh access token of `accountID`.
    func bearer(_ accountID: String) async throws -> [String: String] {
        ["Authorization": "Bearer \(try await platform.tokens.issue(for: accountID, on: app.db).accessToken)"]
    }
}
