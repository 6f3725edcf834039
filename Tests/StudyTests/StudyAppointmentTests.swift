import Foundation
import Platform
import PlatformCore
import SproutAPI
@testable import Study
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// 약속 between study partners, through the platform's appointments: proposing from a 동 found
/// by name, accepting, both matched pages pinning it while they keep chatting, the reminder an
/// hour before opening the study chat, a stranger finding nothing, and a study that ends taking
/// its appointment with it.
@Suite struct StudyAppointmentTests {
    /// Two partners matched through the contract, each also signed in on the web, and the account ids
    /// everyone else sees them by.
    struct Partners {
        let a: StudyPerson
        let b: StudyPerson
        let aWeb: StudyBrowser
        let bWeb: StudyBrowser
    }

    func partners(_ sprout: TestSprout) async throws -> Partners {
        let (a, b) = try await sprout.matchedPair()
        // The same phones on the web are the same accounts, signed up already.
        let aWeb = try await sprout.studyBrowser(phone: "01011110001", nick: "", signUp: false)
        let bWeb = try await sprout.studyBrowser(phone: "01011110002", nick: "", signUp: false)
        return Partners(a: a, b: b, aWeb: aWeb, bWeb: bWeb)
    }

    /// A time the 약속 form takes: Korean local time, as a browser's `datetime-local` sends it.
    static func korean(_ date: Date) -> String {
        SeoulTime.isoDay(date) + "T" + SeoulTime.clock(date)
    }

    static func waitingID(_ page: String) throws -> Int {
        try #require(page.firstMatch(of: /id="appointment-waiting" class="appointment waiting" data-id="([0-9]+)"/).flatMap { Int($0.1) })
    }

    static func notified(_ sprout: TestSprout, _ accountID: String, of kind: Notifications.Kind) async throws -> [Notifications.Item] {
        try await sprout.platform.notifications.page(of: accountID, before: nil, limit: 50, english: false, on: sprout.app.db).notifications
            .filter { $0.kind == kind.rawValue }
    }

    static func bearer(_ sprout: TestSprout, _ accountID: String) async throws -> [String: String] {
        ["Authorization": "Bearer \(try await sprout.platform.tokens.issue(for: accountID, on: sprout.app.db).accessToken)"]
    }

