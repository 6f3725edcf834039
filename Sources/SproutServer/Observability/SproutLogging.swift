import Foundation
import Platform
import PlatformCore
import Vapor

/// Chooses how the process logs, before anything logs: Vapor's console lines by default (each kept
/// one line: `OneLineLogHandler`), one JSON object per line with `LOG_FORMAT=json`. The level comes from `--log` or `LOG_LEVEL` either way.
public enum SproutLogging {
    public enum Format: Sendable { case text, json }

    @discardableResult
    public static func bootstrap(from environment: inout Environment, variables: [String: String] = ProcessInfo.processInfo.environment) throws -> Format {
        switch variables["LOG_FORMAT"]?.lowercased() ?? "" {
        case "", "text":
            try LoggingSystem.bootstrap(from: &environment) { level in
                let console = Terminal()
                return { label in OneLineLogHandler(wrapped: ConsoleLogger(label: label, console: console, level: level)) }
            }
            return .text
        case "json":
            try LoggingSystem.bootstrap(from: &environment) { level in
                { label in JSONLogHandler(label: label, level: level) }
            }
            return .json
        default:
            throw ConfigError.invalid(name: "LOG_FORMAT", value: variables["LOG_FORMAT"] ?? "", expected: "text or json")
        }
    }
}
