import Plot

/// A line icon drawn on a 24-unit grid in the text's colour, so it renders the same on every
/// device: emoji depend on a colour-emoji font, and where none is installed they are empty boxes.
/// Modules draw their own beside the platform's set below.
public struct Icon: Sendable {
    /// Names the icon in the markup (`icon-heart`), for styles and tests.
    public let name: String
    /// The SVG shapes inside the 24×24 view box. Written in code, never taken from input, which
    /// is why `node` may insert them unescaped.
    let shapes: String

    public init(name: String, shapes: String) {
        self.name = name
        self.shapes = shapes
    }

    /// The inline `<svg>`; decorative (hidden from screen readers) unless given a label.
    public func node<Context>(label: String? = nil) -> Node<Context> {
        let accessibility = label.map { #"role="img" aria-label="\#(HTMLAttribute.escape($0))""# } ?? #"aria-hidden="true""#
        return .raw(
            #"<svg class="icon icon-\#(name)" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" "#
                + #"stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false" \#(accessibility)>"#
                + shapes + "</svg>"
        )
    }
}

extension Icon {
    public static let sprout = Icon(name: "sprout", shapes: #"<path d="M12 21v-9"/><path d="M12 12C12 7.5 8.5 5 3.5 5c0 4.5 3.5 7 8.5 7z"/><path d="M12 10c0-3.5 3-6 8.5-6 0 3.5-3 6-8.5 6z"/>"#)
    public static let home = Icon(name: "home", shapes: #"<path d="M3 10.5 12 3l9 7.5"/><path d="M5 9v12h5v-6h4v6h5V9"/>"#)
    public static let search = Icon(name: "search", shapes: #"<circle cx="11" cy="11" r="7"/><path d="m20 20-4-4"/>"#)
    public static let plus = Icon(name: "plus", shapes: #"<path d="M12 5v14M5 12h14"/>"#)
    public static let star = Icon(name: "star", shapes: #"<path d="m12 3 2.8 5.8 6.2.9-4.5 4.4 1.1 6.2L12 17.4l-5.6 2.9 1.1-6.2L3 9.7l6.2-.9z"/>"#)
    public static let heart = Icon(name: "heart", shapes: #"<path d="M12 20s-7.5-4.6-9.2-9.4A4.8 4.8 0 0 1 12 7.4a4.8 4.8 0 0 1 9.2 3.2C19.5 15.4 12 20 12 20z"/>"#)
    public static let bookmark = Icon(name: "bookmark", shapes: #"<path d="M6 3h12v18l-6-4.5L6 21z"/>"#)
    public static let user = Icon(name: "user", shapes: #"<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>"#)
    public static let people = Icon(name: "people", shapes: #"<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0"/><path d="M16 4.7a3.5 3.5 0 0 1 0 6.6M18 13.6a6.5 6.5 0 0 1 3.5 6.4"/>"#)
    public static let list = Icon(name: "list", shapes: #"<path d="M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01"/>"#)
    public static let grid = Icon(name: "grid", shapes: #"<rect x="3" y="3" width="7.5" height="7.5" rx="1.5"/><rect x="13.5" y="3" width="7.5" height="7.5" rx="1.5"/><rect x="3" y="13.5" width="7.5" height="7.5" rx="1.5"/><rect x="13.5" y="13.5" width="7.5" height="7.5" rx="1.5"/>"#)
    public static let chat = Icon(name: "chat", shapes: #"<path d="M20.5 12a8.5 8.5 0 0 1-12.3 7.6L3.5 21l1.4-4.6A8.5 8.5 0 1 1 20.5 12z"/>"#)
    public static let hashtag = Icon(name: "hashtag", shapes: #"<path d="M4 9h16M4 15h16M10 3 8 21M16 3l-2 18"/>"#)
    public static let book = Icon(name: "book", shapes: #"<path d="M12 7c-1.5-1.6-4-2.5-9-2.5v14c5 0 7.5.9 9 2.5 1.5-1.6 4-2.5 9-2.5v-14c-5 0-7.5.9-9 2.5z"/><path d="M12 7v14"/>"#)
    public static let timer = Icon(name: "timer", shapes: #"<circle cx="12" cy="13.5" r="7.5"/><path d="M12 9.5v4l2.5 2.5M9.5 2.5h5"/>"#)
    public static let chart = Icon(name: "chart", shapes: #"<path d="M3 21h18M6 21v-7M11 21V5M16 21v-10M21 21V9"/>"#)
    public static let pin = Icon(name: "pin", shapes: #"<path d="M12 21.5s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z"/><circle cx="12" cy="9.5" r="2.5"/>"#)
    public static let radar = Icon(name: "radar", shapes: #"<circle cx="12" cy="12" r="2"/><path d="M7.8 16.2a6 6 0 0 1 0-8.4M16.2 7.8a6 6 0 0 1 0 8.4M4.9 19.1a10 10 0 0 1 0-14.2M19.1 4.9a10 10 0 0 1 0 14.2"/>"#)
    public static let mail = Icon(name: "mail", shapes: #"<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3.5 6 8.5 7 8.5-7"/>"#)
    public static let tag = Icon(name: "tag", shapes: #"<path d="M3 12V3h9l9 9-9 9z"/><circle cx="7.5" cy="7.5" r="1.2"/>"#)
    public static let settings = Icon(name: "settings", shapes: #"<circle cx="12" cy="12" r="3"/><path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1"/>"#)
    public static let music = Icon(name: "music", shapes: #"<path d="M9 18V5l11-2v13"/><circle cx="6" cy="18" r="3"/><circle cx="17" cy="16" r="3"/>"#)
    public static let acorn = Icon(name: "acorn", shapes: #"<path d="M4.5 10.5a7.5 4.5 0 0 1 15 0z"/><path d="M6 10.5c0 5.5 2.8 9.2 6 10.5 3.2-1.3 6-5 6-10.5M12 6V3"/>"#)
    public static let bell = Icon(name: "bell", shapes: #"<path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z"/><path d="M10 20.5a2 2 0 0 0 4 0"/>"#)
    public static let logout = Icon(name: "logout", shapes: #"<path d="M10 4H5v16h5M15 8l4 4-4 4M19 12H9"/>"#)
}
