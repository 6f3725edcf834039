import Foundation
import Testing

/// Every path is written once: an API operation in SproutAPI's `…Routes.swift`, a page in its
/// module's `…Paths.swift`. Anywhere else in `Sources`, a path written out as text (a link, a
/// redirect, a route registered from literal pieces) is one that can drift from its route.
@Suite struct PathLiteralTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// A path written out: one of the server's first segments after a quote and a slash, an API
    /// path without its slash, or a Vapor `:parameter`.
    static var pathLiteral: Regex<AnyRegexOutput> { get throws { try Regex(
        #""/?(api|v1)[/"]|"/(market|lessons|study|reading|inbox|notifications|login|signup|account|logout|language|docs|assets|uploads|openapi|healthz|healthChecker|metrics|socket\.io|push-sw\.js|emulator|identitytoolkit|securetoken)([/?#"\\]|$)|":[A-Za-z_]+""#
    ) } }
    /// A route registered from literal pieces: `pages.get("market", …)`, `routes.on(.GET, "x", …)`.
    static var literalRoute: Regex<AnyRegexOutput> { get throws { try Regex(
        #"\.(get|post|put|patch|delete|grouped|on|onResponse)\((\s*\.[A-Z]+\s*,)?\s*"[^"]*"\s*(,\s*"[^"]*"\s*)*(,\s*(use|body|doc)\b|\)\s*\{|\)\.)"#
    ) } }

    /// A migration is the exception: it writes the paths as they were when it shipped, frozen,
    /// since a database that ran it keeps what it wrote whatever the paths become.
    static func isDefinition(_ file: URL) -> Bool {
        file.lastPathComponent.hasSuffix("Paths.swift") || (file.path.contains("/SproutAPI/") && file.lastPathComponent.hasSuffix("Routes.swift"))
            || file.path.contains("/Migrations/")
    }

    @Test func noPathIsWrittenOutsideItsDefinition() throws {
        let pathLiteral = try Self.pathLiteral, literalRoute = try Self.literalRoute
        var found: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" && !Self.isDefinition(file) {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                // Reading a path's parameter, or the environment, is not registering a route.
                let code = line.trimmingCharacters(in: .whitespaces)
                    .replacingOccurrences(of: "parameters.get(", with: "parameter(").replacingOccurrences(of: "Environment.get(", with: "environment(")
                guard !code.hasPrefix("//") else { continue }
                if code.contains(pathLiteral) || code.contains(literalRoute) {
                    found.append("\(file.path.replacingOccurrences(of: Self.sources.path + "/", with: "")):\(number + 1): \(code)")
                }
            }
        }
        #expect(files.count > 100, "the sources are found")
        for line in found { Issue.record("path written out: \(line)") }
    }
}
