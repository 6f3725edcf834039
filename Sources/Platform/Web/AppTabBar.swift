import Plot

/// One destination of an app's tab bar.
public struct AppTab: Sendable {
    /// Names the tab in its id (`market-nav-likes`) and in `current`.
    public let key: String
    public let path: String
    public let icon: Icon
    public let title: (ko: String, en: String)

    public init(_ key: String, _ path: String, _ icon: Icon, ko: String, en: String) {
        self.key = key
        self.path = path
        self.icon = icon
        self.title = (ko, en)
    }
}

/// Every app's main navigation, one pattern for all: on a phone a tab bar fixed to the bottom of
/// the screen, icon over label, as the iOS apps have it; on a wider screen a row of tabs under the
/// header.
public enum AppTabBar {
    public static func render(app: String, _ tabs: [AppTab], current: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        .nav(
            .class("app-nav tab-bar"), .id("\(app)-tabs"),
            .attribute(named: "aria-label", value: context.pick(ko: "앱 메뉴", en: "App menu")),
            .forEach(tabs) { tab in
                .a(
                    .id("\(app)-nav-\(tab.key)"), .href(tab.path), .class(tab.key == current ? "current" : ""),
                    .if(tab.key == current, .attribute(named: "aria-current", value: "page")),
                    tab.icon.node(),
                    .span(.text(context.pick(ko: tab.title.ko, en: tab.title.en)))
                )
            }
        )
    }
}
