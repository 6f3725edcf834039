import Fluent
import Foundation
import Platform

/// The reports waiting for an operator: every reported thing with a report the console has not
/// dealt with, each with the thing as its app shows it. A thing dealt with opens again when
/// someone reports it later.
struct ReportQueue: Sendable {
    enum Order: String, CaseIterable, Sendable {
        /// The most reported first, the newest report breaking ties.
        case mostReported = "most"
        case newest
    }

    struct Shown: Sendable {
        let reports: ReportDesk.Case
        /// nil once its app no longer has it (deleted by its owner).
        let thing: ReportedThing?
        let isOpen: Bool
    }

    /// The most cases one page of the queue shows.
    static let pageSize = 50

    let desk: ReportDesk
    let contents: ModeratedContentDirectory

    func open(app: String? = nil, kind: String? = nil, order: Order = .mostReported, on db: any Database) async throws -> [Shown] {
        let closed = try await closedUpTo(on: db)
        let waiting = try await desk.cases(on: db)
            .filter { $0.lastReportID > closed["\($0.app)\u{0}\($0.subject)", default: 0] && (app == nil || $0.app == app) }
            .sorted(by: order == .newest ? { ($0.latest, $0.count) > ($1.latest, $1.count) } : { ($0.count, $0.latest) > ($1.count, $1.latest) })
        var shown: [Shown] = []
        for reports in waiting where shown.count < Self.pageSize {
            let thing = try await contents.offered(by: reports.app)?.reported(reports.subject, reportedAt: reports.first, on: db)
            if let kind, thing?.item.kind != kind { continue }
            shown.append(Shown(reports: reports, thing: thing, isOpen: true))
        }
        return shown
    }

    func openCount(on db: any Database) async throws -> Int {
        let closed = try await closedUpTo(on: db)
        return try await desk.cases(on: db).filter { $0.lastReportID > closed["\($0.app)\u{0}\($0.subject)", default: 0] }.count
    }

    /// One reported thing, open or dealt with.
    func reportCase(app: String, subject: String, on db: any Database) async throws -> Shown {
        guard let reports = try await desk.cases(on: db).first(where: { $0.app == app && $0.subject == subject }) else { throw ConsoleError.unknownCase }
        let closed = try await CaseClosure.query(on: db).filter(\.$app == app).filter(\.$subject == subject).max(\.$closedUpTo) ?? 0
        let thing = try await contents.offered(by: app)?.reported(subject, reportedAt: reports.first, on: db)
        return Shown(reports: reports, thing: thing, isOpen: reports.lastReportID > closed)
    }

    /// Marks the case dealt with up to its newest report.
    func close(_ reports: ReportDesk.Case, outcome: AuditLog.Action, owner: String?, at now: Date, on db: any Database) async throws {
        let existing = try await CaseClosure.query(on: db).filter(\.$app == reports.app).filter(\.$subject == reports.subject)
            .filter(\.$closedUpTo == reports.lastReportID).first()
        guard existing == nil else { return }
        try await CaseClosure(app: reports.app, subject: reports.subject, closedUpTo: reports.lastReportID, outcome: outcome, ownerID: owner, closedAt: now)
            .create(on: db)
    }

    private func closedUpTo(on db: any Database) async throws -> [String: Int] {
        try await CaseClosure.query(on: db).all().reduce(into: [:]) { closed, row in
            let key = "\(row.app)\u{0}\(row.subject)"
            closed[key] = max(closed[key, default: 0], row.closedUpTo)
        }
    }
}
