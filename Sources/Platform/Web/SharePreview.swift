import Plot

/// What a chat app or social site shows when someone shares a page's link (Open Graph and
/// Twitter cards): the thing's name, a line of its description and its photo.
public struct SharePreview: Sendable {
    let title: String
    let description: String
    /// The photo's path on this server (`/uploads/…`) or an absolute URL.
    let image: String?

    /// Crawlers show about this much of a description.
    static let descriptionLength = 120

    public init(title: String, description: String, image: String?) {
        self.title = title
        let flattened = description.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.description = flattened.count > Self.descriptionLength ? String(flattened.prefix(Self.descriptionLength)) + "…" : flattened
        self.image = image
    }

    /// The tags, with absolute URLs: crawlers resolve nothing against the page.
    func tags(_ context: PageContext) -> Node<HTML.HeadContext> {
        let absolute = { (path: String) in path.hasPrefix("http://") || path.hasPrefix("https://") ? path : context.origin + (path.hasPrefix("/") ? "" : "/") + path }
        let properties: [(String, String)] = [
            ("og:type", "website"), ("og:site_name", "Sprout"), ("og:title", title), ("og:description", description),
            ("og:url", absolute(context.path)), ("og:locale", context.language == .ko ? "ko_KR" : "en_US"),
        ] + (image.map { [("og:image", absolute($0))] } ?? [])
        return .group(
            .forEach(properties) { property, value in .meta(.attribute(named: "property", value: property), .content(text: value)) },
            .meta(.name("twitter:card"), .content(text: image == nil ? "summary" : "summary_large_image")),
            .meta(.name("description"), .content(text: description))
        )
    }
}
