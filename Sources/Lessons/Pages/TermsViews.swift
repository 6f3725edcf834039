import Platform
import Plot
import SproutAPI
import Vapor

/// What a lesson sells, in words: on the lesson page, again at checkout before paying, and on the
/// enrolment (the terms agreed then); and the teacher's form for it.
enum TermsViews {
    static func summary(_ terms: Lessons.Terms, _ context: PageContext, id: String = "lesson-terms") -> Node<HTML.BodyContext> {
        .section(
            .id(id), .class("card lesson-terms"),
            .h2(.text(context.pick(ko: "레슨 구성", en: "What you get"))),
            .ul(.class("terms-facts"),
                .li(.class("terms-sessions"), .text(context.pick(ko: "총 \(terms.sessions)회 · 회당 \(terms.minutesPerSession)분",
                                                                  en: "\(terms.sessions) session\(terms.sessions == 1 ? "" : "s") of \(terms.minutesPerSession) minutes"))),
                .li(.class("terms-place"), .text(place(terms, context))),
                .li(.class("terms-price"), .text(context.pick(ko: "회당 ", en: "Per session ") + LessonsViews.price(terms.pricePerSession, context)))),
            .if(!terms.curriculum.isEmpty, .group(
                .h3(.text(context.pick(ko: "커리큘럼", en: "Curriculum"))),
                .ol(.class("terms-curriculum"), .forEach(terms.curriculum) { .li(.text($0)) })
            )),
            .if(!terms.bring.isEmpty, .group(
                .h3(.text(context.pick(ko: "준비물", en: "What to bring"))),
                .p(.class("terms-bring description"), .text(terms.bring))
            )),
            .h3(.text(context.pick(ko: "취소와 환불", en: "Cancelling and refunds"))),
            .ul(.class("terms-cancellation"), .forEach(cancellation(terms, context)) { .li(.text($0)) })
        )
    }

    static func place(_ terms: Lessons.Terms, _ context: PageContext) -> String {
        switch terms.format {
        case .online: context.pick(ko: "온라인 레슨", en: "Online")
        case .inPerson:
            context.pick(ko: "대면 레슨", en: "In person") + ([terms.regionName, terms.dong].compactMap { $0 }.isEmpty ? ""
                : " · " + [terms.regionName, terms.dong].compactMap { $0 }.joined(separator: " "))
        }
    }

    /// The terms as sentences: the free window, a late cancellation, and the refund rule.
    static func cancellation(_ terms: Lessons.Terms, _ context: PageContext) -> [String] {
        let hours = terms.freeCancelHours
        let late = terms.lateCancellation == .sessionUsed
            ? context.pick(ko: "그 뒤에 취소하거나 나타나지 않으면 그 회차는 사용한 것으로 쳐요.", en: "Cancelling later, or not coming, uses up that session.")
            : context.pick(ko: "그 뒤에 취소해도 회차는 돌아와요.", en: "Cancelling later still returns the session.")
        let fee = terms.refundFeePercent
        return [
            context.pick(ko: "수업 \(hours)시간 전까지는 예약을 바꾸거나 취소할 수 있고, 회차가 돌아와요.",
                         en: "Until \(hours) hours before a session you can move or cancel it, and the session returns."),
            late,
            context.pick(ko: "첫 수업 전에 수강을 그만두면 전액 환불돼요.", en: "Ending before the first session refunds everything."),
            fee == 0
                ? context.pick(ko: "첫 수업 뒤에는 남은 회차만큼 환불돼요.", en: "After the first session, the unused sessions are refunded.")
                : context.pick(ko: "첫 수업 뒤에는 남은 회차 금액에서 \(fee)%를 뺀 만큼 환불돼요. 선생님이 수강을 끝내면 빼지 않아요.",
                               en: "After the first session, the unused sessions are refunded less \(fee)%; nothing is taken when the teacher ends it."),
        ]
    }

    struct Draft {
        var sessions = "1", minutes = "60", format = Lessons.LessonFormat.inPerson.rawValue, regionCode = "", dong = ""
        var curriculum = "", bring = "", freeCancelHours = "24", lateCancellation = Lessons.LateCancellation.sessionUsed.rawValue, fee = "0"
        var errors: [String: String] = [:]

        init() {}

