import Foundation

/// Reads settings from environment variables, failing with the variable's name on a value that
/// does not parse rather than silently falling back to a default the operator did not ask for.
public struct EnvironmentReader: Sendable {
    private let env: [String: String]

    public init(_ env: [String: String]) { self.env = env }

    /// These settings with `name` set to `value` unless it is set at all (empty included): what a
    /// test harness uses to keep a default of its own (no outside services) that a test may override.
    public func defaulting(_ name: String, to value: String) -> EnvironmentReader {
        var env = env
        if env[name] == nil { env[name] = value }
        return EnvironmentReader(env)
    }

    /// The value, or nil when unset or empty.
    public func string(_ name: String) -> String? {
        env[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the variable is set to nothing at all (`NAME=`), which a setting that has no
    /// meaning empty refuses rather than reading as unset.
    public func isSetEmpty(_ name: String) -> Bool {
        env[name].map { $0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false
    }

    /// An http(s) URL with a host, without a trailing slash, or nil when unset.
    public func httpURL(_ name: String) throws -> String? {
        guard let raw = string(name) else { return nil }
        guard raw.hasPrefix("http://") || raw.hasPrefix("https://"), let host = URLComponents(string: raw)?.host, !host.isEmpty else {
            throw ConfigError.invalid(name: name, value: raw, expected: "an http(s):// URL")
        }
        return raw.hasSuffix("/") ? String(raw.dropLast()) : raw
    }

    public func integer(_ name: String, default value: Int) throws -> Int {
        guard let raw = env[name], !raw.isEmpty else { return value }
        guard let parsed = Int(raw), parsed >= 0 else {
            throw ConfigError.invalid(name: name, value: raw, expected: "a whole number ≥ 0")
        }
        return parsed
    }

    public func seconds(_ name: String, default value: TimeInterval) throws -> TimeInterval {
        guard let raw = env[name], !raw.isEmpty else { return value }
        guard let parsed = Int(raw), parsed > 0 else {
            throw ConfigError.invalid(name: name, value: raw, expected: "a number of seconds > 0")
        }
        return TimeInterval(parsed)
    }

    public func flag(_ name: String, default value: Bool) throws -> Bool {
        try flag(name) ?? value
    }

    /// True or false when set, nil when not.
    public func flag(_ name: String) throws -> Bool? {
        guard let raw = env[name], !raw.isEmpty else { return nil }
        switch raw.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ConfigError.invalid(name: name, value: raw, expected: "true or false")
        }
    }
}
