import Foundation
import Testing

/// A handler reads its path's values through the definition it is registered at
/// (`PathTemplate.parameters(in:)`), never by a segment's name, so a definition's `{name}` and its
/// handler cannot disagree. That holds while nothing else in `Sources` asks Vapor for a value by
/// name: this keeps it so.
@Suite struct PathValueReadingTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")
    /// The one place that reads values by the names a definition gives them.
    static let reader = "Platform/HTTP/PathParameters.swift"

    @Test func noHandlerReadsAPathValueByName() throws {
        var found: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            let name = file.path.replacingOccurrences(of: Self.sources.path + "/", with: "")
            guard name != Self.reader else { continue }
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where line.contains("parameters.get(") {
                found.append("\(name):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(files.count > 100, "the sources are found")
        #expect(FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent(Self.reader).path))
        for line in found { Issue.record("a path value read by name: \(line)") }
    }
}
