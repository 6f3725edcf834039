import Fluent
import Console
import Media
import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Builds the whole Sprout server on a Vapor application. `main` and every test call this, so
/// what is tested is what runs.
public enum SproutApplication {
    public struct Dependencies: Sendable {
        public var clock: WallClock
        public var ids: IdentifierGenerator
        /// Replaces the push sender the environment configures (`SPROUT_PUSH`).
        public var push: (any PushSender)?
        /// Replaces Web Push.
        public var browserPush: (any BrowserPushSender)?

        public init(clock: WallClock = .system, ids: IdentifierGenerator = .secureRandom, push: (any PushSender)? = nil, browserPush: (any BrowserPushSender)? = nil) {
            self.clock = clock
            self.ids = ids
            self.push = push
            self.browserPush = browserPush
        }
    }

    /// Everything that `configure` built, for commands and tests.
    public struct Running: Sendable {
        public let platform: PlatformServices
        public let modules: [any AppModule]
        public let documents: [APIDocument]
        public let console: OperatorConsole
        /// Registered only on a development install (`SproutConfig.registersDevAPIKey`).
        public let devAPIKey: String?
        /// The accounts with the published demo password, for the banner.
        public let demoAccounts: [(email: String, name: String)]
    }

    /// Builds Sprout with `modules` (every app by default; tests may pass fewer).
    @discardableResult
    public static func configure(
        _ app: Application, config: SproutConfig, dependencies: Dependencies = .init(), modules moduleTypes: [any AppModule.Type] = SproutModules.all
    ) async throws -> Running {
        app.logger.logLevel = config.logLevel
        _ = MetricsRegistry.shared
        app.trustProxies(config.trustedProxies)
        GuardedFormDataDecoder.install()
        WireJSON.install()
        NULFreeText.install()
        let dataDirectory = try DataDirectory(config.dataDirectory)
        let secret = try config.tokenSecret ?? dataDirectory.secret(named: "jwt-secret") { dependencies.ids.token(byteCount: 48) }
        let devAPIKey = config.registersDevAPIKey ? try dataDirectory.secret(named: "dev-api-key") { "sk_dev_" + dependencies.ids.token(byteCount: 24) } : nil

        try DatabaseSetup.register(config.storage, on: app)
        try await DatabaseSetup.prepare(app.db, storage: config.storage)
        try await DatabaseSetup.prepareConnections(of: app, storage: config.storage)

        let rateLimiter = RateLimiter(clock: dependencies.clock)
        let readVersions = ReadVersions(storage: config.storage, cachesReads: config.cachesReads)
        let phoneSettings = try PhoneSignInSettings(environment: config.environment, production: config.isProduction)
        let pushSettings = try PushSettings(environment: config.environment)
        let accounts = AccountDirectory(
            passwords: try PasswordHashing(threadPool: HashingThreadPool.start(on: app), threads: HashingThreadPool.threads, cost: config.passwordCost),
            ids: dependencies.ids, clock: dependencies.clock, versions: readVersions,
            throttle: LoginThrottle(limiter: rateLimiter, settings: config.rateLimit)
        )
        PageContext.use(dependencies.clock, publicURL: config.publicBaseURL, on: app)
        let images = try ImagePipeline(threadPool: app.threadPool)
        let platform = PlatformServices(
            config: config,
            clock: dependencies.clock,
            ids: dependencies.ids,
            accounts: accounts,
            tokens: await TokenService(
                secret: secret, clock: dependencies.clock, ids: dependencies.ids,
                accessLifetime: config.accessTokenLifetime, refreshLifetime: config.refreshTokenLifetime
            ),
            apiKeys: APIKeyRegistry(ids: dependencies.ids, clock: dependencies.clock, versions: readVersions),
            files: FileStore(
                storage: try UploadStorageSettings(environment: config.environment)
                    .storage(uploadsFolder: dataDirectory.uploads, threadPool: app.threadPool, clock: dependencies.clock),
                ids: dependencies.ids, maxBytes: config.maxUploadBytes, maxCount: config.maxUploadCount
            ),
            rateLimiter: rateLimiter,
            phoneSignIn: await PhoneSignIn(
                settings: phoneSettings, limits: config.phoneCodeLimits, secret: secret,
                sender: phoneSettings.sender(client: { app.client }, logger: app.logger),
                accounts: accounts, clock: dependencies.clock, ids: dependencies.ids
            ),
            broadcast: InstanceBroadcast(storage: config.storage),
            push: dependencies.push ?? pushSettings.sender(client: { app.client }, clock: dependencies.clock, logger: app.logger),
            browserPush: try dependencies.browserPush ?? pushSettings.browserSender(
                dataDirectory: dataDirectory, publicURL: config.publicBaseURL, clock: dependencies.clock, ids: dependencies.ids, logger: app.logger
            ),
            pushHosts: pushSettings.webPushHosts,
            receipts: try ReceiptSettings(environment: config.environment).verifier(client: { app.client }),
            readVersions: readVersions, images: images,
            neighbourhoods: try await StartupStep.run("Loading the place list") { try Neighbourhoods() }
        )
        app.closeOnShutdown(platform.files)
        let context = ModuleContext(platform: platform, images: images, environment: config.environment, client: { app.client })
        let modules = try moduleTypes.map { try $0.init(context: context) }
        accounts.keptFiles.register(modules.compactMap(\.accountFiles), store: platform.files)
        platform.conversationSubjects.register(modules.compactMap(\.conversationSubjects))
        platform.moderatedContent.register(modules.compactMap(\.moderatedContent))
        platform.calendars.sources.register(modules.compactMap(\.calendarSource))
        platform.sockets.namespaces.register(modules.flatMap(\.socketNamespaces))

        app.migrations.add(PlatformMigrations.all)
        for module in modules { app.migrations.add(module.migrations) }
        let console = OperatorConsole(platform: platform)
        app.migrations.add(console.migrations)
        try await DatabaseSetup.alone(config.storage, logger: app.logger) {
            try await StartupStep.run("Migrating the database") { try await app.autoMigrate() }
            try await StartupStep.run("Checking what the read caches count") { try await ReadTriggerCheck.verify(readVersions.declared, on: app.db) }
            try await DatabaseSetup.neverReuseIDs(on: app.db)
            if let devAPIKey {
                try await platform.apiKeys.ensureDevKeyRegistered(devAPIKey, on: app.db)
            } else if let former = dataDirectory.existingSecret(named: "dev-api-key") {
                try await platform.apiKeys.revokeDevKey(former, on: app.db)
            }
        }
        try await app.startModuleServices([platform.walCheckpoints, platform.dedicatedWrites, platform.broadcast, platform.liveAccess, platform.events, platform.sockets, platform.pushes,
                                      platform.appointmentReminders] + modules.flatMap(\.services))

        app.sessions.use { _ in WebSessionStore(clock: dependencies.clock, ids: dependencies.ids) }
        app.sessions.configuration = WebSessionCookie.configuration(secure: config.servesHTTPS)
        app.routes.defaultMaxBodySize = DocumentedRoutes.jsonBodyLimit
        app.middleware = Middlewares()
        app.http.server.configuration.reportMetrics = false
        app.http.server.configuration.idleTimeout = .seconds(Int64(config.idleTimeoutSeconds))
        app.middleware.use(RequestLogMiddleware(metrics: RequestMetrics()))
        app.middleware.use(SecurityHeadersMiddleware(https: config.servesHTTPS))
        app.middleware.use(ConditionalGetMiddleware())
        app.middleware.use(UnexpectedErrorMiddleware())
        app.middleware.use(UnmatchedRequestMiddleware(mounts: WebShell.mountPoints(sessions: app.sessions.middleware) + PhoneAuthRoutes.mountPoints() + modules.flatMap(\.mountPoints)))

        let platformDocument = APIDocument(
            name: "platform", title: "Sprout platform API",
            summary: "Health, API documents and uploaded files, shared by every app.",
            errors: .json(ErrorBody.self)
        )
        let documents = [platformDocument, PhoneAuthRoutes.document()] + modules.flatMap(\.apiDocuments)
        let shell = PageRoutes(app.routes).grouped(app.sessions.middleware, PageErrorMiddleware())
        let pageMiddleware: [any Middleware] = [CSRFMiddleware(secureCookie: config.servesHTTPS), PageExitMiddleware()]
        try routes(app, platform: platform, modules: modules, documents: documents, pages: shell.grouped(pageMiddleware))
        console.register(pages: shell, pageMiddleware: pageMiddleware)
        MetricsController(config.environment)?.register(on: DocumentedRoutes(app.routes, document: platformDocument))

        if config.loadsDemoData {
            try await DatabaseSetup.alone(config.storage, logger: app.logger) {
                try await StartupStep.run("Loading the demo data") { try await DemoData.loadIfEmpty(on: app.db, platform: platform, modules: modules) }
            }
        }
        return Running(
            platform: platform, modules: modules, documents: documents, console: console, devAPIKey: devAPIKey,
            demoAccounts: try await DemoData.existingAccounts(on: app.db)
        )
    }

