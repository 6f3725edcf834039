import Platform
import Vapor

/// The console's handlers: each reads what the request names, asks the rules, and hands the
/// views what to draw. A refused action comes back to its page with the reason named in the
/// query (`problem=`), so a reload never repeats it.
struct ConsolePages: Sendable {
    let queue: ReportQueue
    let actions: ConsoleActions
    let audit: AuditLog
    let operators: Operators
    let stats: ActivityStats

    func register(on pages: any RoutesBuilder) {
        pages.get(ConsolePaths.queue, use: showQueue)
        pages.get(ConsolePaths.reportCase, use: showCase)
        pages.post(ConsolePaths.hide, use: hide)
        pages.post(ConsolePaths.dismiss, use: dismiss)
        pages.get(ConsolePaths.account, use: showAccount)
        pages.post(ConsolePaths.accountState, use: changeAccount)
        pages.get(ConsolePaths.audit, use: showAudit)
        pages.get(ConsolePaths.activity, use: showActivity)
    }

    func showQueue(_ req: Request) async throws -> Response {
        let (context, _) = try await req.consoleActor()
        let asked = try req.queryFields(ConsoleQuery.self)
        let filter = ConsoleViews.QueueFilter(
            app: Self.word(asked.app), kind: Self.word(asked.kind),
            order: Self.word(asked.order).flatMap(ReportQueue.Order.init(rawValue:)) ?? .mostReported
        )
        let cases = try await queue.open(app: filter.app, kind: filter.kind, order: filter.order, on: req.db)
        return ConsoleViews.queue(context, cases, filter: filter, openCount: try await queue.openCount(on: req.db), done: Self.word(asked.done))
    }

    func showCase(_ req: Request) async throws -> Response {
        let (context, _) = try await req.consoleActor()
        let shown = try await reportCase(req, at: ConsolePaths.reportCase)
        let asked = try req.queryFields(ConsoleQuery.self)
        let owner = try await shown.thing?.ownerID.asyncMap { try await AccountHistory.of($0, audit: audit, operators: operators, on: req.db) }
        return ConsoleCaseViews.page(context, shown, owner: owner, openCount: try await queue.openCount(on: req.db),
                                     done: Self.word(asked.done), problem: Self.word(asked.problem))
    }

    func hide(_ req: Request) async throws -> Response {
        let (_, actor) = try await req.consoleActor()
        let shown = try await reportCase(req, at: ConsolePaths.hide)
        let form = try req.content.decode(ActionForm.self)
        guard let kind = form.kind, let id = form.id else { throw Abort(.badRequest) }
        let hidden = form.hidden == "1"
        return try await act(req, back: Self.casePath(shown)) {
            try await actions.setHidden(hidden, ModeratedItem(kind: kind, id: id), in: shown, reason: form.reason ?? "", telling: form.telling,
                                        by: actor, on: req.db)
            return hidden ? "hidden" : "restored"
        }
    }

    func dismiss(_ req: Request) async throws -> Response {
        let (_, actor) = try await req.consoleActor()
        let shown = try await reportCase(req, at: ConsolePaths.dismiss)
        let form = try req.content.decode(ActionForm.self)
        return try await act(req, back: Self.casePath(shown), after: ConsolePaths.queue.link) {
            try await actions.dismiss(shown, reason: form.reason ?? "", telling: form.telling, by: actor, on: req.db)
            return "dismissed"
        }
    }

    func showAccount(_ req: Request) async throws -> Response {
        let (context, actor) = try await req.consoleActor()
        guard let id = ConsolePaths.account.parameters(in: req) else { throw Abort(.notFound) }
        let asked = try req.queryFields(ConsoleQuery.self)
        let history: AccountHistory
        do {
            history = try await AccountHistory.of(id, audit: audit, operators: operators, on: req.db)
        } catch ConsoleError.unknownAccount {
            throw Abort(.notFound)
        }
        return ConsoleAccountViews.page(context, history, isMe: actor.accountID == id, openCount: try await queue.openCount(on: req.db),
                                        done: Self.word(asked.done), problem: Self.word(asked.problem))
    }