    @Test func partnersProposeFromANeighbourhoodAcceptAndBothSeeItPinnedAboveTheChat() async throws {
        try await withSprout { sprout in
            let p = try await partners(sprout)
            let before = try await p.aWeb.page("/study/matched").1
            #expect(before.contains(#"id="appointments""#) && before.contains(#"id="appointment-open""#), "the matched page offers 약속 잡기 above the chat")
            let pinnedAt = try #require(before.range(of: #"id="appointments""#)), chatAt = try #require(before.range(of: #"id="chat-log""#))
            #expect(pinnedAt.lowerBound < chatAt.lowerBound)

            let search = try await p.aWeb.page("/study/appointment?q=%EB%A7%9D%EC%9B%90")
            #expect(search.0 == 200 && search.1.contains("서울 마포구 망원제1동"), "망원 finds the 동 by name")
            let code = try #require(search.1.firstMatch(of: /id="dong-([0-9]+)"[^>]*>\s*서울 마포구 망원제1동/).map { String($0.1) })

            let start = sprout.clock.now.addingTimeInterval(2 * 86_400)
            let proposed = try await p.aWeb.post("/study/appointment", ["starts_at": Self.korean(start), "dong": code, "place": "망원역 2번 출구"])
            #expect(proposed.2 == "/study/matched#appointments")
            let place = "서울 마포구 망원제1동 · 망원역 2번 출구"
            let mine = try await p.aWeb.page("/study/matched").1
            #expect(mine.contains("약속을 제안했어요. 답을 기다리고 있어요.") && mine.contains(place) && mine.contains(#"id="appointment-withdraw""#))
            let theirs = try await p.bWeb.page("/study/matched").1
            #expect(theirs.contains("고래밥님이 약속을 제안했어요.") && theirs.contains(place) && theirs.contains(#"id="appointment-accept""#))
            let id = try Self.waitingID(theirs)

            let own = try await p.aWeb.post("/study/appointment/\(id)/accept", [:])
            #expect(own.0 == 403 && own.1.contains("내가 제안한 약속은 상대가 답해요"), "a proposal is answered by the other side")
            #expect(try await p.bWeb.post("/study/appointment/\(id)/accept", [:]).2 == "/study/matched#appointments")
            for page in [try await p.aWeb.page("/study/matched").1, try await p.bWeb.page("/study/matched").1] {
                #expect(page.contains(#"id="appointment-accepted""#) && page.contains(place) && page.contains(#"id="chat-form""#), "pinned on both, and the chat goes on")
            }
            #expect(try await p.bWeb.post("/study/chat", ["otheruid": p.a.accountID, "chat": "토요일에 봐요"]).2 == "/study/matched#chat-form")
            #expect(try await p.aWeb.page("/study/matched").1.contains("토요일에 봐요"))

            // The proposal's notification opens the study chat, at its 약속.
            let told = try #require(try await Self.notified(sprout, p.b.accountID, of: .appointment).first)
            #expect(told.text.hasPrefix("고래밥님이 약속을 제안했어요: ") && told.text.hasSuffix(place))
            #expect(try await p.bWeb.web.get(told.link).headers.first(name: .location) == "/study/matched#appointments")
            // The inbox names the pair's conversation as the study's; its lines were read where they were seen.
            #expect(try await p.bWeb.page("/inbox").1.contains("새싹 스터디"))
            for web in [p.aWeb, p.bWeb] {
                _ = try await web.page("/study/matched")
                let unread = try JSONDecoder().decode(Conversations.Unread.self, from: Data(try await web.page("/inbox/unread").1.utf8))
                #expect(unread.messages == 0)
            }

            // Sprout's study API finds the same conversation; the conversations API answers in it.
            let meeting = try await sprout.send(.GET, "api/study/appointments", headers: try await Self.bearer(sprout, p.a.accountID))
            #expect(meeting.status.code == 200, "\(meeting.body.string)")
            let found = try meeting.decode(Study.Meeting.self)
            #expect(found.partnerID == p.b.accountID && found.appointments.map(\.state) == [.accepted] && found.appointments.first?.place == place)
            #expect(theirs.contains(#"data-conversation="\#(found.conversationID)""#))
            let listed = try await sprout.send(.GET, "api/conversations/\(found.conversationID)/appointments", headers: try await Self.bearer(sprout, p.b.accountID))
            #expect(try listed.decode(Conversations.AppointmentList.self).appointments.first?.id == id)
        }
    }

    @Test func aRefusedProposalKeepsWhatWasTyped() async throws {
        try await withSprout { sprout in
            let p = try await partners(sprout)
            let past = try await p.aWeb.post("/study/appointment", ["starts_at": "2025-12-31T19:00", "place": "합정역"])
            #expect(past.0 == 422 && past.1.contains("지난 시간으로는 약속할 수 없어요") && past.1.contains(#"value="합정역""#))
            let nowhere = try await p.aWeb.post("/study/appointment", ["starts_at": Self.korean(sprout.clock.now.addingTimeInterval(86_400)), "place": "  "])
            #expect(nowhere.0 == 422 && nowhere.1.contains("장소를 입력해 주세요"))
            #expect(try await p.aWeb.post("/study/appointment/999999/accept", [:]).0 == 404)
        }
    }

    @Test func aStrangerFindsNothing() async throws {
        try await withSprout { sprout in
            let p = try await partners(sprout)
            let start = Self.korean(sprout.clock.now.addingTimeInterval(86_400))
            #expect(try await p.aWeb.post("/study/appointment", ["starts_at": start, "place": "합정역"]).2 == "/study/matched#appointments")
            let id = try Self.waitingID(try await p.bWeb.page("/study/matched").1)
            let link = try #require(try await Self.notified(sprout, p.b.accountID, of: .appointment).first?.link)

            let c = try await sprout.studyPerson("+821011110003", nick: "꼬북칩")
            let cWeb = try await sprout.studyBrowser(phone: "01011110003", nick: "", signUp: false)
            #expect(try await cWeb.page("/study/appointment").0 == 404)
            #expect(try await cWeb.post("/study/appointment", ["starts_at": start, "place": "합정역"]).0 == 404)
            for answer in ["accept", "decline", "cancel"] {
                #expect(try await cWeb.post("/study/appointment/\(id)/\(answer)", [:]).0 == 404, "\(answer)")
            }
            #expect(try await cWeb.web.get(link).status.code == 404, "nor the pair's conversation")
            let cBearer = try await Self.bearer(sprout, c.accountID)
            #expect(try await sprout.send(.GET, "api/study/appointments", headers: cBearer).status.code == 404)
            let meeting = try await sprout.send(.GET, "api/study/appointments", headers: try await Self.bearer(sprout, p.a.accountID)).decode(Study.Meeting.self)
            #expect(try await sprout.send(.POST, "api/conversations/\(meeting.conversationID)/appointments/\(id)/accept", headers: cBearer).status.code == 404)
            #expect(try await p.bWeb.page("/study/matched").1.contains(#"id="appointment-waiting""#), "still waiting for the partner")
        }
    }

