import Fluent
import Media
import OpenAPIDocuments
import PlatformCore
import Vapor

/// One of Sprout's apps. A module is built from the platform's services, reads its own settings,
/// and brings its tables, routes, mount points, long-running services, OpenAPI document, demo
/// data and hub tile; the server assembles the modules it is given and a module never imports
/// another one.
public protocol AppModule: Sendable {
    /// Builds the module; reads and validates its own configuration section from
    /// `context.environment`, throwing `ConfigError` (one line naming the variable) on a bad value.
    init(context: ModuleContext) throws
    /// Stable short name: `lessons`, `market`, … (used in paths and documents).
    var name: String { get }
    var migrations: [any Migration] { get }
    /// The module's API description; every API route it registers must appear in it.
    var apiDocument: APIDocument { get }
    var hubTile: HubTile { get }
    /// Where a signed-in person finds their own things in the app, listed on their account page.
    var accountShortcuts: [AccountShortcut] { get }
    /// The path prefixes the module's contracts own, each answering its own unknown paths.
    var mountPoints: [MountPoint] { get }
    /// Long-running work (a realtime hub, LISTEN/NOTIFY, timers): started once the database is
    /// migrated, stopped in reverse order when the application shuts down.
    var services: [any ModuleService] { get }
    /// The module's stylesheets and scripts, linked from every page.
    var assets: ModuleAssets? { get }
    /// Operator commands the module adds to `sprout`, by name (`curation` is `sprout curation …`).
    var commands: [String: any AnyAsyncCommand] { get }
    /// The module's stored files that belong to an account, deleted when the account is withdrawn.
    var accountFiles: (any AccountFileOwner)? { get }
    /// The module's things people can start a conversation about (a product, a lesson).
    var conversationSubjects: (any ConversationSubjects)? { get }
    /// The module's reported things as the operator console shows and hides them.
    var moderatedContent: (any ModeratedContent)? { get }
    /// What the module puts on a person's calendar feed (a lesson session, an appointment).
    var calendarSource: (any CalendarSource)? { get }
    /// The module's API documents: its contract's, and Sprout's own API beside it where that
    /// speaks another shape (errors, credentials). Every API route it registers is in one.
    var apiDocuments: [APIDocument] { get }
    /// The Socket.IO namespaces the module serves on `/socket.io/`.
    var socketNamespaces: [any SocketNamespace] { get }
    func registerRoutes(on routes: any RoutesBuilder, pages: any RoutesBuilder) throws
    /// Loads the module's demo content; runs once, on an empty database, after the platform's.
    func seedDemoData(on db: any Database, demo: DemoAccounts) async throws
}

extension AppModule {
    public var services: [any ModuleService] { [] }
    public var accountShortcuts: [AccountShortcut] { [] }
    public var assets: ModuleAssets? { nil }
    public var commands: [String: any AnyAsyncCommand] { [:] }
    public var accountFiles: (any AccountFileOwner)? { nil }
    public var conversationSubjects: (any ConversationSubjects)? { nil }
    public var socketNamespaces: [any SocketNamespace] { [] }
    public var calendarSource: (any CalendarSource)? { nil }
    public var moderatedContent: (any ModeratedContent)? { nil }
    public var apiDocuments: [APIDocument] { [apiDocument] }
}

/// What the platform hands every module when it is built.
public struct ModuleContext: Sendable {
    public let platform: PlatformServices
    public let images: ImagePipeline
    /// The process environment, for the module's own settings.
    public let environment: EnvironmentReader
    /// An HTTP client for adapters to outside providers; only ask for it when one is configured.
    public let client: @Sendable () -> any Client

    public init(platform: PlatformServices, images: ImagePipeline, environment: EnvironmentReader, client: @escaping @Sendable () -> any Client) {
        self.platform = platform
        self.images = images
        self.environment = environment
        self.client = client
    }
}

/// The accounts the platform seeds, so modules can give them content.
public struct DemoAccounts: Sendable {
    public let accounts: [Account]
    public let password: String

    public init(accounts: [Account], password: String) {
        self.accounts = accounts
        self.password = password
    }
}
