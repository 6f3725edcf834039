import Vapor

/// A path prefix where a module's contract lives, and how that contract answers a request under
/// it that no route matches (its own 404, 401 or 444, in its own error shape).
///
/// Two contracts may share a prefix (All For Lesson and SeSAC Study both live under `/v1`): then
/// one mount says, from the request's credentials, which requests are its contract's, and the
/// other takes the rest.
public struct MountPoint: Sendable {
    /// Path segments, `["v1", "user"]` for `/v1/user…`; empty for the whole site.
    public let path: [String]
    /// Which requests under `path` belong to this contract; nil for all those no other mount of
    /// the same path claims.
    public let claims: (@Sendable (Request) -> Bool)?
    /// Answers a request under `path` that no route matched.
    public let unmatched: any Responder

    public init(_ path: String, claims: (@Sendable (Request) -> Bool)? = nil, unmatched: any Responder) {
        self.path = path.split(separator: "/").map(String.init)
        self.claims = claims
        self.unmatched = unmatched
    }

    /// A mount whose unknown paths answer through `middleware` (the contract's error mapping and
    /// its credential checks, so an unknown path without credentials answers as a known one
    /// would) and then throw `error`.
    public init(_ path: String, claims: (@Sendable (Request) -> Bool)? = nil, middleware: [any Middleware], error: any Error & Sendable) {
        self.init(path, claims: claims, unmatched: middleware.makeResponder(chainingTo: Refusing(error: error)))
    }

    func takes(_ request: Request, segments: [Substring]) -> Bool {
        path.count <= segments.count && zip(path, segments).allSatisfy { $0 == $1 } && claims?(request) ?? true
    }

    private struct Refusing: AsyncResponder {
        let error: any Error & Sendable
        func respond(to request: Request) async throws -> Response { throw error }
    }
}

/// Decides which contract answers a request that no route matched: the mount with the longest
/// path that holds the request's path; where paths tie, a mount that claims the request by its
/// credentials before one that takes the rest, then the order the modules are assembled in. A
/// request no mount takes gets Vapor's plain 404.
public struct UnmatchedRequestMiddleware: Middleware {
    private let mounts: [MountPoint]

    public init(mounts: [MountPoint]) {
        func rank(_ entry: (offset: Int, element: MountPoint)) -> (Int, Int, Int) {
            (entry.element.path.count, entry.element.claims == nil ? 0 : 1, -entry.offset)
        }
        self.mounts = mounts.enumerated().sorted { rank($0) > rank($1) }.map(\.element)
    }

    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapError { error in
            guard error is RouteNotFound, let mount = mount(for: request) else { return request.eventLoop.makeFailedFuture(error) }
            return mount.unmatched.respond(to: request)
        }
    }

    func mount(for request: Request) -> MountPoint? {
        let segments = request.url.path.split(separator: "/")
        return mounts.first { $0.takes(request, segments: segments) }
    }
}
