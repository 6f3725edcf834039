import Fluent
import Media
import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// ReadingHaracoon (독서하라쿤): the reading log the app kept on one phone, now on the server for
/// every device: the library, the reading timer and statistics under `/api/reading`, with
/// Sprout's `/api/auth` accounts, and the `/reading` pages.
public struct ReadingModule: AppModule {
    let platform: PlatformServices
    let library: Library
    let memos: Memos
    let erasure: ReadingErasure
    let libraryImport: LibraryImport
    let libraryExport: LibraryExport
    let timer: ReadingTimer
    let progress: ReadingProgress
    let rereads: Rereads
    let pendingPhotos: PendingMemoPhotos
    let report: ReadingStatsReport
    let goals = ReadingGoals()
    let calendar: ReadingCalendar
    let catalogue: any BookCatalogue
    let offline: ReadingOfflinePages
    let answers: AnswerCache<ReadingRead>

    public init(context: ModuleContext) throws {
        let settings = try ReadingSettings(context.environment)
        assets = try ModuleAssets(module: "reading", bundle: .module, names: ["reading.css", "reading.js"])
        offline = try ReadingOfflinePages()
        let platform = context.platform
        self.platform = platform
        answers = AnswerCache(ReadingRead.group, perAccount: \.accountID, versions: platform.readVersions)
        calendar = ReadingCalendar(timeZone: settings.timeZone, name: settings.timeZoneName)
        library = Library(clock: platform.clock, ids: platform.ids, calendar: calendar)
        let memoPhotos = PhotoStore(files: platform.files, images: context.images, area: "reading-memos")
        memos = Memos(clock: platform.clock, ids: platform.ids, library: library, photos: memoPhotos)
        pendingPhotos = PendingMemoPhotos(clock: platform.clock, ids: platform.ids, photos: memoPhotos)
        erasure = ReadingErasure(photos: memoPhotos)
        libraryImport = LibraryImport(clock: platform.clock, ids: platform.ids, calendar: calendar)
        libraryExport = LibraryExport(calendar: calendar)
        progress = ReadingProgress(clock: platform.clock, ids: platform.ids, calendar: calendar, library: library)
        rereads = Rereads(clock: platform.clock, ids: platform.ids, calendar: calendar, library: library)
        timer = ReadingTimer(clock: platform.clock, ids: platform.ids, calendar: calendar, progress: progress)
        report = ReadingStatsReport(clock: platform.clock, calendar: calendar, goals: goals)
        catalogue = settings.catalogues.catalogue(client: context.client, clock: platform.clock, calendar: calendar)
    }

    public let name = "reading"

    public var accountFiles: (any AccountFileOwner)? { erasure }

    public let assets: ModuleAssets?

    public var migrations: [any Migration] {
        [CreateReadingBook(), CreateReadingSession(), CreateReadingTimer(), CreateReadingGoals(), IndexReadingForeignKeys(), CreateReadingMemo(), CreateReadingCatalog(), SeedReadingCatalog(clock: platform.clock),
         CountReadingReads(), CountReadingReadsPerReader(),
         CreateReadingProgress(), CreateReadingPastReads(), CountPastReadsPerReader(), CreateReadingPendingPhotos()]
    }

    public let apiDocument = APIDocument(
        name: "reading", title: "ReadingHaracoon (reading log) API",
        summary: "Sprout's own reading API: the library, the server-held reading timer and statistics, with /api/auth bearer tokens. Errors are { error: true, reason }.",
        errors: .json(ErrorBody.self),
        credentials: [.bearer("An access token from /api/auth/login")]
    )

    public var hubTile: HubTile {
        HubTile(app: name, icon: .book, title: ("독서하라쿤", "ReadingHaracoon"),
                summary: ("읽은 책과 독서 시간 기록", "Log your books and reading time"), path: ReadingPaths.shelves.link)
    }

    public var accountShortcuts: [AccountShortcut] {
        [AccountShortcut(ReadingPaths.shelves.link, .book, ko: "내 서재", en: "My shelves"),
         AccountShortcut(ReadingPaths.stats.link, .chart, ko: "독서 통계", en: "Reading statistics")]
    }

    /// Unknown paths under the API answer its `{ "error": true, "reason": … }` 404, after the
    /// token check, as a known path would.
    public var mountPoints: [MountPoint] {
        [MountPoint(Reading.Routes.prefix.template, middleware: [ReadingErrorMiddleware(), AccountTokenAuthenticator(tokens: platform.tokens)], error: Abort(.notFound))]
    }

    public func registerRoutes(on routes: any RoutesBuilder, pages: any RoutesBuilder) throws {
        let api = DocumentedRoutes(routes, document: apiDocument)
            .grouped(ReadingErrorMiddleware(), platform.ipRateLimit, AccountTokenAuthenticator(tokens: platform.tokens), platform.accountRateLimit)
        LibraryController(library: library, memos: memos, erasure: erasure, answers: answers).register(on: api)
        MemoController(memos: memos, uploadBodyLimit: platform.uploadBodyLimit).register(on: api)
        CatalogController(catalogue: catalogue).register(on: api)
        GoodreadsController(libraryImport: libraryImport, libraryExport: libraryExport).register(on: api)
        TimerController(timer: timer, library: library).register(on: api)
        ProgressController(library: library, progress: progress, rereads: rereads).register(on: api)
        StatsController(report: report, goals: goals, answers: answers).register(on: api)
        let readingPages = pages.grouped(ReadingPageErrors(), ImagesAlsoFromMiddleware(origins: catalogue.coverOrigins + KeptCovers.origins))
        ReadingHomePages(library: library, progress: progress, report: report).register(on: readingPages)
        let bookPage = ReadingBookPage(library: library, memos: memos, timer: timer, progress: progress, rereads: rereads)
        ReadingBookPages(library: library, memos: memos, page: bookPage, pendingPhotos: pendingPhotos, uploadBodyLimit: platform.uploadBodyLimit)
            .register(on: readingPages)
        ReadingProgressPages(library: library, progress: progress, rereads: rereads, page: bookPage).register(on: readingPages)
        ReadingSearchPages(catalogue: catalogue, library: library).register(on: readingPages)
        offline.register(on: readingPages)
        ReadingTimerPages(library: library, timer: timer).register(on: readingPages)
        ReadingSettingsPages(library: library, erasure: erasure).register(on: readingPages)
        ReadingStatsPages(report: report, goals: goals).register(on: readingPages)
        ReadingTransferPages(libraryImport: libraryImport, libraryExport: libraryExport).register(on: readingPages)
    }

    public func seedDemoData(on db: any Database, demo: DemoAccounts) async throws {
        try await ReadingDemoData(library: library, goals: goals, clock: platform.clock, ids: platform.ids, calendar: calendar).load(on: db, demo: demo)
    }
}
