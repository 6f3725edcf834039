import Foundation
import Logging
import NIOConcurrencyHelpers

/// `LOG_FORMAT=json`: one JSON object per line (time, level, label, message and every metadata
/// key at the top level), for log shippers that read lines rather than a console's prose.
/// swift-log ships no such handler, and the one in Vapor writes text only.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    let write: @Sendable (String) -> Void

    init(label: String, level: Logger.Level, write: @escaping @Sendable (String) -> Void = JSONLogHandler.standardOutput) {
        self.label = label
        self.logLevel = level
        self.write = write
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields: [String: Any] = metadata.merging(event.metadata ?? [:]) { $1 }.mapValues(Self.json)
        fields["time"] = Self.timestamp(Date())
        fields["level"] = event.level.rawValue
        fields["label"] = label
        fields["message"] = event.message.description
        if event.level >= .error { fields["source"] = "\(event.file):\(event.line)" }
        guard let line = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        write(String(decoding: line, as: UTF8.self))
    }

    private static func json(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case let .string(string): string
        // Numbers stay numbers (`status`, `latency_ms`), so a log query can compare them.
        case let .stringConvertible(integer as any BinaryInteger): Int64(clamping: integer)
        case let .stringConvertible(number as Double) where number.isFinite: number
        case let .stringConvertible(convertible): convertible.description
        case let .array(values): values.map(json)
        case let .dictionary(values): values.mapValues(json)
        }
    }

    private static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }

    /// Whole lines only: two tasks logging at once never interleave inside one.
    static let standardOutput: @Sendable (String) -> Void = { line in
        outputLock.withLock { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    }

    private static let outputLock = NIOLock()
}
