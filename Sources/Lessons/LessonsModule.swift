import Fluent
import Media
import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// All For Lesson (올포레슨): the LSLP generic-posts contract under `/v1` and its web pages.
public struct LessonsModule: AppModule {
    let platform: PlatformServices
    let board: PostBoard
    let postUploads: PostUploads
    let profilePhotos: PhotoStore
    let follows: Follows
    let sandbox: SandboxGateway?
    let desk: PaymentDesk
    let chatSockets: ChatRoomSockets
    let terms: LessonTerms
    let openTimes: OpenTimes
    let enrolments: Enrolments
    let bookings: Bookings
    let refunds: EnrolmentRefunds
    let reminders: SessionReminderService
    /// Posts as the contract lists and shows them, read again only after a write to what they show.
    let answers: AnswerCache<LessonsRead>

    /// The HTTP client is asked for only when PortOne is the configured gateway, so a sandbox
    /// install never starts one.
    public init(context: ModuleContext) throws {
        assets = try ModuleAssets(module: "lessons", bundle: .module, names: ["lessons.css", "lessons.js"])
        let platform = context.platform
        let images = context.images
        self.platform = platform
        answers = AnswerCache(LessonsRead.group, versions: platform.readVersions)
        board = PostBoard(files: platform.files, ids: platform.ids, clock: platform.clock, notifications: platform.notifications)
        postUploads = PostUploads(photos: PhotoStore(files: platform.files, images: images, area: PostBoard.fileArea), clock: platform.clock)
        profilePhotos = PhotoStore(files: platform.files, images: images, area: ProfilesController.fileArea)
        follows = Follows(clock: platform.clock)
        let gateway: any PaymentGateway
        switch try PaymentSettings(environment: context.environment) {
        case .sandbox:
            let sandbox = SandboxGateway(ids: platform.ids, clock: platform.clock)
            self.sandbox = sandbox
            gateway = sandbox
        case let .portOne(apiKey, apiSecret, baseURL):
            sandbox = nil
            gateway = PortOneGateway(credentials: .init(apiKey: apiKey, apiSecret: apiSecret, baseURL: baseURL), client: context.client(), clock: platform.clock)
        }
        terms = LessonTerms(districts: try Districts(), clock: platform.clock)
        openTimes = OpenTimes(terms: terms, ids: platform.ids, clock: platform.clock)
        enrolments = Enrolments(terms: terms, ids: platform.ids, clock: platform.clock)
        let news = BookingNews(messenger: platform.messenger, notifications: platform.notifications)
        bookings = Bookings(enrolments: enrolments, news: news, ids: platform.ids, clock: platform.clock)
        refunds = EnrolmentRefunds(enrolments: enrolments, gateway: gateway, news: news, clock: platform.clock)
        reminders = SessionReminderService(
            reminders: SessionReminders(notifications: platform.notifications, clock: platform.clock),
            interval: .seconds(try context.environment.integer("SPROUT_LESSON_REMINDER_SECONDS", default: 30))
        )
        desk = PaymentDesk(gateway: gateway, board: board, enrolments: enrolments, news: news, clock: platform.clock)
        chatSockets = ChatRoomSockets(messenger: platform.messenger, people: ChatPeople())
    }

    public let name = "lessons"

    public var conversationSubjects: (any ConversationSubjects)? { LessonConversations(board: board) }

    public var moderatedContent: (any ModeratedContent)? { LessonsModeration(clock: platform.clock) }

    public let assets: ModuleAssets?

    public var migrations: [any Migration] {
        [CreateLessonsProfile(), CreateLessonPosts(), AddSandboxPaymentOwner(), CreateLessonUploads(),
         CountLessonsReads(),
         AddCommentRating(), AddHashtagKeys(), CreateLessonBookings(), AddOperatorRemovals()]
    }

    public var services: [any ModuleService] { [PostUploadSweeper(uploads: postUploads), chatSockets, reminders] }

    public var calendarSource: (any CalendarSource)? { LessonCalendar(clock: platform.clock) }

    public var socketNamespaces: [any SocketNamespace] { [chatSockets] }

    public let apiDocument = APIDocument(
        name: "lessons", title: "All For Lesson (LSLP) API",
        summary: "The generic-posts contract All For Lesson and its sibling apps speak, under /v1. Headers: SesacKey on every call, Authorization with the bare access token.",
        errors: .json(Lessons.Message.self),
        credentials: [.key("SesacKey", "The app's API key"), .key("Authorization", "The access token from login, bare (no Bearer prefix)")],
        mediaTypeRefusal: 400
    )

