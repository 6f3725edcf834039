import Foundation
import Platform
import Plot
import SproutAPI
import Vapor

/// Draws the statistics: the month as a calendar shaded by minutes read, the year as an SVG bar
/// chart made here (no chart library, no CDN; it scales to a 360 px screen), totals, streaks,
/// books of the year and the goals.
enum ReadingStatsViews {
    static func page(_ context: PageContext, stats: Reading.Stats, saved: Bool) -> Response {
        let previous = stats.month == 1 ? (stats.year - 1, 12) : (stats.year, stats.month - 1)
        let next = stats.month == 12 ? (stats.year + 1, 1) : (stats.year, stats.month + 1)
        return PageLayout.render(title: context.pick(ko: "독서 통계", en: "Reading statistics"), context: context, .group(
            ReadingTabs.nav(context, current: "stats"),
            .h1(.text(context.pick(ko: "독서 통계", en: "Reading statistics"))),
            .if(saved, .p(.class("notice"), .id("goals-saved"), .attribute(named: "role", value: "status"), .text(context.pick(ko: "목표를 저장했어요.", en: "Goals saved.")))),
            .nav(
                .class("month-nav"),
                .a(.id("previous-month"), .href(ReadingPaths.stats(year: previous.0, month: previous.1)), .attribute(named: "aria-label", value: context.pick(ko: "이전 달", en: "Previous month")), .text("‹")),
                .h2(.id("month-title"), .text(context.pick(ko: "\(stats.year)년 \(stats.month)월", en: "\(monthName(stats.month)) \(stats.year)"))),
                .a(.id("next-month"), .href(ReadingPaths.stats(year: next.0, month: next.1)), .attribute(named: "aria-label", value: context.pick(ko: "다음 달", en: "Next month")), .text("›"))
            ),
            calendar(context, stats: stats),
            .dl(
                .class("stat-totals"), .id("totals"),
                .dt(.text(context.pick(ko: "이번 달", en: "This month"))), .dd(.text(ReadingTimerViews.duration(stats.totals.monthSeconds, context))),
                .dt(.text(context.pick(ko: "\(stats.year)년", en: "In \(stats.year)"))), .dd(.text(ReadingTimerViews.duration(stats.totals.yearSeconds, context))),
                .dt(.text(context.pick(ko: "연속 독서", en: "Streak"))),
                .dd(.id("streak"), .text(context.pick(ko: "\(stats.streak.current)일 (최장 \(stats.streak.longest)일)", en: context.count(stats.streak.current, ko: "", en: "day") + " (longest \(stats.streak.longest))"))),
                .dt(.text(context.pick(ko: "다 읽은 책", en: "Books finished"))),
                .dd(.text(context.pick(ko: "이번 달 \(stats.booksFinished.month)권 · 올해 \(stats.booksFinished.year)권", en: "\(stats.booksFinished.month) this month · \(stats.booksFinished.year) this year"))),
                .if(stats.rereads.year > 0, .group(
                    .dt(.text(context.pick(ko: "다시 읽은 책", en: "Read again"))),
                    .dd(.id("rereads"), .text(context.pick(ko: "이번 달 \(stats.rereads.month)권 · 올해 \(stats.rereads.year)권", en: "\(stats.rereads.month) this month · \(stats.rereads.year) this year")))
                ))
            ),
            .h2(.text(context.pick(ko: "월별 독서 시간 (시간)", en: "Reading by month (hours)"))),
            .div(.class("chart"), .raw(monthChart(context, stats: stats))),
            .if(!stats.books.isEmpty, .group(
                .h2(.text(context.pick(ko: "올해 읽은 책", en: "Books this year"))),
                .ol(.class("book-times"), .forEach(stats.books) { book in
                    .li(.a(.href(ReadingPaths.book.link(book.bookID)), .text(book.title)), .text(" · " + ReadingTimerViews.duration(book.seconds, context)))
                })
            )),
            goalsForm(context, stats: stats)
        ))
    }

