@testable import Platform
@testable import PlatformCore
import Synchronization
import Testing
import Vapor

/// A group's async middleware runs in the route's own task, in the order it was given.
@Suite struct InlineMiddlewareGroupTests {
    /// Appends its name to the answer's `trail` header on the way out and notes the task it ran in.
    struct Marking: AsyncMiddleware {
        let name: String
        let tasks: Tasks

        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            tasks.note()
            let response = try await next.respond(to: request)
            response.headers.add(name: "trail", value: name)
            return response
        }
    }

    /// The same, as a future-based middleware.
    struct FutureMarking: Middleware {
        let name: String

        func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
            next.respond(to: request).map { response in
                response.headers.add(name: "trail", value: name)
                return response
            }
        }
    }

    final class Tasks: Sendable {
        private let seen = Mutex<[Int]>([])
        func note() { seen.withLock { $0.append(withUnsafeCurrentTask { $0?.hashValue } ?? 0) } }
        var all: [Int] { seen.withLock { $0 } }
    }

    private func answer(_ middleware: [any Middleware], tasks: Tasks) async throws -> Response {
        let app = try await Application.make(.testing)
        let routes = Routes()
        InlineMiddlewareGroup(root: routes, middleware: middleware).get("x") { _ async -> String in
            tasks.note()
            return "ok"
        }
        let route = try #require(routes.all.first)
        let request = Request(application: app, method: .GET, url: "/x", on: app.eventLoopGroup.next())
        let response = try await route.responder.respond(to: request).get()
        try await app.asyncShutdown()
        return response
    }

    @Test func asyncMiddlewareRunsInOrderInTheHandlersTask() async throws {
        let tasks = Tasks()
        let response = try await answer([Marking(name: "outer", tasks: tasks), Marking(name: "inner", tasks: tasks)], tasks: tasks)
        #expect(response.headers["trail"] == ["inner", "outer"])
        #expect(tasks.all.count == 3)
        #expect(Set(tasks.all).count == 1, "one task for both middleware and the handler")
    }

    @Test func aFutureMiddlewareInTheGroupIsChainedAsVaporChainsIt() async throws {
        let tasks = Tasks()
        let response = try await answer([Marking(name: "outer", tasks: tasks), FutureMarking(name: "future")], tasks: tasks)
        #expect(response.headers["trail"] == ["future", "outer"])
        #expect(tasks.all.count == 2)
    }
}