    /// A study account exists only by phone: its ID token buys the bearer tokens the meeting API
    /// takes, and nothing else does (no token, a forged one, a disabled account).
    @Test func aPhoneOnlyPartnerReachesTheMeetingWithItsIDToken() async throws {
        try await withSprout { sprout in
            let p = try await partners(sprout)
            let signedIn = try await sprout.send(.POST, "api/auth/phone", headers: ["idtoken": p.a.token])
            #expect(signedIn.status == .ok)
            let session = try signedIn.decode(SproutAccount.Session.self)
            #expect(session.userID == p.a.accountID && session.email.isEmpty)
            let meeting = try await sprout.send(.GET, "api/study/appointments", headers: ["Authorization": "Bearer \(session.accessToken)"])
            #expect(try meeting.decode(Study.Meeting.self).partnerID == p.b.accountID)

            #expect(try await sprout.send(.POST, "api/auth/phone").status == .unauthorized)
            #expect(try await sprout.send(.POST, "api/auth/phone", headers: ["idtoken": p.a.token + "x"]).status == .unauthorized)
            #expect(try await sprout.send(.POST, "api/auth/phone", headers: ["idtoken": session.accessToken]).status == .unauthorized,
                    "a bearer token is not a phone ID token")
            let account = try #require(try await Account.find(p.b.accountID, on: sprout.app.db))
            try await sprout.platform.accounts.setDisabled(true, account, on: sprout.app.db)
            #expect(try await sprout.send(.POST, "api/auth/phone", headers: ["idtoken": p.b.token]).status == .forbidden)
        }
    }

    /// "만났어요" at the time they agreed keeps it as agreed (it happened); a day before it, the
    /// appointment will not happen and is called off, as any ending calls it off.
    @Test(arguments: [(90.0 * 60, Conversations.AppointmentState.accepted), (0, .cancelled)])
    func meetingAtTheAgreedTimeKeepsItAndMeetingEarlierCallsItOff(waited: TimeInterval, kept: Conversations.AppointmentState) async throws {
        try await withSprout { sprout in
            let p = try await partners(sprout)
            let start = sprout.clock.now.addingTimeInterval(2 * 3600)
            #expect(try await p.aWeb.post("/study/appointment", ["starts_at": Self.korean(start), "place": "망원역"]).2 == "/study/matched#appointments")
            let id = try Self.waitingID(try await p.bWeb.page("/study/matched").1)
            #expect(try await p.bWeb.post("/study/appointment/\(id)/accept", [:]).2 == "/study/matched#appointments")
            _ = try await p.aWeb.post("/study/chat", ["otheruid": p.b.accountID, "chat": "도착했어요"])
            _ = try await p.bWeb.post("/study/chat", ["otheruid": p.a.accountID, "chat": "저도요"])
            let bBearer = try await Self.bearer(sprout, p.b.accountID)
            let conversation = try await sprout.send(.GET, "api/study/appointments", headers: bBearer).decode(Study.Meeting.self).conversationID
            sprout.clock.advance(by: waited)

            #expect(try await p.aWeb.post("/study/met", ["otheruid": p.b.accountID, "confirm": "yes"]).2 == "/study/ended")
            let later = try await Self.bearer(sprout, p.b.accountID)
            let list = try await sprout.send(.GET, "api/conversations/\(conversation)/appointments", headers: later).decode(Conversations.AppointmentList.self)
            #expect(list.appointments.first?.state == kept)
            let calledOff = try await Self.notified(sprout, p.b.accountID, of: .appointment).contains { $0.text.contains("약속을 취소했어요") }
            #expect(calledOff == (kept == .cancelled), "the partner hears of a calling off only when there was one")
        }
    }

    @Test func endingTheStudyCallsOffTheMeetingAndProposingIsRefused() async throws {
        try await withSprout { sprout in
            let p = try await partners(sprout)
            let start = sprout.clock.now.addingTimeInterval(2 * 86_400)
            #expect(try await p.aWeb.post("/study/appointment", ["starts_at": Self.korean(start), "place": "합정역"]).2 == "/study/matched#appointments")
            let id = try Self.waitingID(try await p.bWeb.page("/study/matched").1)
            #expect(try await p.bWeb.post("/study/appointment/\(id)/accept", [:]).2 == "/study/matched#appointments")
            let aBearer = try await Self.bearer(sprout, p.a.accountID), bBearer = try await Self.bearer(sprout, p.b.accountID)
            let conversation = try await sprout.send(.GET, "api/study/appointments", headers: bBearer).decode(Study.Meeting.self).conversationID

            #expect(try await sprout.study(.POST, "v1/queue/dodge", p.a, form: [("otheruid", p.b.accountID)]).status.code == 200)
            let list = try await sprout.send(.GET, "api/conversations/\(conversation)/appointments", headers: bBearer).decode(Conversations.AppointmentList.self)
            #expect(list.appointments.first?.state == .cancelled, "what they agreed is called off")
            #expect(try await Self.notified(sprout, p.b.accountID, of: .appointment).first?.text.hasPrefix("고래밥님이 약속을 취소했어요") == true)
            #expect(try await !p.bWeb.page("/study/matched").1.contains(#"id="appointments""#), "nothing pinned once the partner ended the study")

            #expect(try await p.bWeb.post("/study/appointment", ["starts_at": Self.korean(start), "place": "합정역"]).2 == "/study/matched")
            #expect(try await p.bWeb.web.get("/study/appointment").headers.first(name: .location) == "/study/matched")
            #expect(try await sprout.send(.GET, "api/study/appointments", headers: bBearer).status.code == 409)
            let again = Conversations.ProposeAppointment(startsAt: Self.korean(start), place: "합정역")
            #expect(try await sprout.send(.POST, "api/conversations/\(conversation)/appointments", headers: bBearer, json: again).status.code == 409,
                    "nor through the conversations API")
            #expect(try await sprout.send(.GET, "api/study/appointments", headers: aBearer).status.code == 404, "the one who ended it is matched with nobody")
        }
    }

    @Test func bothAreRemindedOnceAnHourBeforeAndTheReminderOpensTheStudyChat() async throws {
        try await withSprout { sprout in
            await sprout.platform.appointmentReminders.stop()
            let p = try await partners(sprout)
            let start = sprout.clock.now.addingTimeInterval(3 * 3600)
            #expect(try await p.bWeb.post("/study/appointment", ["starts_at": Self.korean(start), "place": "합정역"]).2 == "/study/matched#appointments")
            let id = try Self.waitingID(try await p.aWeb.page("/study/matched").1)
            #expect(try await p.aWeb.post("/study/appointment/\(id)/accept", [:]).2 == "/study/matched#appointments")

            let reminders = AppointmentReminders(notifications: sprout.platform.notifications, clock: sprout.clock.clock)
            #expect(try await reminders.sendDue(on: sprout.app.db) == 0)
            sprout.clock.advance(by: 2 * 3600)
            #expect(try await reminders.sendDue(on: sprout.app.db) == 1)
            #expect(try await reminders.sendDue(on: sprout.app.db) == 0, "once")
            for (person, web, partner) in [(p.a, p.aWeb, "새우깡"), (p.b, p.bWeb, "고래밥")] {
                let reminded = try await Self.notified(sprout, person.accountID, of: .appointmentReminder)
                #expect(reminded.count == 1 && reminded.first?.text.hasPrefix("1시간 뒤 \(partner)님과 약속이 있어요") == true, "\(reminded.map(\.text))")
                #expect(try await web.web.get(try #require(reminded.first?.link)).headers.first(name: .location) == "/study/matched#appointments")
            }
        }
    }
}
