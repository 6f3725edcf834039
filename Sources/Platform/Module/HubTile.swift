/// An app's tile on the hub page.
public struct HubTile: Sendable {
    public let app: String
    public let icon: String
    public let title: (ko: String, en: String)
    public let summary: (ko: String, en: String)
    /// Where the tile leads; nil while the app's pages are not built yet, which the hub says
    /// plainly instead of linking to an empty page.
    public let path: String?

    public init(app: String, icon: String, title: (ko: String, en: String), summary: (ko: String, en: String), path: String?) {
        self.app = app
        self.icon = icon
        self.title = title
        self.summary = summary
        self.path = path
    }
}
