import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// Sprout's own lessons API (`/api/lessons`): what a lesson sells, the teacher's open times,
/// enrolments, bookings and refunds, for an access token from `/api/auth`.
struct BookingController: Sendable {
    let terms: LessonTerms
    let openTimes: OpenTimes
    let enrolments: Enrolments
    let bookings: Bookings
    let refunds: EnrolmentRefunds

    static let signedIn: [Int: String] = [401: "Not signed in", 419: "Access token expired: refresh", 429: "Too many calls"]

    func register(on routes: DocumentedRoutes) {
        typealias Routes = Lessons.BookingRoutes
        let responses = { (more: [Int: String]) in Self.signedIn.merging(more) { $1 } }
        routes.on(Routes.terms, doc: .init(
            "What a lesson sells", description: "A lesson nobody described answers the defaults with `described` false.",
            responses: responses([200: "The terms", 404: "No such lesson"])
        ), use: readTerms)
        routes.on(Routes.describe, doc: .init(
            "Describe my lesson: sessions, length, place, curriculum and cancellation terms",
            description: "Replaces the whole description; a field left out takes its default. Enrolments keep the terms they were paid under.",
            responses: responses([200: "The terms", 400: "A field out of range", 403: "Not my lesson", 404: "No such lesson"])
        ), use: describe)
        routes.on(Routes.slots, doc: .init(
            "A lesson's open times", description: "Open slots for anyone; the teacher sees booked ones too (`available` false).",
            responses: responses([200: "The slots, earliest first", 400: "A bad range", 404: "No such lesson"])
        ), use: slots)
        routes.on(Routes.openSlots, doc: .init(
            "Open times for my lesson", description: "One time, or the same time weekly for `repeat_weeks`; all or none.",
            responses: responses([200: "The slots opened", 400: "A bad or past time", 403: "Not my lesson", 404: "No such lesson",
                                  409: "Overlaps another of my slots"])
        ), use: openSlots)
        routes.on(Routes.closeSlot, doc: .init(
            "Close an open time of mine",
            responses: responses([200: "The slot closed", 404: "No such slot of mine", 409: "Booked: cancel the booking first"])
        ), use: closeSlot)
        routes.on(Routes.enrolments, doc: .init(
            "My enrolments, as a student and as a teacher", responses: responses([200: "Newest first"])
        ), use: list)
        routes.on(Routes.enrolment, doc: .init(
            "An enrolment of mine", responses: responses([200: "The enrolment", 404: "No such enrolment of mine"])
        ), use: enrolment)
        routes.on(Routes.book, doc: .init(
            "Book an open slot for a session of my enrolment",
            responses: responses([200: "The enrolment with the booking", 400: "A past slot or another lesson's", 404: "No such enrolment or slot",
                                  409: "The slot is taken, no sessions remain, or the enrolment ended"])
        ), use: book)
        routes.on(Routes.cancelBooking, doc: .init(
            "Cancel an upcoming session",
            description: "The student's cancel returns the session until the terms' hours before it; later the terms decide. The teacher's always returns it.",
            responses: responses([200: "The enrolment", 404: "No such booking of mine", 409: "The session has started"])
        ), use: cancel)
        routes.on(Routes.moveBooking, doc: .init(
            "Move an upcoming session to another open slot", description: "Until the terms' hours before it.",
            responses: responses([200: "The enrolment", 400: "A past slot or another lesson's", 404: "No such booking or slot",
                                  409: "Too late to move, or the slot is taken"])
        ), use: move)
        routes.on(Routes.refund, doc: .init(
            "End an enrolment and refund what its terms say",
            description: "Everything before the first session; afterwards the unused sessions' share less the terms' fee (none when the teacher ends it).",
            responses: responses([200: "The enrolment, refunded", 404: "No such enrolment of mine", 409: "Ended already", 502: "The gateway did not refund"])
        ), use: refund)
    }

    func readTerms(_ req: Request) async throws -> Lessons.Terms {
        try await terms.terms(of: Lessons.BookingRoutes.terms.parameters(in: req) ?? "", shownTo: try req.authenticatedAccountID, on: req.db)
    }

    func describe(_ req: Request) async throws -> Lessons.Terms {
        try await terms.describe(Lessons.BookingRoutes.describe.parameters(in: req) ?? "", by: try req.authenticatedAccountID, try req.decodeBody(Lessons.TermsRequest.self), on: req.db)
    }

    func slots(_ req: Request) async throws -> Lessons.SlotList {
        let window = try req.queryFields(SlotWindow.self)
        let found = try await openTimes.slots(of: Lessons.BookingRoutes.slots.parameters(in: req) ?? "", from: window.from,
                                              to: window.to, for: try req.authenticatedAccountID, on: req.db)
        return Lessons.SlotList(slots: found.map { OpenTimes.wire($0.0, booked: $0.booked) })
    }

    func openSlots(_ req: Request) async throws -> Lessons.SlotList {
        let opened = try await openTimes.open(Lessons.BookingRoutes.openSlots.parameters(in: req) ?? "", by: try req.authenticatedAccountID,
                                              try req.decodeBody(Lessons.SlotsRequest.self), on: req.db)
        return Lessons.SlotList(slots: opened.map { OpenTimes.wire($0, booked: false) })
    }

    func closeSlot(_ req: Request) async throws -> Lessons.Slot {
        OpenTimes.wire(try await openTimes.close(Lessons.BookingRoutes.closeSlot.parameters(in: req) ?? "", by: try req.authenticatedAccountID, on: req.db), booked: false)
    }

    func list(_ req: Request) async throws -> Lessons.EnrolmentList {
        Lessons.EnrolmentList(enrolments: try await enrolments.enrolments(of: try req.authenticatedAccountID, on: req.db))
    }

    func enrolment(_ req: Request) async throws -> Lessons.Enrolment {
        let me = try req.authenticatedAccountID
        let (found, _) = try await enrolments.enrolment(Lessons.BookingRoutes.enrolment.parameters(in: req) ?? "", for: me, on: req.db)
        return try await enrolments.wire(found, for: me, on: req.db)
    }

    func book(_ req: Request) async throws -> Lessons.Enrolment {
        let me = try req.authenticatedAccountID
        let choice = try req.decodeBody(Lessons.SlotChoice.self)
        return try await enrolments.wire(try await bookings.book(Lessons.BookingRoutes.book.parameters(in: req) ?? "", slot: choice.slotID, by: me, on: req.db),
                                         for: me, on: req.db)
    }

    func cancel(_ req: Request) async throws -> Lessons.Enrolment {
        let me = try req.authenticatedAccountID
        return try await enrolments.wire(try await bookings.cancel(Lessons.BookingRoutes.cancelBooking.parameters(in: req) ?? "", by: me, on: req.db), for: me, on: req.db)
    }

    func move(_ req: Request) async throws -> Lessons.Enrolment {
        let me = try req.authenticatedAccountID
        let choice = try req.decodeBody(Lessons.SlotChoice.self)
        return try await enrolments.wire(try await bookings.move(Lessons.BookingRoutes.moveBooking.parameters(in: req) ?? "", to: choice.slotID, by: me, on: req.db),
                                         for: me, on: req.db)
    }

    func refund(_ req: Request) async throws -> Lessons.Enrolment {
        let me = try req.authenticatedAccountID
        return try await enrolments.wire(try await refunds.refund(Lessons.BookingRoutes.refund.parameters(in: req) ?? "", by: me, on: req.db), for: me, on: req.db)
    }
}

/// The times a list of slots spans, as ISO 8601 (`OpenTimes.slots` reads them).
struct SlotWindow: Codable {
    var from: String?
    var to: String?
}
