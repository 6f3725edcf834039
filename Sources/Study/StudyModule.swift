import Fluent
import Platform
import Vapor

/// SeSAC Study (새싹 스터디): phone sign-in, the matching queue, nearby search and realtime chat.
/// Its contract shares `/v1` with All For Lesson's: it owns `/v1/user`, `/v1/queue` and
/// `/v1/chat`, and any other `/v1` request that carries its `idtoken` header. The endpoints
/// themselves arrive with the study issues; until then every study path answers as the study
/// server answers a path it does not serve.
public struct StudyModule: AppModule {
    public init(context: ModuleContext) {}

    public let name = "study"

    public var migrations: [any Migration] { [] }

    public let apiDocument = APIDocument(
        name: "study", title: "SeSAC Study API",
        summary: "The late-2022 SeSAC Study contract: idtoken header, form-encoded bodies, business results as 2xx codes."
    )

    public var hubTile: HubTile {
        HubTile(app: name, icon: "📚", title: ("새싹 스터디", "SeSAC Study"),
                summary: ("내 근처 스터디 메이트 찾기", "Find study partners nearby"), path: nil)
    }

    public var mountPoints: [MountPoint] {
        ["/v1/user", "/v1/queue", "/v1/chat"].map { MountPoint($0, unmatched: StudyUnmatchedPath()) }
            + [MountPoint("/v1", claims: { $0.headers.contains(name: StudyUnmatchedPath.tokenHeader) }, unmatched: StudyUnmatchedPath())]
    }

    public func registerRoutes(on routes: any RoutesBuilder, pages: any RoutesBuilder) throws {}

    public func seedDemoData(on db: any Database, demo: DemoAccounts) async throws {}
}
