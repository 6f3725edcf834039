import Fluent
import Vapor

/// One of Sprout's apps. The server asks each module for its tables, its routes, its OpenAPI
/// document, its demo data and its tile on the hub; a module never imports another one.
public protocol AppModule: Sendable {
    /// Stable short name: `lessons`, `market`, … (used in paths and documents).
    var name: String { get }
    var migrations: [any Migration] { get }
    /// The module's API description; every API route it registers must appear in it.
    var apiDocument: APIDocument { get }
    var hubTile: HubTile { get }
    func registerRoutes(on routes: any RoutesBuilder, pages: any RoutesBuilder) throws
    /// Loads the module's demo content; runs once, on an empty database, after the platform's.
    func seedDemoData(on db: any Database, demo: DemoAccounts) async throws
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
