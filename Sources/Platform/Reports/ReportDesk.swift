import Fluent
import FluentSQL
import Foundation
import PlatformCore

/// Why something is reported, in the words Korean markets and class apps offer.
public enum ReportReason: String, CaseIterable, Sendable {
    case prohibited, fraud, spam, abusive, other
}

/// What is reported: an app's thing, by that app's id, on the page at `path`.
public struct ReportSubject: Sendable {
    public let app: String
    public let id: String
    public let path: String

    public init(app: String, id: String, path: String) {
        self.app = app
        self.id = id
        self.path = path
    }
}

public enum ReportError: Error, Equatable {
    case unknownReason
    case noteTooLong(maximum: Int)
}

/// Takes reports and lists them for the operator. A person reports a thing once; reporting it
/// again, or twice at the same moment, leaves the first report as it was.
public struct ReportDesk: Sendable {
    public enum Outcome: Equatable, Sendable {
        case filed, alreadyFiled
    }

    /// Everything reported about one thing, for `sprout reports` and the operator console.
    public struct Case: Equatable, Sendable {
        public let app: String
        public let subject: String
        public let path: String
        public let reasons: [ReportReason: Int]
        public let notes: [String]
        public let latest: Date
        public let first: Date
        /// The newest report's number: a case the console closed opens again with a later one.
        public let lastReportID: Int
        public let reporterIDs: [String]

        public var count: Int { reasons.values.reduce(0, +) }
    }

    public static let maxNoteLength = 500

    let clock: WallClock

    public init(clock: WallClock) {
        self.clock = clock
    }

    /// `reason` and `note` as a form sent them; checked before anything is stored.
    public func file(_ subject: ReportSubject, by reporterID: String, reason: String, note: String, on db: any Database) async throws -> Outcome {
        guard let reason = ReportReason(rawValue: reason) else { throw ReportError.unknownReason }
        let note = note.trimmingCharacters(in: .whitespacesAndNewlines)
        guard note.count <= Self.maxNoteLength else { throw ReportError.noteTooLong(maximum: Self.maxNoteLength) }
        let sql = try db.sql()
        let inserted = try await sql.insert(into: Report.schema)
            .columns("app", "subject", "path", "reporter_id", "reason", "note", "created_at")
            .values(SQLBind(subject.app), SQLBind(subject.id), SQLBind(subject.path), SQLBind(reporterID), SQLBind(reason.rawValue),
                    SQLBind(note), SQLBind(clock.now()))
            .ignoringConflicts(with: ["app", "subject", "reporter_id"])
            .returning("id")
            .all()
        return inserted.isEmpty ? .alreadyFiled : .filed
    }

    /// Every reported thing, the most reported first.
    public func cases(on db: any Database) async throws -> [Case] {
        let reports = try await Report.query(on: db).sort(\.$createdAt).all()
        let grouped = Dictionary(grouping: reports) { "\($0.app)\u{0}\($0.subject)" }
        return grouped.values.compactMap { reports -> Case? in
            guard let first = reports.first, let last = reports.last else { return nil }
            return Case(
                app: first.app, subject: first.subject, path: last.path,
                reasons: Dictionary(reports.compactMap { ReportReason(rawValue: $0.reason) }.map { ($0, 1) }, uniquingKeysWith: +),
                notes: reports.map(\.note).filter { !$0.isEmpty }, latest: last.createdAt, first: first.createdAt,
                lastReportID: reports.compactMap(\.id).max() ?? 0, reporterIDs: reports.map(\.reporterID)
            )
        }.sorted { ($0.count, $0.latest) > ($1.count, $1.latest) }
    }
}