        init(_ terms: Lessons.Terms) {
            sessions = String(terms.sessions)
            minutes = String(terms.minutesPerSession)
            format = terms.format.rawValue
            regionCode = terms.regionCode ?? ""
            dong = terms.dong ?? ""
            curriculum = terms.curriculum.joined(separator: "\n")
            bring = terms.bring
            freeCancelHours = String(terms.freeCancelHours)
            lateCancellation = terms.lateCancellation.rawValue
            fee = String(terms.refundFeePercent)
        }
    }

    static func form(_ context: PageContext, post: Lessons.Post, draft: Draft, districts: Districts, status: HTTPResponseStatus = .ok) -> Response {
        let title = context.pick(ko: "레슨 구성과 취소 규정", en: "Sessions and cancellation terms")
        let regions = districts.places.map { (value: $0.code, label: $0.name) }
        return LessonsViews.page(title: title, context: context, status: status, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(title)),
            .p(.a(.href(LessonsPaths.lesson.link(post.postID)), .text(post.title))),
            .p(.class("hint"), .text(context.pick(ko: "이미 결제한 수강생에게는 결제할 때의 규정이 그대로 적용돼요.",
                                                 en: "Students who already paid keep the terms they paid under."))),
            .form(
                .id("terms-form"), .class("stacked"), .action(path: LessonsPaths.terms.link(post.postID)), .method(.post),
                PageLayout.csrfField(context),
                FormWidgets.text("sessions", label: context.pick(ko: "총 횟수 (1~100회)", en: "Sessions (1–100)"), value: draft.sessions,
                                 error: draft.errors["sessions"], type: .number, inputMode: "numeric", required: true),
                FormWidgets.text("minutes_per_session", label: context.pick(ko: "회당 시간 (분)", en: "Minutes per session"), value: draft.minutes,
                                 error: draft.errors["minutes_per_session"], type: .number, inputMode: "numeric", required: true),
                FormWidgets.select("format", label: context.pick(ko: "방식", en: "Format"), prompt: context.pick(ko: "고르기", en: "Choose"),
                                   options: [(Lessons.LessonFormat.inPerson.rawValue, context.pick(ko: "대면", en: "In person")),
                                             (Lessons.LessonFormat.online.rawValue, context.pick(ko: "온라인", en: "Online"))],
                                   selected: draft.format, error: draft.errors["format"]),
                FormWidgets.select("region_code", label: context.pick(ko: "장소 (시/군/구)", en: "Where (district)"),
                                   prompt: context.pick(ko: "온라인이면 비워 두세요", en: "Leave empty when online"),
                                   options: regions, selected: draft.regionCode, error: draft.errors["region_code"]),
                FormWidgets.text("dong", label: context.pick(ko: "동 (선택)", en: "Neighbourhood (optional)"), value: draft.dong, error: draft.errors["dong"]),
                FormWidgets.textArea("curriculum", label: context.pick(ko: "커리큘럼 (한 줄에 한 회차, 선택)", en: "Curriculum (one line per session, optional)"),
                                     value: draft.curriculum, error: draft.errors["curriculum"], rows: 6),
                FormWidgets.textArea("bring", label: context.pick(ko: "준비물 (선택)", en: "What to bring (optional)"), value: draft.bring,
                                     error: draft.errors["bring"], rows: 2),
                FormWidgets.text("free_cancel_hours", label: context.pick(ko: "무료 변경·취소: 수업 몇 시간 전까지", en: "Free moves and cancels until how many hours before"),
                                 value: draft.freeCancelHours, error: draft.errors["free_cancel_hours"], type: .number, inputMode: "numeric", required: true),
                FormWidgets.select("late_cancellation", label: context.pick(ko: "그 뒤에 취소하면", en: "A later cancellation"),
                                   prompt: context.pick(ko: "고르기", en: "Choose"),
                                   options: [(Lessons.LateCancellation.sessionUsed.rawValue, context.pick(ko: "회차를 사용한 것으로 쳐요", en: "uses up the session")),
                                             (Lessons.LateCancellation.sessionReturned.rawValue, context.pick(ko: "회차가 돌아와요", en: "returns the session"))],
                                   selected: draft.lateCancellation, error: draft.errors["late_cancellation"]),
                FormWidgets.text("refund_fee_percent", label: context.pick(ko: "첫 수업 뒤 환불 수수료 (0~50%)", en: "Refund fee after the first session (0–50%)"),
                                 value: draft.fee, error: draft.errors["refund_fee_percent"], type: .number, inputMode: "numeric", required: true),
                .button(.id("terms-submit"), .type(.submit), .text(context.pick(ko: "저장", en: "Save")))
            )
        ))
    }
}
