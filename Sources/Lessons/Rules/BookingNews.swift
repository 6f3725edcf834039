import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Tells the other side of an enrolment what happened to it: a notification that opens the
/// enrolment, and a line of its own in the lesson's conversation between the two.
struct BookingNews: Sendable {
    enum Event {
        case enrolled
        case booked(Date)
        case moved(from: Date, to: Date)
        case cancelled(Date, sessionReturned: Bool)
        case refunded(Int)
    }

    let messenger: Messenger
    let notifications: AccountNotifications
    private let logger = Logger(label: "sprout.lessons.news")

    init(messenger: Messenger, notifications: AccountNotifications) {
        self.messenger = messenger
        self.notifications = notifications
    }

    /// Called after the change committed, so it never fails the request that made it: a
    /// notification or a line that could not be written is logged (its kind, never its words).
    func tell(_ event: Event, about enrolment: Enrolment, by role: Enrolments.Role, on db: any Database) async {
        let (actor, other) = role == .student ? (enrolment.studentID, enrolment.teacherID) : (enrolment.teacherID, enrolment.studentID)
        let kind: Notifications.Kind = switch event {
        case .enrolled: .lessonBought
        case .refunded: .lessonRefund
        case .booked, .moved, .cancelled: .lessonBooking
        }
        do {
            let name = try await Account.find(actor, on: db)?.displayName ?? ""
            let (line, notice) = Self.words(event, title: enrolment.title, by: name)
            try await notifications.notify(other, app: "lessons", kind: kind, text: notice, link: LessonsPaths.enrolment.link(enrolment.id ?? ""), on: db)
            do {
                try await messenger.say(line.ko, about: ConversationTopic(app: "lessons", id: enrolment.postID), by: actor, to: other, on: db)
            } catch is ConversationError {
                // One of them blocked the other: the notification above still tells what happened.
            }
        } catch {
            logger.warning("lesson news not delivered", metadata: ["kind": .string(kind.rawValue), "error": .string(String(describing: type(of: error)))])
        }
    }

    /// The conversation's line (in Korean, the language both apps speak) and the notification's words.
    static func words(_ event: Event, title: String, by name: String) -> (line: (ko: String, en: String), notice: AccountNotifications.Text) {
        switch event {
        case .enrolled:
            return (("🎵 ‘\(title)’ 레슨을 결제했어요", "🎵 Paid for ‘\(title)’"),
                    .init(ko: "\(name)님이 ‘\(title)’ 레슨을 결제했어요", en: "\(name) paid for ‘\(title)’"))
        case let .booked(time):
            let when = SeoulTime.spoken(time)
            return (("📅 \(when.ko) 수업을 예약했어요", "📅 Booked the session on \(when.en)"),
                    .init(ko: "\(name)님이 \(when.ko) ‘\(title)’ 수업을 예약했어요", en: "\(name) booked ‘\(title)’ on \(when.en)"))
        case let .moved(from, to):
            let old = SeoulTime.spoken(from), new = SeoulTime.spoken(to)
            return (("🔁 \(old.ko) 수업을 \(new.ko)(으)로 옮겼어요", "🔁 Moved the session on \(old.en) to \(new.en)"),
                    .init(ko: "\(name)님이 ‘\(title)’ 수업을 \(old.ko)에서 \(new.ko)(으)로 옮겼어요", en: "\(name) moved ‘\(title)’ from \(old.en) to \(new.en)"))
        case let .cancelled(time, returned):
            let when = SeoulTime.spoken(time)
            let outcome = returned ? ("회차가 돌아왔어요", "the session returns") : ("약관에 따라 회차가 사용됐어요", "the session counts as used, as the terms say")
            return (("❌ \(when.ko) 수업을 취소했어요 (\(outcome.0))", "❌ Cancelled the session on \(when.en) (\(outcome.1))"),
                    .init(ko: "\(name)님이 \(when.ko) ‘\(title)’ 수업을 취소했어요", en: "\(name) cancelled ‘\(title)’ on \(when.en)"))
        case let .refunded(amount):
            let won = MoneyText.grouped(amount)
            return (("💸 수강을 종료했어요. \(won)원이 환불돼요", "💸 Ended the enrolment: ₩\(won) is refunded"),
                    .init(ko: "\(name)님이 ‘\(title)’ 수강을 종료했어요 (환불 \(won)원)", en: "\(name) ended ‘\(title)’ (₩\(won) refunded)"))
        }
    }
}
