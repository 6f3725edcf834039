import Foundation
@testable import Lessons
import Platform
import SproutAPI
import SproutTestSupport
import Testing

/// Two students booking one slot at the same moment: exactly one holds it, the other is told it is
/// taken. On SQLite, and on PostgreSQL when `TEST_DATABASE_URL` is set (where the partial unique
/// index decides a race both reads lost).
@Suite struct BookingRaceTests {
    struct Racer: Sendable {
        let user: LessonsUser
        let enrolmentID: String
    }

    /// A teacher's lesson of `weeks` sessions with as many weekly slots (all within the four weeks a
    /// slot list shows), and two students enrolled in it.
    func scene(_ sprout: TestSprout, weeks: Int) async throws -> (lesson: Lessons.Post, slots: [Lessons.Slot], racers: [Racer]) {
        let teacher = try await sprout.signUp("kim", teacher: true)
        let lesson = try await sprout.describedLesson(by: teacher, price: 40_000, .init(sessions: weeks, minutesPerSession: 60, format: .online))
        let slots = try await sprout.openSlots(lesson.postID, as: teacher, at: sprout.clock.now.addingTimeInterval(2 * 86_400), repeatWeeks: weeks)
        var racers: [Racer] = []
        for name in ["lee", "park"] {
            let student = try await sprout.signUp(name)
            let (enrolment, _) = try await sprout.enrol(student, in: lesson)
            racers.append(Racer(user: student, enrolmentID: enrolment.enrolmentID))
        }
        return (lesson, slots, racers)
    }

    @Test func overHTTPOneBookingWinsAndTheOtherIsAConflict() async throws {
        try await withBookingSprout { sprout in
            let (lesson, slots, racers) = try await scene(sprout, weeks: 4)
            for slot in slots {
                let outcomes = try await withThrowingTaskGroup(of: (student: String, status: UInt, reason: String?).self) { group in
                    for racer in racers {
                        group.addTask {
                            let response = try await sprout.book(racer.enrolmentID, slot.slotID, as: racer.user)
                            return (racer.user.id, response.status.code, try? response.jsonObject()["reason"] as? String)
                        }
                    }
                    return try await group.reduce(into: [(student: String, status: UInt, reason: String?)]()) { $0.append($1) }
                }
                #expect(outcomes.map(\.status).sorted() == [200, 409], "\(slot.startsAt): \(outcomes)")
                #expect(outcomes.first { $0.status == 409 }?.reason == "Someone booked this slot already.")
            }

            var held: [String] = []
            for racer in racers {
                let enrolment = try await sprout.enrolment(racer.enrolmentID, as: racer.user)
                #expect(enrolment.bookings.allSatisfy { $0.state == .booked }, "a lost race leaves no booking behind")
                #expect(enrolment.remaining == 4 - enrolment.bookings.count)
                held += enrolment.bookings.map(\.slotID)
            }
            #expect(held.sorted() == slots.map(\.slotID).sorted(), "each slot held by exactly one booking")
            let open = try await sprout.slots(of: lesson.postID, as: racers[0].user)
            #expect(open.isEmpty, "every slot is booked: \(open.keys)")
        }
    }

    /// The rule itself: the loser's error is `BookingError.slotTaken`, whichever check caught it.
    @Test func theLoserIsToldTheSlotIsTaken() async throws {
        try await withBookingSprout { sprout in
            let (_, slots, racers) = try await scene(sprout, weeks: 4)
            let platform = sprout.platform
            let enrolments = Enrolments(terms: LessonTerms(districts: try Districts(), clock: platform.clock), ids: platform.ids, clock: platform.clock)
            let bookings = Bookings(enrolments: enrolments, news: BookingNews(messenger: platform.messenger, notifications: platform.notifications),
                                    ids: platform.ids, clock: platform.clock)
            for slot in slots {
                let errors = try await withThrowingTaskGroup(of: BookingError?.self) { group in
                    for racer in racers {
                        group.addTask {
                            do {
                                _ = try await bookings.book(racer.enrolmentID, slot: slot.slotID, by: racer.user.id, on: sprout.app.db)
                                return nil
                            } catch let error as BookingError {
                                return error
                            }
                        }
                    }
                    return try await group.reduce(into: [BookingError?]()) { $0.append($1) }
                }
                #expect(errors.count == 2 && errors.compactMap { $0 } == [.slotTaken], "\(slot.startsAt): \(errors)")
            }
        }
    }
}
