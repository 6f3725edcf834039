import Foundation
import Platform
import Plot
import SproutAPI
import Vapor

/// Draws the timer: the page, and the panel a book's page shows. The count is the server's;
/// `reading.js` adds the seconds passed since the page was drawn while it runs, so it keeps
/// counting without asking, and a reload shows the server's count again.
enum ReadingTimerViews {
    enum Problem: String, Codable {
        /// An action lost a race with another device.
        case changed
        /// The stop named a page (or percent) the book refuses, so the timer runs on.
        case reached
    }

    /// What a stop recorded, carried in the link to the page it came back to
    /// (`?recorded=<seconds>&page=<n>` or `&percent=<n>`), told the way it was stored.
    struct Stopped: Equatable, Codable {
        var seconds: Int
        var page: Int?
        var percent: Int?

        enum CodingKeys: String, CodingKey {
            case seconds = "recorded", page, percent
        }

        /// The link to `path` that says what was recorded.
        func link(to path: String) -> String {
            PageQuery.adding(self, to: path)
        }

        /// From a page's query; nil unless it holds what a stop put there.
        init?(_ req: Request) {
            guard let sent = try? req.queryFields(Stopped.self), (0...Self.longest).contains(sent.seconds) else { return nil }
            seconds = sent.seconds
            page = sent.page.flatMap { Reading.BookRules.pages.contains($0) ? $0 : nil }
            percent = sent.percent.flatMap { Reading.ProgressRules.percent.contains($0) ? $0 : nil }
        }

        init(seconds: Int, page: Int?, percent: Int?) {
            self.seconds = seconds
            self.page = page
            self.percent = percent
        }

        /// More than any run the timer can hold between two stops (a year).
        static let longest = 366 * 86_400
    }

    static func page(_ context: PageContext, timer: Reading.Timer, book: Reading.Book?, choices: [Reading.Book], problem: Problem?, stopped: Stopped?) -> Response {
        PageLayout.render(title: context.pick(ko: "독서 타이머", en: "Reading timer"), context: context, .group(
            ReadingTabs.nav(context, current: "timer"),
            .h1(.text(context.pick(ko: "독서 타이머", en: "Reading timer"))),
            .unwrap(stopped) { confirmation(context, $0) },
            .if(problem == .changed, .p(.class("notice"), .id("timer-changed"), .attribute(named: "role", value: "status"),
                                        .text(context.pick(ko: "다른 기기에서 타이머가 바뀌었어요. 지금 상태를 보여드려요.", en: "The timer changed on another device; this is how it is now.")))),
            .if(problem == .reached, .p(.class("notice"), .id("timer-reached-refused"), .attribute(named: "role", value: "alert"),
                                        .text(context.pick(ko: "읽은 쪽수를 확인해 주세요. 타이머는 계속 돌아가고 있어요.", en: "Check the page you reached; the timer is still running.")))),
            .unwrap(book) { .p(.class("timer-book"), .a(.href(ReadingPaths.book.link($0.id)), .text($0.title))) },
            timer.state == .idle
                ? startForm(context, choices: choices, returnTo: ReadingPaths.timer.link)
                : panel(context, timer: timer, book: book, returnTo: ReadingPaths.timer.link)
        ))
    }

    /// The timer on a book's page: start it for this book, or its count and buttons when it
    /// times this book, or a link to the page when it times another.
    static func panel(_ context: PageContext, timer: Reading.Timer, book: Reading.Book?, returnTo: String) -> Node<HTML.BodyContext> {
        guard timer.state != .idle else {
            guard let book else { return .empty }
            return .section(.class("timer-panel"), .id("timer"),
                            action(context, "start", label: context.pick(ko: "읽기 시작", en: "Start reading"), bookID: book.id, returnTo: returnTo))
        }
        guard timer.bookID == book?.id else {
            return .section(.class("timer-panel"), .id("timer"),
                            .p(.a(.href(ReadingPaths.timer.link), .text(context.pick(ko: "다른 책의 타이머가 켜져 있어요", en: "The timer is timing another book")))))
        }
        return .section(
            .class("timer-panel"), .id("timer"),
            .p(.class("timer-count"), .id("timer-count"), .attribute(named: "aria-live", value: "off"),
               .data(named: "elapsed", value: String(timer.elapsedSeconds)), .data(named: "state", value: timer.state.rawValue),
               .text(clock(timer.elapsedSeconds))),
            .div(
                .class("inline-actions"),
                timer.state == .running
                    ? action(context, "pause", label: context.pick(ko: "일시정지", en: "Pause"), returnTo: returnTo)
                    : action(context, "resume", label: context.pick(ko: "계속 읽기", en: "Resume"), returnTo: returnTo),
                action(context, "reset", label: context.pick(ko: "초기화", en: "Reset"), returnTo: returnTo, secondary: true)
            ),
            stopForm(context, book: book, returnTo: returnTo)
        )
    }