    /// Sprout's own lessons API beside the contract: bearer tokens and the platform's error body.
    public let bookingDocument = APIDocument(
        name: "lessons-booking", title: "All For Lesson: Sprout's booking API",
        summary: "What a lesson sells, the teacher's open times, enrolments, bookings and refunds, under /api/lessons, for an access token from /api/auth.",
        errors: .json(ErrorBody.self),
        credentials: [.bearer("An access token from /api/auth/login")],
        mediaTypeRefusal: 400
    )

    public var apiDocuments: [APIDocument] { [apiDocument, bookingDocument] }

    public var hubTile: HubTile {
        HubTile(app: name, icon: .music, title: ("올포레슨", "All For Lesson"),
                summary: ("클래식 음악 레슨을 찾고 열어요", "Find and teach classical music lessons"), path: LessonsPaths.home.link)
    }

    public var accountShortcuts: [AccountShortcut] {
        [AccountShortcut(LessonsPaths.myPage.link, .user, ko: "올포레슨 마이페이지", en: "All For Lesson: my page")]
    }

    /// LSLP answers any other path under `/v1` (`..`, doubled slashes, unknown paths) with its
    /// 444, after the same `SesacKey` check as every route; it takes every such request that
    /// another contract sharing `/v1` does not claim.
    public var mountPoints: [MountPoint] {
        [MountPoint(Lessons.Routes.mountPoint, middleware: apiMiddleware, error: LessonsError.invalidURL),
         MountPoint(Lessons.BookingRoutes.mountPoint, middleware: [BookingErrorMiddleware()], error: Abort(.notFound))]
    }

    private var apiMiddleware: [any Middleware] {
        [LessonsErrorMiddleware(), platform.ipRateLimit, SesacKeyMiddleware(apiKeys: platform.apiKeys)]
    }

    public var commands: [String: any AnyAsyncCommand] { ["curation": CurationCommands().group] }

    public var accountFiles: (any AccountFileOwner)? { LessonsAccountFiles() }

    public func registerRoutes(on routes: any RoutesBuilder, pages: any RoutesBuilder) throws {
        let api = DocumentedRoutes(routes, document: apiDocument).grouped(apiMiddleware)
        let authenticated = api.grouped(LessonsAuthenticator(tokens: platform.tokens, accounts: platform.accounts), platform.accountRateLimit)
        UsersController(accounts: platform.accounts, tokens: platform.tokens, follows: follows)
            .register(public: api, authenticated: authenticated)
        ProfilesController(follows: follows, photos: profilePhotos, uploadBodyLimit: platform.uploadBodyLimit)
            .register(on: authenticated)
        PostsController(board: board, uploads: postUploads, uploadBodyLimit: platform.uploadBodyLimit, answers: answers).register(on: authenticated)
        PaymentsController(desk: desk, sandbox: sandbox).register(on: authenticated)
        ChatRoomsController(messenger: platform.messenger, people: ChatPeople(), uploadBodyLimit: platform.uploadBodyLimit).register(on: authenticated)
        authenticated.onResponse(Lessons.Routes.file, doc: .init(
            "An uploaded file", description: "The relative paths uploads return, under /v1 as the published app builds them (base + filePath).",
            headers: PostsController.headers, responses: PostsController.responses([200: "The file's bytes", 444: "No such file"]),
            responseContent: "image/*"
        )) { req in
            do {
                return try await platform.files.serve(["uploads"] + req.parameters.getCatchall(), for: req)
            } catch let error as any AbortError where error.status == .notFound {
                throw LessonsError.invalidURL
            }
        }
        let booking = DocumentedRoutes(routes, document: bookingDocument).grouped(BookingErrorMiddleware(), platform.ipRateLimit)
            .grouped(AccountTokenAuthenticator(tokens: platform.tokens), platform.accountRateLimit)
        BookingController(terms: terms, openTimes: openTimes, enrolments: enrolments, bookings: bookings, refunds: refunds).register(on: booking)
        LessonsPages(board: board, messenger: platform.messenger, follows: follows, desk: desk, sandbox: sandbox, uploads: postUploads,
                     uploadBodyLimit: platform.uploadBodyLimit, terms: terms, openTimes: openTimes, enrolments: enrolments, bookings: bookings,
                     refunds: refunds, calendars: platform.calendars, publicURL: platform.config.publicBaseURL, clock: platform.clock).register(on: pages)
    }

    public func seedDemoData(on db: any Database, demo: DemoAccounts) async throws {
        try await LessonsDemoData(platform: platform, board: board, uploads: postUploads, sandbox: sandbox, desk: desk, follows: follows)
            .load(on: db, demo: demo)
    }
}
