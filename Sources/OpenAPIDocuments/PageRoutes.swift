import Vapor

/// A `RoutesBuilder` for HTML pages and their form posts. Routes registered through it are marked,
/// so the route-coverage test knows they belong to the web app rather than to an API document.
public struct PageRoutes: RoutesBuilder {
    public static let userInfoKey = "sprout.page"
    let base: any RoutesBuilder

    public init(_ base: any RoutesBuilder) { self.base = base }

    public func add(_ route: Route) {
        route.userInfo[Self.userInfoKey] = true
        base.add(route)
    }
}
