import Platform
import Plot

/// The reading log's tab bar: the shelves, book search, the timer, statistics and settings.
enum ReadingTabs {
    static func nav(_ context: PageContext, current: String) -> Node<HTML.BodyContext> {
        AppTabBar.render(app: "reading", [
            AppTab("shelf", ReadingPaths.shelves.link, .book, ko: "서재", en: "Shelves"),
            AppTab("search", ReadingPaths.search.link, .search, ko: "책 검색", en: "Find"),
            AppTab("timer", ReadingPaths.timer.link, .timer, ko: "타이머", en: "Timer"),
            AppTab("stats", ReadingPaths.stats.link, .chart, ko: "통계", en: "Statistics"),
            AppTab("settings", ReadingPaths.settings.link, .settings, ko: "설정", en: "Settings"),
        ], current: current, context)
    }
}
