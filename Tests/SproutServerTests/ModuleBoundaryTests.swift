import Fluent
import Foundation
import OpenAPIDocuments
import Platform
import PlatformCore
import SproutServer
import SproutTestSupport
import Synchronization
import Testing
import Vapor

/// Each contract answers the paths it owns, known or not, in its own shape; the web app answers
/// a browser's unknown path with a page.
@Suite struct ModuleBoundaryTests {
    @Test func unknownPathsUnderV1AnswerAsTheContractThatOwnsThem() async throws {
        try await withSprout { sprout in
            let key = sprout.lessonsHeaders()
            let cases: [(String, [String: String], UInt)] = [
                ("v1/nothing", key, 444),
                ("v1/nothing", [:], 420),
                ("v1/posts/a/b/c", key, 444),
                ("v1//users", key, 444),
                ("v1/user/nothing", [:], 401),
                ("v1/user/nothing", ["idtoken": "t"], 404),
                ("v1/user/shop/unknown", key, 401),
                ("v1/queue/somewhere", ["idtoken": "t"], 404),
                ("v1/chat/uid123/more", [:], 401),
                ("v1/nothing", ["idtoken": "t"], 404),
            ]
            for (path, headers, status) in cases {
                let response = try await sprout.send(.GET, path, headers: headers)
                #expect(response.status.code == status, "\(path) \(headers.keys.sorted())")
                if path.hasPrefix("v1/user") || path.hasPrefix("v1/queue") || path.hasPrefix("v1/chat") || headers["idtoken"] != nil {
                    #expect(response.body.readableBytes == 0, "study reads no error body: \(path)")
                }
            }
            #expect(try await sprout.send(.GET, "v1/user").status.code == 401, "a study route wants a token")
            let served = try await sprout.send(.GET, "v1/user", headers: ["idtoken": "not-a-token"])
            #expect(served.status.code == 401, "a study route refuses a token it did not sign")
        }
    }

    @Test func unknownMarketPathsKeepTheMarketErrorShape() async throws {
        try await withSprout { sprout in
            for path in ["api/products/1/images/2", "api/market/nothing", "healthChecker/x"] {
                let response = try await sprout.send(.GET, path)
                #expect(response.status.code == 404, "\(path)")
                #expect(try response.jsonObject()["error"] as? Bool == true, "\(path)")
            }
        }
    }

    @Test func aBrowserGetsTheSite404PageAndAnAPIClientJSON() async throws {
        try await withSprout { sprout in
            let page = try await sprout.send(.GET, "no/such/page", headers: ["Accept": "text/html,application/xhtml+xml", "Accept-Language": "ko"])
            #expect(page.status.code == 404)
            #expect(page.headers.contentType?.subType == "html")
            #expect(String(buffer: page.body).contains("페이지를 찾을 수 없어요"))
            let api = try await sprout.send(.GET, "no/such/page")
            #expect(api.status.code == 404)
            #expect(try api.jsonObject()["error"] as? Bool == true)
        }
    }

    @Test func aModuleServiceStartsAfterMigrationAndStopsOnShutdown() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-services-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try await Application.make(.testing)
        try await SproutApplication.configure(
            app, config: SproutConfig(dataDirectory: folder, logLevel: .warning, passwordCost: 4, loadsDemoData: false),
            modules: [RecordingModule.self]
        )
        #expect(RecordingModule.events.withLock { $0 } == ["start first: 0 accounts", "start second: 0 accounts"])
        try await app.asyncShutdown()
        #expect(RecordingModule.events.withLock { $0 } == ["start first: 0 accounts", "start second: 0 accounts", "stop second", "stop first"])
    }
}

/// A module made in a test, to show one needs nothing from Platform but the protocol.
private struct RecordingModule: AppModule {
    static let events = Mutex<[String]>([])

    struct Recorder: ModuleService {
        let name: String

        func start(on application: Application) async throws {
            let accounts = try await Account.query(on: application.db).count()
            RecordingModule.events.withLock { $0.append("start \(name): \(accounts) accounts") }
        }

        func stop() async {
            RecordingModule.events.withLock { $0.append("stop \(name)") }
        }
    }

    init(context: ModuleContext) {}
    let name = "recording"
    var migrations: [any Migration] { [] }
    let apiDocument = APIDocument(name: "recording", title: "Recording", summary: "A test module.", errors: .text)
    var hubTile: HubTile { HubTile(app: name, icon: .list, title: ("기록", "Recording"), summary: ("", ""), path: nil) }
    var mountPoints: [MountPoint] { [] }
    var services: [any ModuleService] { [Recorder(name: "first"), Recorder(name: "second")] }
    func registerRoutes(on routes: any RoutesBuilder, pages: any RoutesBuilder) throws {}
    func seedDemoData(on db: any Database, demo: DemoAccounts) async throws {}
}
