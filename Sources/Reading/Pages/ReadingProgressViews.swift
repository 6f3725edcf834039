import Foundation
import Platform
import Plot
import SproutAPI

/// Draws where a reader is in a book: the bar and the form to move it, the timeline of updates
/// (each day, the page or percent, the pages read since the one before), the days of the current
/// reading, and reading the book again. Bars are `<progress>` elements: the pages allow no inline
/// style, and a screen reader reads a progress bar as one.
enum ReadingProgressViews {
    static func section(_ context: PageContext, book: Reading.Book, progress: Reading.Progress, problem: ReadingBookPage.ProgressProblem?) -> Node<HTML.BodyContext> {
        let byPage = book.pages > 0
        let field = byPage ? "page" : "percent"
        let label = byPage
            ? context.pick(ko: "지금 몇 쪽? (1–\(book.pages)쪽)", en: "Page now (1–\(book.pages))")
            : context.pick(ko: "몇 % 읽었나요? (0–100)", en: "Percent read (0–100)")
        let atEnd = progress.current?.percent == 100
        return .section(
            .id("progress"), .class("progress-panel"),
            .h2(.text(context.pick(ko: "어디까지 읽었나요", en: "Progress"))),
            .unwrap(progress.current) { current in
                .div(.class("progress-now"), bar(current.percent, label: position(current, of: book, context)),
                     .p(.id("progress-position"), .text(position(current, of: book, context))))
            },
            .if(atEnd && book.status != .read, .form(
                .id("finish-offer"), .class("finish-offer"), .action(path: ReadingPaths.bookStatus.link(book.id)), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("status"), .value(Reading.BookStatus.read.rawValue)),
                .p(.text(context.pick(ko: "마지막 쪽까지 읽었어요!", en: "You reached the end!"))),
                .button(.type(.submit), .text(context.pick(ko: "읽은 책으로 옮기기", en: "Move to Read")))
            )),
            .form(
                .id("progress-form"), .class("progress-form"), .action(path: ReadingPaths.bookProgress.link(book.id)), .method(.post),
                PageLayout.csrfField(context),
                // Not FormWidgets.text: its id is the field's name, and the memo form's page field has it.
                .div(
                    .class("field"),
                    .label(.for(field: "progress-\(field)"), .text(label)),
                    .input(.id("progress-\(field)"), .name(field), .type(.text), .value(problem?.typed ?? ""), .required(true),
                           .attribute(named: "inputmode", value: "numeric"), .attribute(named: "autocomplete", value: "off"),
                           .attribute(named: "aria-invalid", value: problem == nil ? "false" : "true")),
                    FormWidgets.error(problem?.message)
                ),
                .button(.type(.submit), .text(context.pick(ko: "기록하기", en: "Record")))
            ),
            timeline(context, progress: progress)
        )
    }

    /// Newest first; an update of an earlier reading says which reading it was.
    static func timeline(_ context: PageContext, progress: Reading.Progress) -> Node<HTML.BodyContext> {
        guard !progress.updates.isEmpty else {
            return .p(.class("reading-empty"), .id("progress-empty"),
                      .text(context.pick(ko: "아직 기록이 없어요. 읽은 쪽을 남겨 보세요.", en: "No progress yet: note the page you are on.")))
        }
        return .ol(.class("progress-timeline"), .id("progress-timeline"), .forEach(progress.updates) { entry(context, $0, currentRead: progress.read) })
    }

    /// One update: its day, where it got to, the pages gained since the one before (when any),
    /// and which reading it belongs to when that is not the current one.
    private static func entry(_ context: PageContext, _ update: Reading.ProgressUpdate, currentRead: Int) -> Node<HTML.ListContext> {
        let at: String = update.page.map { context.pick(ko: "\($0)쪽", en: "p. \($0)") } ?? "\(update.percent)%"
        let gained: String? = update.pagesRead.flatMap { pages in
            pages > 0 ? context.pick(ko: "+\(pages)쪽", en: pages == 1 ? "+1 page" : "+\(pages) pages") : nil
        }
        let reading: String? = update.read == currentRead ? nil : context.pick(ko: "\(update.read)번째 읽기", en: "reading \(update.read)")
        return .li(
            .data(named: "id", value: update.id),
            .element(named: "time", nodes: [.attribute(named: "datetime", value: update.day), .text(day(update.day, context))]),
            .span(.class("progress-at"), .text(at)),
            .unwrap(gained) { .span(.class("progress-gain"), .text($0)) },
            .unwrap(reading) { .span(.class("progress-read"), .text($0)) }
        )
    }

    /// The days of the current reading, how many times the book was read, and reading it again.
    static func readings(_ context: PageContext, book: Reading.Book, reads: Reading.Reads, today: String, problem: ReadingBookPage.DatesProblem?) -> Node<HTML.BodyContext> {
        guard book.status != .toRead || problem != nil else { return .empty }
        let past = reads.reads.filter { !$0.current }
        let timesRead = context.pick(ko: "\(reads.timesRead)번 읽었어요", en: context.count(reads.timesRead, ko: "", en: "time") + " read")
        return .section(
            .id("dates"), .class("dates-panel"),
            .h2(.text(context.pick(ko: "읽은 날", en: "Dates"))),
            .if(reads.timesRead > 0, .p(.id("times-read"), .text(timesRead))),
            .if(!past.isEmpty, .ul(.class("past-reads"), .forEach(past) { read in
                .li(.text(context.pick(ko: "\(read.number)번째: ", en: "Reading \(read.number): ") + period(read, context)))
            })),
            .form(
                .id("dates-form"), .class("dates-form"), .action(path: ReadingPaths.bookDates.link(book.id)), .method(.post),
                PageLayout.csrfField(context),
                dayField("started_on", label: context.pick(ko: "시작한 날", en: "Started"), value: problem?.startedOn ?? book.startedOn ?? "",
                         today: today, error: problem?.errors[.startedOn]),
                .if(book.status == .read, dayField("finished_on", label: context.pick(ko: "다 읽은 날", en: "Finished"),
                                                   value: problem?.finishedOn ?? book.finishedOn ?? "", today: today, error: problem?.errors[.finishedOn])),
                .button(.type(.submit), .class("secondary"), .text(context.pick(ko: "날짜 저장", en: "Save dates")))
            ),
            .if(book.status == .read, .form(
                .id("reread-form"), .action(path: ReadingPaths.bookReread.link(book.id)), .method(.post),
                PageLayout.csrfField(context),
                .button(.type(.submit), .text(context.pick(ko: "다시 읽기", en: "Read again")))
            ))
        )
    }

    /// The shelves' bar for a book being read.
    static func bar<Context: HTML.BodyContext>(_ percent: Int, label: String) -> Node<Context> {
        .element(named: "progress", nodes: [
            .class("reading-progress"), .attribute(named: "max", value: "100"), .attribute(named: "value", value: String(percent)),
            .attribute(named: "aria-label", value: label), .text("\(percent)%"),
        ])
    }

    static func message(_ violation: Reading.ProgressViolation, _ context: PageContext) -> String {
        switch violation {
        case .pageOrPercent: context.pick(ko: "읽은 쪽을 입력해 주세요", en: "Required")
        case let .pageOutOfRange(pages): context.pick(ko: "\(pages.lowerBound)쪽에서 \(pages.upperBound)쪽 사이로 입력해 주세요", en: "From page \(pages.lowerBound) to \(pages.upperBound)")
        case .pagesUnknown: context.pick(ko: "쪽수를 모르는 책이에요. %로 입력해 주세요", en: "The book's pages are not known: give a percent")
        case let .percentOutOfRange(range): context.pick(ko: "\(range.lowerBound)에서 \(range.upperBound) 사이로 입력해 주세요", en: "From \(range.lowerBound) to \(range.upperBound)")
        }
    }

    /// "123 / 247쪽 · 49%", or "49%" for a book read by percent.
    private static func position(_ update: Reading.ProgressUpdate, of book: Reading.Book, _ context: PageContext) -> String {
        guard let page = update.page else { return "\(update.percent)%" }
        return context.pick(ko: "\(page) / \(book.pages)쪽 · \(update.percent)%", en: "p. \(page) of \(book.pages) · \(update.percent)%")
    }

    private static func dayField(_ name: String, label: String, value: String, today: String, error: String?) -> Node<HTML.FormContext> {
        .div(
            .class("field"),
            .label(.for(field: name), .text(label)),
            .input(.id(name), .name(name), .type(.date), .value(value), .attribute(named: "max", value: today),
                   .attribute(named: "aria-invalid", value: error == nil ? "false" : "true")),
            FormWidgets.error(error)
        )
    }

    private static func period(_ read: Reading.Read, _ context: PageContext) -> String {
        let unknown = context.pick(ko: "모름", en: "unknown")
        return "\(read.startedOn.map { day($0, context) } ?? unknown) – \(read.finishedOn.map { day($0, context) } ?? unknown)"
    }

    /// "1월 5일" / "Jan 5", with the year when it is not this one's.
    private static func day(_ day: String, _ context: PageContext) -> String {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return day }
        let thisYear = Calendar(identifier: .gregorian).component(.year, from: context.now)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let english = "\(months[min(max(parts[1], 1), 12) - 1]) \(parts[2])" + (parts[0] == thisYear ? "" : ", \(parts[0])")
        return context.pick(ko: (parts[0] == thisYear ? "" : "\(parts[0])년 ") + "\(parts[1])월 \(parts[2])일", en: english)
    }
}