    /// Disables or enables an account, from its page or from a case about one of its things.
    func changeAccount(_ req: Request) async throws -> Response {
        let (_, actor) = try await req.consoleActor()
        guard let id = ConsolePaths.accountState.parameters(in: req) else { throw Abort(.notFound) }
        let form = try req.content.decode(ActionForm.self)
        let shown: ReportQueue.Shown? = if let app = form.app, let subject = form.subject {
            try? await queue.reportCase(app: app, subject: subject, on: req.db)
        } else {
            nil
        }
        let disabled = form.disabled == "1"
        let back = shown.map(Self.casePath) ?? ConsolePaths.account.link(id)
        return try await act(req, back: back) {
            try await actions.setDisabled(disabled, account: id, closing: shown, reason: form.reason ?? "", telling: form.telling, by: actor, on: req.db)
            return disabled ? "disabled" : "enabled"
        }
    }

    func showAudit(_ req: Request) async throws -> Response {
        let (context, _) = try await req.consoleActor()
        let action = Self.word(try req.queryFields(ConsoleQuery.self).action).flatMap(AuditLog.Action.init(rawValue:))
        return ConsoleAuditViews.page(context, try await audit.entries(action: action, on: req.db), action: action,
                                      openCount: try await queue.openCount(on: req.db))
    }

    func showActivity(_ req: Request) async throws -> Response {
        let (context, _) = try await req.consoleActor()
        async let days = stats.lastDays(on: req.db)
        async let openers = stats.busiestOpeners(on: req.db)
        return ConsoleActivityViews.page(context, days: try await days, openers: try await openers, openCount: try await queue.openCount(on: req.db))
    }

    /// The fields of every action form; each form sends the ones it has.
    struct ActionForm: Content {
        var kind: String?
        var id: String?
        var hidden: String?
        var disabled: String?
        var reason: String?
        var app: String?
        var subject: String?
        var tellReporters: String?
        var tellOwner: String?

        enum CodingKeys: String, CodingKey {
            case kind, id, hidden, disabled, reason, app, subject
            case tellReporters = "tell_reporters"
            case tellOwner = "tell_owner"
        }

        var telling: ConsoleActions.Telling { .init(reporters: tellReporters == "1", owner: tellOwner == "1") }
    }

    /// The report case `path` names: an app and the subject reported in it.
    private func reportCase(_ req: Request, at path: PagePath<(String, String)>) async throws -> ReportQueue.Shown {
        guard let (app, subject) = path.parameters(in: req) else { throw Abort(.notFound) }
        do {
            return try await queue.reportCase(app: app, subject: subject, on: req.db)
        } catch ConsoleError.unknownCase {
            throw Abort(.notFound)
        }
    }

    /// Runs an action and goes to `after` (or back) saying what was done, or back naming what was refused.
    private func act(_ req: Request, back: String, after: String? = nil, _ action: () async throws -> String) async throws -> Response {
        do {
            let done = try await action()
            let target = after ?? back
            return req.redirect(to: PageQuery.adding(ConsoleQuery(done: done), to: target), redirectType: .normal)
        } catch let error as ConsoleError {
            switch error {
            case .unknownCase, .unknownThing, .unknownAccount: throw Abort(.notFound)
            case .ownAccount: return req.redirect(to: PageQuery.adding(ConsoleQuery(problem: "own-account"), to: back), redirectType: .normal)
            case .reasonNeeded: return req.redirect(to: PageQuery.adding(ConsoleQuery(problem: "reason-needed"), to: back), redirectType: .normal)
            case .reasonTooLong: return req.redirect(to: PageQuery.adding(ConsoleQuery(problem: "reason-too-long"), to: back), redirectType: .normal)
            }
        }
    }

    static func casePath(_ shown: ReportQueue.Shown) -> String {
        ConsolePaths.reportCase.link((shown.reports.app, shown.reports.subject))
    }

    /// A short query value of letters, digits, `-` and `_`, or nil: filters and notices only.
    private static func word(_ value: String?) -> String? {
        guard let value, (1...40).contains(value.count),
              value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        return value
    }
}

extension Optional {
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

/// The console pages' query fields: the queue's filters and order, the audit's action, and what
/// a page was sent back for (the action done, or the problem that refused it). Each is read as a
/// short word (`ConsolePages.word`), since it is shown or matched, never stored.
struct ConsoleQuery: Codable {
    var app: String?
    var kind: String?
    var order: String?
    var action: String?
    var done: String?
    var problem: String?
}
