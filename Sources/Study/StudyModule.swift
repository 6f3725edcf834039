import Fluent
import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// SeSAC Study (새싹 스터디): phone sign-in, the matching queue, nearby search and realtime chat.
/// Its contract shares `/v1` with All For Lesson's: it owns `/v1/user`, `/v1/queue` and
/// `/v1/chat`, and any other `/v1` request that carries its `idtoken` header, answering unknown
/// paths as the study server did.
public struct StudyModule: AppModule {
    let platform: PlatformServices
    let profiles: StudyProfiles
    let queue: StudyQueue
    let searches: AnswerCache<StudySearchRead>
    let matchmaker: Matchmaker
    let reviews: StudyReviews
    let chat: StudyChat
    let shop: SesacShop
    public let socketNamespaces: [any SocketNamespace]
    public let services: [any ModuleService]
    let map: StudyMap?
    let places: StudyPlaces
    /// 약속 between partners, in the platform's appointments.
    let meetings: StudyAppointments

    public init(context: ModuleContext) throws {
        let platform = context.platform
        let settings = try StudySettings(context.environment)
        assets = try ModuleAssets(module: "study", bundle: .module, names: ["study.css", "study.js"])
        self.platform = platform
        profiles = StudyProfiles(clock: platform.clock, ids: platform.ids, nicknames: NicknamePolicy(extra: settings.forbiddenNicks))
        searches = AnswerCache(StudySearchRead.group, versions: platform.readVersions)
        queue = StudyQueue(clock: platform.clock, search: NearbySearch(radius: settings.searchRadius, limit: settings.searchLimit))
        let hub = StudySocketHub(uids: platform.phoneSignIn.uids)
        // A presence missed for three refreshes belongs to an instance that is gone.
        let presence = StudyPresence(instance: platform.ids.token(byteCount: 12), clock: platform.clock, staleAfter: platform.config.socketPingInterval * 3)
        let relay = StudySocketRelay(hub: hub, broadcast: platform.broadcast, presence: presence, refreshInterval: platform.config.socketPingInterval)
        let pushLogger = Logger(label: "sprout.study.push")
        let pushes = StudyPushes(outbox: platform.pushes, presence: presence, uids: platform.phoneSignIn.uids, logger: pushLogger)
        platform.pushes.onDeadToken(app: StudyPushes.app) { token, db in await StudyPushes.forget(token, on: db, logger: pushLogger) }
        let notices = StudyNotices(notifications: platform.notifications, presence: presence, logger: Logger(label: "sprout.study.notices"))
        let meetings = StudyAppointments(messenger: platform.messenger, appointments: platform.appointments, neighbourhoods: platform.neighbourhoods, clock: platform.clock)
        self.meetings = meetings
        let events = StudyQueueEvents { uids, event, cause, db in
            await relay.publish(uids, event)
            await pushes.queueChanged(uids, event, by: cause, on: db)
            await notices.queueChanged(uids, event, by: cause, on: db)
            await meetings.queueChanged(uids, event, by: cause, on: db)
        }
        matchmaker = Matchmaker(clock: platform.clock, events: events)
        reviews = StudyReviews(clock: platform.clock, events: events)
        chat = StudyChat(clock: platform.clock, ids: platform.ids) { chat, db in
            await relay.publish(chat)
            await pushes.chatSent(chat, on: db)
            await notices.chatSent(chat, on: db)
        }
        shop = SesacShop(receipts: platform.receipts, clock: platform.clock)
        socketNamespaces = [StudySocketNamespace(hub: hub, presence: presence, uids: platform.phoneSignIn.uids)]
        services = [relay]
        map = settings.map
        places = StudyPlaces(neighbourhoods: platform.neighbourhoods, districts: try Districts())
    }

    public let name = "study"

    public let assets: ModuleAssets?

    public var migrations: [any Migration] {
        [CreateStudyProfile(), CreateQueueEntry(), CreateStudyRequest(), CreatePartnership(), CreateStudyReport(), CreateChatMessage(), CreateSocketPresence(), CreateShopTransaction(), CreatePastMatch(), CreateStudyEnding(),
         CountStudyReads()]
    }

