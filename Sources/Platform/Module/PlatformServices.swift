import Fluent
import Media
import PlatformCore
import Vapor

/// Everything the platform offers to app modules, built once at start-up and handed to each
/// module's initialiser (modules never reach into `Application.storage` for it).
public struct PlatformServices: Sendable {
    public let config: SproutConfig
    public let clock: WallClock
    public let ids: IdentifierGenerator
    public let accounts: AccountDirectory
    public let tokens: TokenService
    public let apiKeys: APIKeyRegistry
    public let files: FileStore
    public let rateLimiter: RateLimiter
    /// Phone sign-in (SeSAC Study's identity, and phone linking on the web).
    public let phoneSignIn: PhoneSignIn
    /// Events for every instance sharing the database (a chat for a socket another one holds).
    public let broadcast: InstanceBroadcast
    /// Push notifications to devices, sent in the background with retries:
    /// `pushes.enqueue(PushMessage(title:body:data:), to: fcmToken, app:on:)`; a module hears of
    /// a dead token through `pushes.onDeadToken(app:)`.
    public let pushes: PushOutbox
    /// The browsers and devices each account's notifications are pushed to.
    public let pushSubscriptions: PushSubscriptions
    /// In-app purchase receipts: `receipts.verify(base64Receipt)`.
    public let receipts: any ReceiptVerifier
    /// The database's write counters, which `AnswerCache`s key their answers by.
    public let readVersions: ReadVersions
    /// Each account's live events (`GET /api/events`).
    public let events: AccountEvents
    /// What happened for an account: `notifications.notify(accountID, app:kind:text:link:on:)`.
    public let notifications: AccountNotifications
    /// Conversations between two people about a module's things (`AppModule.conversationSubjects`).
    public let messenger: Messenger
    /// Appointments (약속) proposed and agreed in conversations.
    public let appointments: Appointments
    /// Reminds both people of an accepted appointment an hour before it.
    public let appointmentReminders: AppointmentReminderService
    /// The connection a batch of messages is written on (SQLite).
    public let dedicatedWrites: DedicatedWrites
    /// Copies SQLite's WAL into the database file beside the writes.
    public let walCheckpoints: WALCheckpoints
    public let conversationSubjects: ConversationSubjectDirectory
    /// What each app shows and hides of what people report (`AppModule.moderatedContent`).
    public let moderatedContent: ModeratedContentDirectory
    /// Ends event streams and sockets when the access that opened them ends.
    public let liveAccess: LiveAccessWatch
    /// Admits event streams and sockets by client address and in all.
    public let liveConnections: LiveConnections
    /// Each account's sessions and appointments as a calendar feed (`AppModule.calendarSource`).
    public let calendars: CalendarFeeds
    /// The Socket.IO endpoint (`/socket.io/`); modules serve namespaces on it (`AppModule.socketNamespaces`).
    public let sockets: SocketIOServer
    /// Korea's 읍·면·동 with their centres: a person's 동네, and the ones near it (`GET /api/places`).
    public let neighbourhoods: Neighbourhoods

    public init(
        config: SproutConfig, clock: WallClock, ids: IdentifierGenerator, accounts: AccountDirectory, tokens: TokenService, apiKeys: APIKeyRegistry,
        files: FileStore, rateLimiter: RateLimiter, phoneSignIn: PhoneSignIn, broadcast: InstanceBroadcast, push: any PushSender, browserPush: any BrowserPushSender,
        pushHosts: PushServiceHosts, receipts: any ReceiptVerifier,
        readVersions: ReadVersions, images: ImagePipeline, neighbourhoods: Neighbourhoods
    ) {
        self.config = config
        self.clock = clock
        self.ids = ids
        self.accounts = accounts
        self.tokens = tokens
        self.apiKeys = apiKeys
        self.files = files
        self.rateLimiter = rateLimiter
        self.phoneSignIn = phoneSignIn
        self.broadcast = broadcast
        pushes = PushOutbox(sender: push, browsers: browserPush, clock: clock)
        pushSubscriptions = PushSubscriptions(hosts: pushHosts, outbox: pushes, clock: clock)
        self.receipts = receipts
        self.readVersions = readVersions
        if let listened = readVersions.listened { broadcast.follow(with: listened) }
        self.neighbourhoods = neighbourhoods
        liveAccess = LiveAccessWatch(clock: clock, interval: config.liveAccessCheckInterval)
        liveConnections = LiveConnections(perClient: config.livePerClient, total: config.liveTotal ?? LiveConnections.descriptorBudget().live)
        events = AccountEvents(broadcast: broadcast, access: liveAccess, clock: clock)
        dedicatedWrites = DedicatedWrites(storage: config.storage)
        walCheckpoints = WALCheckpoints(storage: config.storage)
        notifications = AccountNotifications(clock: clock, events: events, pushes: pushSubscriptions)
        conversationSubjects = ConversationSubjectDirectory(declared: readVersions.declared)
        moderatedContent = ModeratedContentDirectory()
        calendars = CalendarFeeds(ids: ids, clock: clock)
        sockets = SocketIOServer(phoneSignIn: phoneSignIn, tokens: tokens, access: liveAccess, connections: liveConnections, ids: ids,
                                 pingInterval: config.socketPingInterval, instanceName: config.instanceName)
        messenger = Messenger(clock: clock, ids: ids, events: events, notifications: notifications, subjects: conversationSubjects,
                              photos: PhotoStore(files: files, images: images, area: "conversations"), broadcast: broadcast, readVersions: readVersions,
                              writes: dedicatedWrites, limits: config.conversationLimits)
        moderatedContent.register([ConversationModeration(messenger: messenger)])
        appointments = Appointments(messenger: messenger, notifications: notifications, clock: clock)
        appointmentReminders = AppointmentReminderService(reminders: AppointmentReminders(notifications: notifications, clock: clock),
                                                          interval: config.appointmentReminderInterval)
        calendars.sources.register([AppointmentCalendar(clock: clock)])
    }

    /// Room for the most files one upload may carry, at the largest size each may be, plus a
    /// megabyte for the other parts of the form.
    public var uploadBodyLimit: ByteCount {
        ByteCount(value: config.maxUploadBytes * max(config.maxUploadCount, 1) + 1_048_576)
    }

    /// The rate limit for one client IP, to put inside an API's error middleware.
    public var ipRateLimit: RateLimitMiddleware {
        RateLimitMiddleware(limiter: rateLimiter, settings: config.rateLimit, scope: .clientIP)
    }

    /// The rate limit for one account, to put after an API's authenticator.
    public var accountRateLimit: RateLimitMiddleware {
        RateLimitMiddleware(limiter: rateLimiter, settings: config.rateLimit, scope: .account)
    }
}

extension PlatformServices {
    /// Ends every session of the account: its web sessions and the refresh tokens of every app
    /// signed in with it, and with them its live streams and sockets on every instance. Access
    /// and ID tokens already handed out live out their minutes on plain requests.
    public func endEverySession(of accountID: String, on db: any Database) async throws {
        try await WebSessionStore.endAll(for: accountID, on: db)
        try await tokens.revokeAll(for: accountID, on: db)
        try await phoneSignIn.revoke(allFor: accountID, on: db)
        liveAccess.checkSoon()
    }
}