    /// Stop, with where the reader got to when they care to say: a page of a book whose pages are
    /// known, a percent otherwise. Left empty, the stop records the time alone.
    private static func stopForm(_ context: PageContext, book: Reading.Book?, returnTo: String) -> Node<HTML.BodyContext> {
        let byPage = (book?.pages ?? 0) > 0
        let field = byPage ? "page" : "percent"
        let label = byPage
            ? context.pick(ko: "어디까지 읽었나요? 쪽 (선택)", en: "Page reached (optional)")
            : context.pick(ko: "어디까지 읽었나요? % (선택)", en: "Percent read (optional)")
        return .form(
            .class("timer-stop"), .action(path: ReadingPaths.timerAction.link("stop")), .method(.post), .data(named: "timer-action", value: "stop"),
            PageLayout.csrfField(context),
            .input(.type(.hidden), .name("next"), .value(returnTo)),
            .label(.for(field: "stop-\(field)"), .text(label)),
            .input(.id("stop-\(field)"), .name(field), .type(.text), .attribute(named: "inputmode", value: "numeric"), .attribute(named: "autocomplete", value: "off"),
                   .unwrap(book.flatMap { byPage ? "1–\($0.pages)" : nil }) { .placeholder(text: $0) }),
            .button(.type(.submit), .text(context.pick(ko: "기록하고 끝내기", en: "Stop and record")))
        )
    }

    /// What the stop stored, as it was stored: whole seconds, told in whole minutes rounded down,
    /// so 30 seconds is "less than a minute", not a minute and not nothing.
    static func confirmation(_ context: PageContext, _ stopped: Stopped) -> Node<HTML.BodyContext> {
        let time: String = switch stopped.seconds {
        case 0: context.pick(ko: "타이머가 0초여서 기록한 시간이 없어요", en: "Nothing recorded: the timer was at zero")
        case 1..<60: context.pick(ko: "1분 미만 기록했어요", en: "Recorded less than a minute")
        default: context.pick(ko: "\(duration(stopped.seconds, context)) 기록했어요", en: "Recorded \(duration(stopped.seconds, context))")
        }
        let reached: String? = if let page = stopped.page {
            context.pick(ko: "\(page)쪽까지", en: "up to p. \(page)")
        } else if let percent = stopped.percent {
            context.pick(ko: "\(percent)%까지", en: "up to \(percent)%")
        } else {
            nil
        }
        return .p(.class("notice"), .id("timer-recorded"), .attribute(named: "role", value: "status"),
                  .text(([time] + (reached.map { [$0] } ?? [])).joined(separator: " · ")))
    }

    static func startForm(_ context: PageContext, choices: [Reading.Book], returnTo: String) -> Node<HTML.BodyContext> {
        guard !choices.isEmpty else {
            return .p(.class("reading-empty"), .text(context.pick(ko: "읽을 책이나 읽고 있는 책을 먼저 서재에 담아 주세요.", en: "Add a book to read first.")))
        }
        return .form(
            .id("timer-start"), .action(path: ReadingPaths.timerAction.link("start")), .method(.post),
            PageLayout.csrfField(context),
            .input(.type(.hidden), .name("next"), .value(returnTo)),
            .label(.for(field: "book_id"), .text(context.pick(ko: "읽을 책", en: "Book"))),
            .select(.id("book_id"), .attribute(named: "name", value: "book_id"), .forEach(choices) { book in
                FormWidgets.option(book.id, book.title, selected: false)
            }),
            .button(.type(.submit), .text(context.pick(ko: "읽기 시작", en: "Start reading")))
        )
    }

    private static func action(_ context: PageContext, _ name: String, label: String, bookID: String? = nil, returnTo: String, secondary: Bool = false) -> Node<HTML.BodyContext> {
        .form(
            .action(path: ReadingPaths.timerAction.link(name)), .method(.post), .data(named: "timer-action", value: name),
            PageLayout.csrfField(context),
            .input(.type(.hidden), .name("next"), .value(returnTo)),
            .unwrap(bookID) { .input(.type(.hidden), .name("book_id"), .value($0)) },
            .button(.type(.submit), .class(secondary ? "secondary" : ""), .text(label))
        )
    }

    static func clock(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        return String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    /// "1시간 5분", "5 min", "<1분" for a few seconds.
    static func duration(_ seconds: Int, _ context: PageContext) -> String {
        if (1..<60).contains(seconds) { return context.pick(ko: "<1분", en: "<1 min") }
        let minutes = max(0, seconds) / 60
        let (hours, rest) = (minutes / 60, minutes % 60)
        if hours == 0 { return context.pick(ko: "\(rest)분", en: "\(rest) min") }
        return context.pick(ko: rest == 0 ? "\(hours)시간" : "\(hours)시간 \(rest)분", en: rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min")
    }
}
