import Vapor

/// The web app's part in answering paths nothing matches.
public enum WebShell {
    /// A browser that opens a path no route or contract takes gets the site's 404 page in its
    /// language; API clients, which do not ask for HTML, keep their contract's error.
    public static func mountPoints(sessions: any Middleware) -> [MountPoint] {
        [MountPoint("/", claims: { $0.acceptsHTML }, middleware: [sessions, PageErrorMiddleware()], error: Abort(.notFound))]
    }
}

extension Request {
    var acceptsHTML: Bool {
        headers[.accept].contains { $0.lowercased().contains("text/html") }
    }
}
