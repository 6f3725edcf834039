import Platform
import SproutAPI
import Testing
import Vapor
import VaporTesting

/// A handler reads its `{…}` values through the path it is registered at
/// (`PathTemplate.parameters(in:)`), typed as the definition declares them. No handler names a
/// segment itself (`PathValueReadingTests` keeps it so), so a definition's `{name}` and what its
/// handler reads cannot disagree: rename `{id}` and the route and the reading change together, and
/// no test needs to compare the two. What can still go wrong is a value that does not read as its
/// type, and these tests send such values through a real router.
@Suite struct PathParametersTests {
    static let thing = PagePath<Int>("things/{id}")
    static let memo = PagePath<(String, Int)>("books/{book}/memos/{memo}")
    static let file = PagePath<String>("files/{path...}")

    @Test func aHandlerGetsItsPathsValuesTyped() async throws {
        try await withRoutes { app in
            let thing = try await Self.answer(app, "/things/42")
            let memo = try await Self.answer(app, "/books/b1/memos/3")
            let slashed = try await Self.answer(app, "/books/a%2Fb/memos/3")
            let file = try await Self.answer(app, "/files/images/x%20y.png")
            #expect(thing == "42")
            #expect(memo == "b1 3")
            #expect(slashed == "a/b 3", "an encoded slash stays in its segment, decoded")
            #expect(file == "images/x y.png", "the rest of the path, decoded")
        }
    }

    /// Each refusal is the handler's own 400: the route matched, and the value did not read.
    @Test(arguments: ["/things/abc", "/things/99999999999999999999", "/things/4.5", "/books/b1/memos/x", "/books/b1/memos/99999999999999999999"])
    func aValueThatDoesNotReadAsItsTypeIsNone(path: String) async throws {
        try await withRoutes { app in
            let status = try await app.testing().sendRequest(.GET, path).status
            #expect(status == .badRequest)
        }
    }

    @Test func anEmptySegmentReachesNoHandler() async throws {
        try await withRoutes { app in
            let status = try await app.testing().sendRequest(.GET, "/things/").status
            #expect(status == .notFound)
        }
    }

    @Test func valuesReadAsTheirTypesOrNotAtAll() {
        #expect(Self.thing.parameters(fromValues: ["7"]) == 7)
        #expect(Self.thing.parameters(fromValues: [""]) == nil)
        #expect(Self.thing.parameters(fromValues: ["99999999999999999999"]) == nil, "too large for an Int, and no trap")
        #expect(Self.thing.parameters(fromValues: []) == nil, "one value too few")
        #expect(Self.thing.parameters(fromValues: ["1", "2"]) == nil, "one value too many")
        #expect(Self.memo.parameters(fromValues: ["b1", ""]) == nil)
        #expect(Self.memo.parameters(fromValues: ["b1", "3"]).map { "\($0.0) \($0.1)" } == "b1 3")
        #expect(PagePath<Void>("things").parameters(fromValues: []) != nil)
    }

    /// An app whose routes answer what their handlers read, or 400 when they read nothing.
    private func withRoutes(_ test: (Application) async throws -> Void) async throws {
        let app = try await Application.make(.testing)
        app.get(Self.thing) { (req: Request) async throws -> String in
            guard let id = Self.thing.parameters(in: req) else { throw Abort(.badRequest) }
            return String(id)
        }
        app.get(Self.memo) { (req: Request) async throws -> String in
            guard let (book, memo) = Self.memo.parameters(in: req) else { throw Abort(.badRequest) }
            return "\(book) \(memo)"
        }
        app.get(Self.file) { (req: Request) async throws -> String in
            guard let path = Self.file.parameters(in: req) else { throw Abort(.badRequest) }
            return path
        }
        do {
            try await test(app)
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    private static func answer(_ app: Application, _ path: String) async throws -> String {
        let response = try await app.testing().sendRequest(.GET, path)
        #expect(response.status == .ok, "\(path)")
        return response.body.string
    }
}
