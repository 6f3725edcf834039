import Platform
import SproutAPI
import Vapor

/// `/lessons/{post_id}/terms`: the teacher says what the lesson sells and on what terms, the same
/// rules as `PUT /api/lessons/{post_id}/terms`.
struct TermsPages: Sendable {
    let board: PostBoard
    let terms: LessonTerms

    func register(on pages: any RoutesBuilder) {
        pages.get(LessonsPaths.terms, use: form)
        pages.post(LessonsPaths.terms, use: save)
    }

    func form(_ req: Request) async throws -> Response {
        let (visitor, post) = try await teachersLesson(req, LessonsPaths.terms.parameters(in: req) ?? "")
        return TermsViews.form(visitor.context, post: post, draft: .init(try await terms.terms(of: post.postID, shownTo: visitor.accountID, on: req.db)), districts: terms.districts)
    }

    func save(_ req: Request) async throws -> Response {
        let postID = LessonsPaths.terms.parameters(in: req) ?? ""
        let (visitor, post) = try await teachersLesson(req, postID, next: LessonsPaths.terms.link(postID))
        var draft = TermsViews.Draft()
        draft.sessions = req.formField("sessions")
        draft.minutes = req.formField("minutes_per_session")
        draft.format = req.formField("format")
        draft.regionCode = req.formField("region_code")
        draft.dong = req.formField("dong")
        draft.curriculum = req.formField("curriculum")
        draft.bring = req.formField("bring")
        draft.freeCancelHours = req.formField("free_cancel_hours")
        draft.lateCancellation = req.formField("late_cancellation")
        draft.fee = req.formField("refund_fee_percent")
        let number = { (field: String, text: String) -> Int? in
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                draft.errors[field] = visitor.context.pick(ko: "숫자를 적어 주세요.", en: "Enter a number.")
                return nil
            }
            return value
        }
        let request = Lessons.TermsRequest(
            sessions: number("sessions", draft.sessions), minutesPerSession: number("minutes_per_session", draft.minutes),
            format: Lessons.LessonFormat(rawValue: draft.format), regionCode: draft.regionCode, dong: draft.dong,
            curriculum: draft.curriculum.split(whereSeparator: \.isNewline).map(String.init), bring: draft.bring,
            freeCancelHours: number("free_cancel_hours", draft.freeCancelHours),
            lateCancellation: Lessons.LateCancellation(rawValue: draft.lateCancellation), refundFeePercent: number("refund_fee_percent", draft.fee)
        )
        guard draft.errors.isEmpty else {
            return TermsViews.form(visitor.context, post: post, draft: draft, districts: terms.districts, status: .badRequest)
        }
        do {
            _ = try await terms.describe(post.postID, by: visitor.accountID, request, on: req.db)
        } catch let BookingError.invalidTerms(field, reason) {
            draft.errors[field] = Self.message(field, reason: reason, visitor.context)
            return TermsViews.form(visitor.context, post: post, draft: draft, districts: terms.districts, status: .badRequest)
        }
        return req.redirect(to: LessonsPaths.lesson.link(post.postID, fragment: "lesson-terms"), redirectType: .normal)
    }

    private static func message(_ field: String, reason: String, _ context: PageContext) -> String {
        switch field {
        case "region_code": context.pick(ko: "대면 레슨은 시/군/구를 골라 주세요.", en: "Choose a district for lessons in person.")
        case "sessions": context.pick(ko: "1회에서 100회 사이로 적어 주세요.", en: "Between 1 and 100 sessions.")
        case "minutes_per_session": context.pick(ko: "15분에서 480분 사이로 적어 주세요.", en: "Between 15 and 480 minutes.")
        case "refund_fee_percent": context.pick(ko: "0%에서 50% 사이로 적어 주세요.", en: "Between 0% and 50%.")
        case "free_cancel_hours": context.pick(ko: "0시간에서 168시간 사이로 적어 주세요.", en: "Between 0 and 168 hours.")
        default: context.pick(ko: "확인해 주세요: \(reason)", en: "Check this: \(reason)")
        }
    }

    private func teachersLesson(_ req: Request, _ postID: String, next: String? = nil) async throws -> (LessonsVisitor, Lessons.Post) {
        let visitor = try await LessonsVisitor.require(req, next: next)
        let post = try await board.lesson(postID, shownTo: visitor.accountID, on: req.db)
        guard post.creator.userID == visitor.accountID else { throw Abort(.forbidden) }
        return (visitor, post)
    }
}
