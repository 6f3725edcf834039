import Platform
import SproutAPI
import Vapor

/// `/lessons/me/enrolments` and `/lessons/enrolments/{id}`: my enrolments as a student and as a
/// teacher, and one of them with booking, moving, cancelling and ending it, by the same rules as
/// `/api/lessons`. Someone else's enrolment is 404.
struct EnrolmentPages: Sendable {
    let enrolments: Enrolments
    let bookings: Bookings
    let refunds: EnrolmentRefunds
    let openTimes: OpenTimes
    let messenger: Messenger
    let calendars: CalendarFeeds
    let publicURL: String?

    func register(on pages: any RoutesBuilder) {
        pages.get(LessonsPaths.enrolments, use: list)
        pages.get(LessonsPaths.enrolment, use: detail)
        pages.post(LessonsPaths.book, use: book)
        pages.post(LessonsPaths.cancelBooking, use: cancel)
        pages.post(LessonsPaths.moveBooking, use: move)
        pages.post(LessonsPaths.refund, use: refund)
        pages.post(LessonsPaths.calendarReset, use: resetCalendar)
    }

    func list(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req)
        let calendar = try await calendars.location(of: visitor.accountID, baseURL: req.publicBaseURL(configured: publicURL), on: req.db)
        return EnrolmentViews.list(visitor.context, enrolments: try await enrolments.enrolments(of: visitor.accountID, on: req.db), calendar: calendar)
    }

    func detail(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req)
        return try await render(req, visitor, id: LessonsPaths.enrolment.parameters(in: req) ?? "", notice: notice(try req.queryFields(EnrolmentDone.self).done, visitor.context))
    }

    func book(_ req: Request) async throws -> Response {
        let id = LessonsPaths.book.parameters(in: req) ?? ""
        return try await act(req, next: LessonsPaths.enrolment.link(id), done: .booked, enrolment: { _ in id }) { visitor in
            try await bookings.book(id, slot: req.formField("slot_id"), by: visitor.accountID, on: req.db)
        }
    }

    func cancel(_ req: Request) async throws -> Response {
        let id = LessonsPaths.cancelBooking.parameters(in: req) ?? ""
        return try await act(req, next: LessonsPaths.enrolments.link, done: .cancelled, enrolment: enrolment(ofBooking: id, req)) { visitor in
            try await bookings.cancel(id, by: visitor.accountID, on: req.db)
        }
    }

    func move(_ req: Request) async throws -> Response {
        let id = LessonsPaths.moveBooking.parameters(in: req) ?? ""
        return try await act(req, next: LessonsPaths.enrolments.link, done: .moved, enrolment: enrolment(ofBooking: id, req)) { visitor in
            try await bookings.move(id, to: req.formField("slot_id"), by: visitor.accountID, on: req.db)
        }
    }

    func refund(_ req: Request) async throws -> Response {
        let id = LessonsPaths.refund.parameters(in: req) ?? ""
        return try await act(req, next: LessonsPaths.enrolment.link(id), done: .refunded, enrolment: { _ in id }) { visitor in
            try await refunds.refund(id, by: visitor.accountID, on: req.db)
        }
    }

    func resetCalendar(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req, next: LessonsPaths.enrolments.link)
        _ = try await calendars.reset(of: visitor.accountID, baseURL: req.publicBaseURL(configured: publicURL), on: req.db)
        return req.redirect(to: LessonsPaths.enrolments.link(query: [], fragment: "calendar-feed"), redirectType: .normal)
    }

    /// Does `change`, then shows the enrolment with what happened; a refusal shows it with why,
    /// in the status the API would answer. Someone else's enrolment or booking is not found.
    private func act(_ req: Request, next: String, done: EnrolmentDone.Change, enrolment: (LessonsVisitor) async throws -> String,
                     _ change: (LessonsVisitor) async throws -> Enrolment) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req, next: next)
        let id = try await enrolment(visitor)
        do {
            _ = try await change(visitor)
            return req.redirect(to: LessonsPaths.enrolment.link(id, query: EnrolmentDone(done: done)), redirectType: .normal)
        } catch let error as BookingError where error != .notFound {
            return try await render(req, visitor, id: id, error: Self.refusal(error, visitor.context), status: BookingErrorMiddleware.abort(error).status)
        }
    }

    private func enrolment(ofBooking bookingID: String, _ req: Request) -> (LessonsVisitor) async throws -> String {
        { visitor in try await bookings.booking(bookingID, for: visitor.accountID, on: req.db).1.id ?? "" }
    }

    private func render(_ req: Request, _ visitor: LessonsVisitor, id: String, notice: String? = nil, error: String? = nil,
                        status: HTTPResponseStatus = .ok) async throws -> Response {
        let (found, _) = try await enrolments.enrolment(id, for: visitor.accountID, on: req.db)
        let enrolment = try await enrolments.wire(found, for: visitor.accountID, on: req.db)
        let open = enrolment.role == "student" && enrolment.state == .active ? try await bookable(enrolment.postID, by: visitor.accountID, req) : []
        let other = enrolment.role == "student" ? enrolment.teacher.userID : enrolment.student.userID
        let conversation = try await messenger.conversations(about: ConversationTopic(app: "lessons", id: enrolment.postID), of: visitor.accountID, on: req.db)
            .first { $0.other.id == other }.map { PlatformPaths.conversation.link($0.webID) }
        return EnrolmentViews.detail(visitor.context, enrolment: enrolment, openSlots: open, conversation: conversation, notice: notice, error: error, status: status)
    }

    /// The lesson's open times; none once the operator hid the lesson, which takes no bookings
    /// (the enrolment stays: its sessions can still be cancelled and refunded).
    private func bookable(_ postID: String, by student: String, _ req: Request) async throws -> [Lessons.Slot] {
        do {
            return try await openTimes.slots(of: postID, from: nil, to: nil, for: student, on: req.db).map { OpenTimes.wire($0.0, booked: $0.booked) }
        } catch BookingError.notFound {
            return []
        }
    }

    private func notice(_ done: EnrolmentDone.Change?, _ context: PageContext) -> String? {
        switch done {
        case .booked: context.pick(ko: "수업을 예약했어요. 선생님께도 알렸어요.", en: "Booked. The teacher has been told.")
        case .moved: context.pick(ko: "수업 시간을 옮겼어요.", en: "The session has moved.")
        case .cancelled: context.pick(ko: "수업을 취소했어요.", en: "The session is cancelled.")
        case .refunded: context.pick(ko: "수강을 종료했어요. 환불은 결제한 수단으로 돌아가요.", en: "The enrolment has ended. The refund goes back to how it was paid.")
        case nil: nil
        }
    }

    static func refusal(_ error: BookingError, _ context: PageContext) -> String {
        switch error {
        case .slotTaken: context.pick(ko: "방금 다른 수강생이 그 시간을 예약했어요. 다른 시간을 골라 주세요.", en: "Someone just booked that time. Please choose another.")
        case .noSessionsLeft: context.pick(ko: "남은 회차가 없어요.", en: "No sessions are left to book.")
        case .slotInThePast: context.pick(ko: "이미 지난 시간이에요.", en: "That time has passed.")
        case .sessionStarted: context.pick(ko: "이미 시작한 수업이에요.", en: "The session has started.")
        case let .tooLateToMove(hours): context.pick(ko: "수업 \(hours)시간 전부터는 옮길 수 없어요. 취소만 할 수 있어요.", en: "Sessions move until \(hours) hours before; you can only cancel now.")
        case .enrolmentEnded: context.pick(ko: "이미 끝난 수강이에요.", en: "This enrolment has ended.")
        case .gatewayRefused: context.pick(ko: "결제사가 환불하지 못했어요. 아무것도 바뀌지 않았어요. 잠시 후 다시 해 주세요.", en: "The payment gateway did not refund; nothing changed. Try again later.")
        default: context.pick(ko: "할 수 없는 요청이에요.", en: "That cannot be done.")
        }
    }
}
