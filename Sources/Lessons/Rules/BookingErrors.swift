/// What the booking rules refuse, in the domain's words. Sprout's lessons API maps these once
/// (`BookingErrorMiddleware`, API/BookingErrorMapping.swift); the pages to page statuses
/// (`LessonsPageErrors`).
enum BookingError: Error, Equatable {
    /// No such lesson, slot, enrolment or booking, or one the caller has no part in.
    case notFound
    /// Only the lesson's teacher describes it and opens its times.
    case notTheTeacher
    case invalidTerms(field: String, reason: String)
    case invalidTime(String)
    case slotInThePast
    /// The teacher has a slot at an overlapping time (of any of their lessons).
    case overlapsAnotherSlot
    case slotBooked
    case slotTaken
    /// The slot is of another lesson than the enrolment's.
    case slotOfAnotherLesson
    case noSessionsLeft
    case enrolmentEnded
    /// The session started already; only what the terms say happens now.
    case sessionStarted
    /// Moving is free only until the terms' hours before the session.
    case tooLateToMove(hours: Int)
    case gatewayRefused
}