    /// The month as a week-by-week grid starting on Sunday, as Korean calendars do. Screen
    /// readers get it as a grid of rows (the rows lay out as `display: contents`).
    static func calendar(_ context: PageContext, stats: Reading.Stats) -> Node<HTML.BodyContext> {
        let busiest = max(stats.days.map(\.seconds).max() ?? 0, 1)
        let leading = weekday(year: stats.year, month: stats.month)
        var cells: [Reading.DayTotal?] = Array(repeating: nil, count: leading) + stats.days.map(Optional.some)
        cells += Array(repeating: nil, count: (7 - cells.count % 7) % 7)
        let weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0 ..< $0 + 7]) }
        let weekdays = context.language == .ko ? ["일", "월", "화", "수", "목", "금", "토"] : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        return .div(
            .class("reading-calendar"), .id("calendar"), .attribute(named: "role", value: "grid"),
            .attribute(named: "aria-label", value: context.pick(ko: "날짜별 독서 시간", en: "Reading time by day")),
            .div(.attribute(named: "role", value: "row"), .forEach(weekdays) {
                .div(.class("weekday"), .attribute(named: "role", value: "columnheader"), .text($0))
            }),
            .forEach(weeks) { week in
                .div(.attribute(named: "role", value: "row"), .forEach(week) { cell in
                    guard let cell else { return .div(.class("day blank"), .attribute(named: "role", value: "gridcell")) }
                    let level = cell.seconds == 0 ? 0 : min(4, 1 + cell.seconds * 4 / (busiest + 1))
                    return .div(
                        .class("day level-\(level)"), .data(named: "day", value: cell.day), .attribute(named: "role", value: "gridcell"),
                        .span(.class("day-number"), .text(String(Int(cell.day.suffix(2)) ?? 0))),
                        .if(cell.seconds > 0, .span(.class("day-minutes"), .text(ReadingTimerViews.duration(cell.seconds, context))))
                    )
                })
            }
        )
    }

    /// Twelve bars on a 480 × 240 canvas that shrinks with the screen, each with its hours above
    /// it and its full value for screen readers. The month numbers and values are sized by the
    /// stylesheet, which knows how wide the chart is drawn.
    static func monthChart(_ context: PageContext, stats: Reading.Stats) -> String {
        let (width, height, top, bottom) = (480.0, 240.0, 28.0, 28.0)
        let busiest = Double(max(stats.months.map(\.seconds).max() ?? 0, 1))
        let slot = width / 12
        let label = context.pick(ko: "\(stats.year)년 월별 독서 시간", en: "Reading by month in \(stats.year)")
        var svg = #"<svg id="month-chart" viewBox="0 0 480 240" role="img" aria-label="\#(HTMLAttribute.escape(label))" xmlns="http://www.w3.org/2000/svg">"#
        for month in stats.months {
            let barHeight = (height - top - bottom) * Double(month.seconds) / busiest
            let x = slot * Double(month.month - 1) + slot * 0.2
            let y = height - bottom - barHeight
            let spoken = context.pick(ko: "\(month.month)월 \(ReadingTimerViews.duration(month.seconds, context))", en: "\(monthName(month.month)): \(ReadingTimerViews.duration(month.seconds, context))")
            svg += #"<g><title>\#(HTMLAttribute.escape(spoken))</title>"#
            svg += String(format: #"<rect class="bar%@" x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="2"></rect>"#,
                          month.month == stats.month ? " current" : "", x, y, slot * 0.6, max(barHeight, 0))
            if month.seconds > 0 {
                svg += String(format: #"<text class="value" x="%.1f" y="%.1f" text-anchor="middle">%@</text>"#, x + slot * 0.3, y - 6, hours(month.seconds))
            }
            svg += String(format: #"<text x="%.1f" y="%.1f" text-anchor="middle">%d</text></g>"#, x + slot * 0.3, height - 8, month.month)
        }
        return svg + "</svg>"
    }

    /// Hours to a tenth below ten and whole above, short enough to stand over a bar: the heading
    /// names the unit.
    static func hours(_ seconds: Int) -> String {
        let hours = Double(seconds) / 3600
        if hours >= 9.95 { return String(Int(hours.rounded())) }
        return String(format: "%.1f", max(hours, 0.1))
    }

    static func goalsForm(_ context: PageContext, stats: Reading.Stats) -> Node<HTML.BodyContext> {
        let goals = stats.goals
        return .section(
            .id("goals"),
            .h2(.text(context.pick(ko: "목표", en: "Goals"))),
            .if(goals.yearlyBooks > 0, .p(.id("yearly-progress"), .text(context.pick(ko: "올해 \(goals.yearlyBooks)권 중 \(goals.booksFinished)권", en: "\(goals.booksFinished) of \(goals.yearlyBooks) books this year")))),
            .if(goals.dailyMinutes > 0, .p(.id("daily-progress"), .text(context.pick(ko: "오늘 \(goals.dailyMinutes)분 중 \(goals.todaySeconds / 60)분", en: "\(goals.todaySeconds / 60) of \(goals.dailyMinutes) minutes today")))),
            .form(
                .id("goals-form"), .action(path: ReadingPaths.goals.link), .method(.post),
                PageLayout.csrfField(context),
                FormWidgets.text("yearly_books", label: context.pick(ko: "한 해 목표 (권)", en: "Books a year"), value: String(goals.yearlyBooks), error: nil, type: .number, inputMode: "numeric"),
                FormWidgets.text("daily_minutes", label: context.pick(ko: "하루 목표 (분)", en: "Minutes a day"), value: String(goals.dailyMinutes), error: nil, type: .number, inputMode: "numeric"),
                .button(.type(.submit), .text(context.pick(ko: "목표 저장", en: "Save goals")))
            )
        )
    }

    /// 0 for Sunday: the blank cells before the month's first day.
    static func weekday(year: Int, month: Int) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)) else { return 0 }
        return calendar.component(.weekday, from: first) - 1
    }

    static func monthName(_ month: Int) -> String {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return names.indices.contains(month - 1) ? names[month - 1] : String(month)
    }
}