    public let apiDocument = APIDocument(
        name: "study", title: "SeSAC Study API",
        summary: "The late-2022 SeSAC Study contract: idtoken header, form-encoded bodies, business results as 2xx codes.",
        errors: .text,
        credentials: [.key("idtoken", "The ID token from phone sign-in, bare (no Bearer prefix)")],
        mediaTypeRefusal: 501
    )

    /// Sprout's own study API beside the contract: what matched partners do that the published
    /// clients never did.
    public let partnerDocument = APIDocument(
        name: "study-partners", title: "SeSAC Study: Sprout's partner API",
        summary: "Matched partners' 약속 (their meeting conversation), under /api/study, for an access token from /api/auth.",
        errors: .json(ErrorBody.self),
        credentials: [.bearer("An access token from /api/auth/login")],
        mediaTypeRefusal: 400
    )

    public var apiDocuments: [APIDocument] { [apiDocument, partnerDocument] }

    /// A matched pair's meeting conversation (`StudyAppointments`).
    public var conversationSubjects: (any ConversationSubjects)? { StudyPairConversations() }

    /// A reported partner's study profile, as the operator console shows it.
    public var moderatedContent: (any ModeratedContent)? { StudyModeration() }

    public var hubTile: HubTile {
        HubTile(app: name, icon: .people, title: ("새싹 스터디", "SeSAC Study"),
                summary: ("내 근처 스터디 메이트 찾기", "Find study partners nearby"), path: StudyPaths.home.link)
    }

    public var accountShortcuts: [AccountShortcut] {
        [AccountShortcut(StudyPaths.myInfo.link, .people, ko: "새싹 스터디 내 정보", en: "SeSAC Study: my info")]
    }

    public var mountPoints: [MountPoint] {
        Study.Routes.mountPoints.map { MountPoint($0, unmatched: StudyUnmatchedPath()) }
            + [MountPoint(Study.Routes.sharedPrefix, claims: { $0.headers.contains(name: StudyUnmatchedPath.tokenHeader) }, unmatched: StudyUnmatchedPath()),
               MountPoint(Study.PartnerRoutes.mountPoint, middleware: [StudyAppointmentErrorMiddleware()], error: Abort(.notFound))]
    }

    public func registerRoutes(on routes: any RoutesBuilder, pages: any RoutesBuilder) throws {
        let api = DocumentedRoutes(routes, document: apiDocument)
            .grouped(StudyErrorMiddleware(), platform.ipRateLimit, StudyTokenAuthenticator(phoneSignIn: platform.phoneSignIn))
        let uids = platform.phoneSignIn.uids
        StudyUserController(profiles: profiles, reviews: reviews, uids: uids).register(on: api)
        StudyQueueController(queue: queue, matchmaker: matchmaker, reviews: reviews, answers: searches, uids: uids).register(on: api)
        StudyChatController(chat: chat, uids: uids).register(on: api)
        StudyShopController(profiles: profiles, shop: shop, uids: uids).register(on: api)
        let partnerAPI = DocumentedRoutes(routes, document: partnerDocument).grouped(StudyAppointmentErrorMiddleware(), platform.ipRateLimit)
            .grouped(AccountTokenAuthenticator(tokens: platform.tokens), platform.accountRateLimit)
        StudyAppointmentController(meetings: meetings).register(on: partnerAPI)
        let pages = pages.grouped(StudyPageErrors())
        StudyHomePages(profiles: profiles, queue: queue, map: map, places: places).register(on: pages)
        if let map { StudyMapPages(map: map).register(on: pages) }
        StudySignupPages(profiles: profiles).register(on: pages)
        StudyMatchPages(profiles: profiles, queue: queue, matchmaker: matchmaker, chat: chat, reviews: reviews, places: places,
                        endings: StudyEndings(matchmaker: matchmaker), meetings: meetings).register(on: pages)
        StudyAppointmentPages(profiles: profiles, meetings: meetings).register(on: pages)
        StudyMyInfoPages(profiles: profiles).register(on: pages)
        StudyShopPages(profiles: profiles, shop: shop, ids: platform.ids).register(on: pages)
    }

    public func seedDemoData(on db: any Database, demo: DemoAccounts) async throws {}
}
