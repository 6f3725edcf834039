import Fluent
import Platform
import Vapor

/// All For Lesson (올포레슨): the LSLP generic-posts contract under `/v1` and its web pages.
public struct LessonsModule: AppModule {
    let platform: PlatformServices

    public init(platform: PlatformServices) {
        self.platform = platform
    }

    public let name = "lessons"

    public var migrations: [any Migration] { [CreateLessonsProfile()] }

    public let apiDocument = APIDocument(
        name: "lessons", title: "All For Lesson (LSLP) API",
        summary: "The generic-posts contract All For Lesson and its sibling apps speak, under /v1. Headers: SesacKey on every call, Authorization with the bare access token."
    )

    public var hubTile: HubTile {
        HubTile(app: name, icon: "🎻", title: ("올포레슨", "All For Lesson"),
                summary: ("클래식 음악 레슨을 찾고 열어요", "Find and teach classical music lessons"), path: nil)
    }

    public func registerRoutes(on routes: any RoutesBuilder, pages: any RoutesBuilder) throws {
        let api = DocumentedRoutes(routes, document: apiDocument)
            .grouped("v1")
            .grouped(LessonsErrorMiddleware(), platform.ipRateLimit, SesacKeyMiddleware(apiKeys: platform.apiKeys))
        let authenticated = api.grouped(LessonsAuthenticator(tokens: platform.tokens), platform.accountRateLimit)
        UsersController(accounts: platform.accounts, tokens: platform.tokens)
            .register(public: api, authenticated: authenticated)
    }

    public func seedDemoData(on db: any Database, demo: DemoAccounts) async throws {
        for account in demo.accounts {
            let teaches = account.email?.hasPrefix("teacher") == true
            try await LessonsProfile(
                accountID: try account.requireID(), nick: account.displayName.filter { !$0.isWhitespace },
                phoneNum: teaches ? "1" : "0", birthDay: "", role: teaches ? .teacher : .student
            ).create(on: db)
        }
    }
}
