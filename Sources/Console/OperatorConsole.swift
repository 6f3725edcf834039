import Fluent
import Platform
import PlatformCore
import Vapor

/// The operator console at `/admin`: the report queue with each thing in context, actions that
/// take effect at once on every instance, the audit log and the activity at a glance. It sits
/// over the platform and sees the apps only through what they offer it (`ModeratedContent`);
/// only accounts the command line named as operators get in.
public struct OperatorConsole: Sendable {
    let platform: PlatformServices
    let audit: AuditLog
    let operators: Operators
    let queue: ReportQueue

    public init(platform: PlatformServices) {
        self.platform = platform
        audit = AuditLog(clock: platform.clock)
        operators = Operators(clock: platform.clock, audit: audit)
        queue = ReportQueue(desk: ReportDesk(clock: platform.clock), contents: platform.moderatedContent)
    }

    public var migrations: [any Migration] {
        [CreateConsoleOperators(), CreateConsoleAudit(), CreateConsoleCaseClosures()]
    }

    /// Its stylesheet, linked from its own pages (`/admin/…`) only.
    public static func assets() throws -> ModuleAssets {
        try ModuleAssets(module: "admin", bundle: .module, names: ["console.css"])
    }

    /// The console's pages. The operator gate comes before `pageMiddleware` (the CSRF check and
    /// the rest every page has) and the rate limit, so someone who is not an operator gets the
    /// 404 of an unknown path whatever they send, never a refusal that tells the console is there.
    public func register(pages: any RoutesBuilder, pageMiddleware: [any Middleware]) {
        let console = pages.grouped(OperatorGate(operators: operators), platform.ipRateLimit).grouped(pageMiddleware)
        ConsolePages(queue: queue, actions: ConsoleActions(platform: platform, queue: queue, audit: audit), audit: audit, operators: operators,
                     stats: ActivityStats(clock: platform.clock)).register(on: console)
    }

    // MARK: The command line

    /// Makes an account an operator or stops it being one (`sprout accounts grant-admin|revoke-admin`);
    /// answers whether anything changed.
    public func setOperator(_ granted: Bool, _ account: Account, on db: any Database) async throws -> Bool {
        try await operators.set(granted, account, by: .commandLine, on: db)
    }

    /// The audit log for `sprout audit`, newest first: one line per action.
    public func auditLines(limit: Int, on db: any Database) async throws -> [String] {
        try await audit.entries(limit: limit, on: db).map { entry in
            [String(entry.id), SeoulTime.wire(entry.at), entry.operatorName, entry.action.rawValue, entry.item.app, entry.item.kind, entry.item.id,
             entry.accountID ?? "-", entry.reason.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")]
                .joined(separator: "\t")
        }
    }
}
