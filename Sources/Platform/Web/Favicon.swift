import Vapor

/// Sprout's icon for browser tabs and bookmarks: a seedling drawn in SVG, so it is sharp at every
/// size and needs no image file. `/favicon.ico`, which browsers ask for on their own, answers the
/// same drawing.
public enum Favicon {
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">\
        <rect width="64" height="64" rx="14" fill="#2a7d3f"/>\
        <path d="M32 54V30" stroke="#fff" stroke-width="5" stroke-linecap="round"/>\
        <path d="M32 32C32 20 22 13 11 14c0 12 9 19 21 18z" fill="#b9e4a5"/>\
        <path d="M32 28c0-10 8-16 20-16 0 11-8 17-20 16z" fill="#fff"/>\
        </svg>
        """

    public static func register(on routes: any RoutesBuilder) {
        for page in [PlatformPaths.favicon, PlatformPaths.faviconICO] {
            routes.get(page) { _ in
                var headers = HTTPHeaders()
                headers.contentType = HTTPMediaType(type: "image", subType: "svg+xml")
                headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=86400")
                return Response(status: .ok, headers: headers, body: .init(string: svg))
            }
        }
    }
}
