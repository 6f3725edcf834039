import Fluent
import Foundation
import NIOConcurrencyHelpers
import PlatformCore
import SproutAPI
import SQLKit
import Vapor

/// Reminds both people of an accepted appointment an hour before it, through the notifications
/// service (listed, streamed, pushed). Each reminder is claimed by one `UPDATE … RETURNING`, so
/// with several instances polling the same database it is sent once. An appointment accepted
/// after its reminder's time is claimed without a reminder: they agreed on it moments ago.
public struct AppointmentReminders: Sendable {
    public static let lead: TimeInterval = 3600

    let notifications: AccountNotifications
    let clock: WallClock

    public init(notifications: AccountNotifications, clock: WallClock) {
        self.notifications = notifications
        self.clock = clock
    }

    private struct Claimed: Decodable {
        let conversation_id: String
        let starts_at: Date
        let place: String
        let accepted_at: Date?
    }

    /// Sends the reminders due now; how many appointments were reminded.
    @discardableResult
    public func sendDue(on db: any Database) async throws -> Int {
        let now = clock.now()
        let claimed = try await db.sql().raw("""
            UPDATE conversation_appointments SET reminded = \(bind: true)
            WHERE state = 'accepted' AND reminded = \(bind: false) AND starts_at > \(bind: now) AND starts_at <= \(bind: now.addingTimeInterval(Self.lead))
            RETURNING conversation_id, starts_at, place, accepted_at
            """).all(decoding: Claimed.self)
        var sent = 0
        for appointment in claimed where (appointment.accepted_at ?? appointment.starts_at) <= appointment.starts_at.addingTimeInterval(-Self.lead) {
            guard let conversation = try await ConversationRecord.find(appointment.conversation_id, on: db) else { continue }
            let people = [conversation.firstMember, conversation.secondMember]
            let names = Dictionary(try await Account.query(on: db).filter(\.$id ~~ people).all().compactMap { account in
                account.id.map { ($0, account.displayName) }
            }) { first, _ in first }
            for person in people {
                try await notifications.notify(person, app: conversation.aboutApp, kind: .appointmentReminder,
                                               text: Self.words(at: appointment.starts_at, place: appointment.place, with: names[conversation.other(than: person)] ?? ""),
                                               link: PlatformPaths.conversation.link(conversation.webID), on: db)
            }
            sent += 1
        }
        return sent
    }

    static func words(at start: Date, place: String, with name: String) -> AccountNotifications.Text {
        let when = SeoulTime.spokenTwelveHour(start)
        return .init(ko: "1시간 뒤 \(name)님과 약속이 있어요: \(when.ko) · \(place)", en: "In an hour: meeting \(name), \(when.en) · \(place)")
    }
}

/// Looks for due appointment reminders every `interval` on every instance
/// (`SPROUT_APPOINTMENT_REMINDER_SECONDS`).
public struct AppointmentReminderService: ModuleService {
    let reminders: AppointmentReminders
    let interval: Duration
    private let polling = NIOLockedValueBox<Task<Void, Never>?>(nil)

    public init(reminders: AppointmentReminders, interval: Duration) {
        self.reminders = reminders
        self.interval = interval
    }

    public var name: String { "appointment reminders" }

    public func start(on application: Application) async throws {
        let reminders = reminders, interval = interval
        let db = application.db
        let logger = application.logger
        polling.withLockedValue { $0 = Task {
            while !Task.isCancelled {
                do {
                    try await reminders.sendDue(on: db)
                } catch {
                    if !Task.isCancelled { logger.warning("appointment reminders failed: \(String(reflecting: error))") }
                }
                try? await Task.sleep(for: interval)
            }
        } }
    }

    public func stop() async {
        let task = polling.withLockedValue { $0 }
        task?.cancel()
        await task?.value
    }
}
