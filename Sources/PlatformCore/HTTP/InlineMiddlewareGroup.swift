import Vapor

/// Routes behind a group of middleware, with the group's async middleware run inside the route's
/// own task. Vapor 4 gives every `AsyncMiddleware` a task of its own and waits for the rest of the
/// chain through a future, so each one costs two hops between the event loop and the concurrency
/// pool; the profile of the API routes showed most of their time in those thread wake-ups. Here
/// each middleware is one plain `await` on the next. Middleware that is not async, and routes whose
/// handler is not (web sockets), are chained the way Vapor chains them.
package struct InlineMiddlewareGroup: RoutesBuilder {
    let root: any RoutesBuilder
    let middleware: [any Middleware]

    package init(root: any RoutesBuilder, middleware: [any Middleware]) {
        self.root = root
        self.middleware = middleware
    }

    package func add(_ route: Route) {
        let asyncMiddleware = middleware.compactMap { $0 as? any AsyncMiddleware }
        if let handler = route.responder as? any AsyncResponder, asyncMiddleware.count == middleware.count {
            route.responder = asyncMiddleware.reversed().reduce(handler) { next, middleware -> any AsyncResponder in
                AsyncBasicResponder { request in try await middleware.respond(to: request, chainingTo: next) }
            }
        } else {
            route.responder = middleware.makeResponder(chainingTo: route.responder)
        }
        root.add(route)
    }
}
