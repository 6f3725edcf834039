/// An app's tile on the hub page.
public struct HubTile: Sendable {
    public let app: String
    public let icon: Icon
    public let title: (ko: String, en: String)
    public let summary: (ko: String, en: String)
    /// Where the tile leads; nil while the app's pages are not built yet, which the hub says
    /// plainly instead of linking to an empty page.
    public let path: String?

    public init(app: String, icon: Icon, title: (ko: String, en: String), summary: (ko: String, en: String), path: String?) {
        self.app = app
        self.icon = icon
        self.title = title
        self.summary = summary
        self.path = path
    }
}

/// A place in an app where a person finds their own things (my products, my page, my shelves),
/// listed on their account page.
public struct AccountShortcut: Sendable {
    public let path: String
    public let icon: Icon
    public let title: (ko: String, en: String)

    public init(_ path: String, _ icon: Icon, ko: String, en: String) {
        self.path = path
        self.icon = icon
        self.title = (ko, en)
    }
}
