import Fluent
import Foundation
import NIOConcurrencyHelpers
import Platform
import PlatformCore
import SQLKit
import Vapor

/// Reminds both sides of a booked session the day before and an hour before it, through the
/// notifications service (listed, streamed, pushed). Each reminder is claimed by one `UPDATE …
/// RETURNING`, so with several instances polling the same database it is sent once. A booking made
/// (or moved) after a reminder's time skips that reminder.
struct SessionReminders: Sendable {
    enum Reminder: CaseIterable {
        case dayBefore, hourBefore

        var lead: TimeInterval { self == .dayBefore ? 86_400 : 3_600 }
        var column: String { self == .dayBefore ? "reminded_day_before" : "reminded_hour_before" }
    }

    let notifications: AccountNotifications
    let clock: WallClock

    private struct Claimed: Decodable {
        let enrolment_id: String
        let starts_at: Date
        let updated_at: Date
    }

    /// Sends the reminders due now; how many sessions were reminded.
    @discardableResult
    func sendDue(on db: any Database) async throws -> Int {
        var sent = 0
        for reminder in Reminder.allCases {
            let now = clock.now()
            let claimed = try await db.sql().raw("""
                UPDATE lessons_bookings SET \(ident: reminder.column) = \(bind: true)
                WHERE state = 'booked' AND \(ident: reminder.column) = \(bind: false)
                  AND starts_at > \(bind: now) AND starts_at <= \(bind: now.addingTimeInterval(reminder.lead))
                RETURNING enrolment_id, starts_at, updated_at
                """).all(decoding: Claimed.self)
            // Claimed either way; one booked after its reminder's time is not reminded of it, and
            // the day-before one is not sent once the hour-before one is due (after a pause).
            for session in claimed where session.updated_at <= session.starts_at.addingTimeInterval(-reminder.lead)
                && (reminder == .hourBefore || session.starts_at.timeIntervalSince(now) > Reminder.hourBefore.lead) {
                guard let enrolment = try await Enrolment.find(session.enrolment_id, on: db),
                      enrolment.state == EnrolmentRecordState.active.rawValue
                else { continue }
                let text = Self.words(reminder, at: session.starts_at, title: enrolment.title)
                for person in [enrolment.studentID, enrolment.teacherID] {
                    try await notifications.notify(person, app: "lessons", kind: .lessonReminder, text: text,
                                                   link: LessonsPaths.enrolment.link(enrolment.id ?? ""), on: db)
                }
                sent += 1
            }
        }
        return sent
    }

    static func words(_ reminder: Reminder, at start: Date, title: String) -> AccountNotifications.Text {
        let when = SeoulTime.spoken(start)
        return switch reminder {
        case .dayBefore: .init(ko: "내일 \(when.ko) ‘\(title)’ 수업이 있어요", en: "Tomorrow: ‘\(title)’ at \(when.en)")
        case .hourBefore: .init(ko: "1시간 뒤 ‘\(title)’ 수업이 시작돼요 (\(when.ko))", en: "In an hour: ‘\(title)’ at \(when.en)")
        }
    }
}

/// Looks for due reminders every `interval` seconds on every instance.
struct SessionReminderService: ModuleService {
    let reminders: SessionReminders
    let interval: Duration
    private let polling = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(reminders: SessionReminders, interval: Duration) {
        self.reminders = reminders
        self.interval = interval
    }

    var name: String { "lesson session reminders" }

    func start(on application: Application) async throws {
        let reminders = reminders, interval = interval
        let db = application.db
        let logger = application.logger
        polling.withLockedValue { $0 = Task {
            while !Task.isCancelled {
                do {
                    try await reminders.sendDue(on: db)
                } catch {
                    if !Task.isCancelled { logger.warning("lesson reminders failed: \(String(reflecting: error))") }
                }
                try? await Task.sleep(for: interval)
            }
        } }
    }

    func stop() async {
        let task = polling.withLockedValue { $0 }
        task?.cancel()
        await task?.value
    }
}