    private static func routes(_ app: Application, platform: PlatformServices, modules: [any AppModule], documents: [APIDocument], pages: any RoutesBuilder) throws {
        let platformAPI = DocumentedRoutes(app.routes, document: documents[0])
        platformAPI.onResponse(ServerRoutes.health, doc: .init(
            "Health: the process and its database", responses: [200: "{status, database}", 503: "The database does not answer"],
            answer: HealthController.Health.self, answerAlsoFor: [503]
        ), use: HealthController(database: { app.db }).health)
        platformAPI.onResponse(ServerRoutes.upload, doc: .init(
            "An uploaded file", description: "Paths are the relative `uploads/…` strings that upload endpoints return.",
            responses: [200: "The file's bytes", 304: "Not modified (ETag)", 404: "No such file"], responseContent: "image/*"
        )) { req in try await platform.files.serve(["uploads"] + req.parameters.getCatchall(), for: req) }
        AccountsController(accounts: platform.accounts, tokens: platform.tokens, liveAccess: platform.liveAccess, phoneSignIn: platform.phoneSignIn).register(on: platformAPI.grouped(platform.ipRateLimit))
        try ConversationRoutes.register(platform, api: platformAPI, pages: pages)
        CalendarRoutes.register(platform, api: platformAPI)
        PlacesRoutes.register(platform, api: platformAPI)
        platform.sockets.register(on: platformAPI.grouped(platform.ipRateLimit))
        PhoneAuthRoutes.register(platform.phoneSignIn, on: app.routes, document: documents[1], ipRateLimit: platform.ipRateLimit)
        DocsController(documents: documents).register(api: platformAPI, pages: pages)
        WebAssets([try ModuleAssets.platform()] + modules.compactMap(\.assets) + [try OperatorConsole.assets()]).register(on: pages, app: app)
        Favicon.register(on: pages)
        let tiles = HubTile.arranged(modules.map(\.hubTile))
        let shortcuts = tiles.compactMap { tile in
            modules.first { $0.name == tile.app }.map { AccountPage.AppShortcuts(tile: tile, shortcuts: $0.accountShortcuts) }
        }
        HubController(platform: platform, tiles: tiles, shortcuts: shortcuts.filter { !$0.shortcuts.isEmpty }).register(on: pages)
        PhoneSignInPages(phoneSignIn: platform.phoneSignIn, accounts: platform.accounts).register(on: pages)
        for module in modules {
            try module.registerRoutes(on: app.routes, pages: pages)
        }
    }
}
