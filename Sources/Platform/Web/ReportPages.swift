import Plot
import Vapor

/// The report form every app's pages offer ("신고하기"): a reason, an optional note, and a
/// confirmation. An app names what is reported and draws its own tab bar; the reasons, the rules
/// and the storage are the platform's, so every app reports the same way.
public struct ReportPages: Sendable {
    /// What an app's page tells the report form: what the thing is and where it is.
    public struct Target: Sendable {
        public let subject: ReportSubject
        /// Where this report form is, which it posts to.
        public let form: String
        public let title: String
        /// The signed-in person's own thing, which they cannot report.
        public let isOwn: Bool
        public let nav: @Sendable (PageContext) -> Node<HTML.BodyContext>

        public init(subject: ReportSubject, form: String, title: String, isOwn: Bool, nav: @escaping @Sendable (PageContext) -> Node<HTML.BodyContext>) {
            self.subject = subject
            self.form = form
            self.title = title
            self.isOwn = isOwn
            self.nav = nav
        }
    }

    public init() {}

    /// The small link under the thing that leads to its report form.
    public static func link(to form: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        .p(.class("report-link"), .a(.id("report-link"), .href(form), .text(context.pick(ko: "신고하기", en: "Report"))))
    }

    public func form(_ req: Request, _ target: Target) async throws -> Response {
        let (context, _) = try await PageContext.signedIn(req)
        guard !target.isOwn else { return Self.ownThing(context, target) }
        return Self.form(context, target, reason: "", note: "", error: nil)
    }

    public func submit(_ req: Request, _ target: Target) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req, next: target.subject.path)
        guard !target.isOwn else { return Self.ownThing(context, target) }
        let reason = (try? req.content.get(String.self, at: "reason")) ?? ""
        let note = (try? req.content.get(String.self, at: "note")) ?? ""
        let outcome: ReportDesk.Outcome
        do {
            outcome = try await ReportDesk(clock: req.pageClock).file(target.subject, by: try account.requireID(), reason: reason, note: note, on: req.db)
        } catch let error as ReportError {
            let message = switch error {
            case .unknownReason: context.pick(ko: "신고 사유를 골라 주세요.", en: "Choose a reason.")
            case let .noteTooLong(maximum): context.pick(ko: "\(maximum)자 이하로 입력해 주세요.", en: "Use at most \(maximum) characters.")
            }
            return Self.form(context, target, reason: reason, note: note, error: (error == .unknownReason ? "reason" : "note", message), status: .badRequest)
        }
        return Self.filed(context, target, outcome: outcome)
    }

    public static func reasonName(_ reason: ReportReason, _ context: PageContext) -> String {
        switch reason {
        case .prohibited: context.pick(ko: "거래·게시가 금지된 내용이에요", en: "It is not allowed here")
        case .fraud: context.pick(ko: "사기가 의심돼요", en: "It looks like a scam")
        case .spam: context.pick(ko: "광고나 도배예요", en: "It is spam or advertising")
        case .abusive: context.pick(ko: "욕설·비하·혐오 표현이 있어요", en: "It is abusive or hateful")
        case .other: context.pick(ko: "기타", en: "Something else")
        }
    }

    private static func form(_ context: PageContext, _ target: Target, reason: String, note: String,
                             error: (field: String, message: String)?, status: HTTPResponseStatus = .ok) -> Response {
        let title = context.pick(ko: "신고하기", en: "Report")
        return PageLayout.render(title: title, context: context, status: status, .group(
            target.nav(context),
            .h1(.text(title)),
            .p(.a(.href(target.subject.path), .text(target.title))),
            .form(
                .id("report-form"), .class("stacked card"), .action(path: target.form), .method(.post),
                PageLayout.csrfField(context),
                .fieldset(
                    .class("field report-reasons"),
                    .element(named: "legend", text: context.pick(ko: "어떤 점이 문제인가요?", en: "What is wrong?")),
                    .forEach(ReportReason.allCases) { choice in
                        .label(.class("choice"),
                               .input(.type(.radio), .name("reason"), .id("reason-\(choice.rawValue)"), .value(choice.rawValue),
                                      .checked(choice.rawValue == reason), .required(true)),
                               .text(" " + reasonName(choice, context)))
                    },
                    FormWidgets.error(error?.field == "reason" ? error?.message : nil)
                ),
                FormWidgets.textArea("note", label: context.pick(ko: "자세한 내용 (선택)", en: "Details (optional)"), value: note,
                                     error: error?.field == "note" ? error?.message : nil, rows: 4,
                                     hint: context.pick(ko: "신고한 사람은 상대에게 알려지지 않아요.", en: "Nobody is told who reported.")),
                .div(.class("inline-actions"),
                     .button(.id("report-submit"), .type(.submit), .class("danger"), .text(context.pick(ko: "신고하기", en: "Send report"))),
                     .a(.class("button secondary"), .href(target.subject.path), .text(context.pick(ko: "취소", en: "Cancel"))))
            )
        ))
    }

    private static func filed(_ context: PageContext, _ target: Target, outcome: ReportDesk.Outcome) -> Response {
        PageLayout.render(title: context.pick(ko: "신고 접수", en: "Report received"), context: context, .group(
            target.nav(context),
            .h1(.id("report-filed"), .text(outcome == .filed
                ? context.pick(ko: "신고가 접수됐어요", en: "Your report is received")
                : context.pick(ko: "이미 신고한 글이에요", en: "You reported this already"))),
            .p(.text(context.pick(ko: "운영자가 확인할게요. 알려 주셔서 고마워요.", en: "An operator will look at it. Thank you for telling us."))),
            .a(.class("button secondary"), .href(target.subject.path), .text(context.pick(ko: "돌아가기", en: "Back")))
        ))
    }

    private static func ownThing(_ context: PageContext, _ target: Target) -> Response {
        PageLayout.render(title: context.pick(ko: "신고할 수 없어요", en: "Cannot report"), context: context, status: .forbidden, .group(
            target.nav(context),
            .h1(.text(context.pick(ko: "내가 올린 글은 신고할 수 없어요", en: "You cannot report your own post"))),
            .a(.class("button secondary"), .href(target.subject.path), .text(context.pick(ko: "돌아가기", en: "Back")))
        ))
    }
}
