import Foundation
import Platform
import PlatformCore
import Plot
import Vapor

/// `/admin/activity`: the last 30 days per day, and who opened the most conversations in the last hour.
enum ConsoleActivityViews {
    static func page(_ context: PageContext, days: [ActivityStats.Day], openers: [ActivityStats.Opener], openCount: Int) -> Response {
        ConsoleViews.render(context, title: context.pick(ko: "한눈에 보기", en: "At a glance"), openCount: openCount, .group(
            .h1(.text(context.pick(ko: "한눈에 보기", en: "At a glance"))),
            .section(
                .id("openers"), .class("card"),
                .h2(.text(context.pick(ko: "최근 1시간 동안 대화를 가장 많이 연 계정", en: "Most conversations opened in the last hour"))),
                openers.isEmpty
                    ? .p(.class("hint"), .text(context.pick(ko: "없어요.", en: "Nobody.")))
                    : .ol(.forEach(openers) { opener in
                        .li(.a(.href(ConsolePaths.account.link(opener.accountID)), .text(opener.name)),
                            .text(context.pick(ko: " · \(opener.conversations)개", en: " · \(opener.conversations)")))
                    })
            ),
            .section(
                .class("card"),
                .h2(.id("days-title"), .text(context.pick(ko: "최근 30일", en: "The last 30 days"))),
                .table(
                    .id("days"), .attribute(named: "aria-labelledby", value: "days-title"),
                    .thead(.tr(
                        .th(.text(context.pick(ko: "날짜", en: "Day"))), .th(.text(context.pick(ko: "가입", en: "Sign-ups"))),
                        .th(.text(context.pick(ko: "메시지", en: "Messages"))), .th(.text(context.pick(ko: "신고", en: "Reports")))
                    )),
                    .tbody(.forEach(days.reversed()) { day in
                        .tr(.th(.text(String(SeoulTime.isoDay(day.start).dropFirst(5)))), .td(.text(String(day.signUps))),
                            .td(.text(String(day.messages))), .td(.text(String(day.reports))))
                    })
                )
            )
        ))
    }
}
