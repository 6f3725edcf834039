import Foundation
import Testing

/// Rules about where in `Sources` a kind of code may live, each kept to one file by a scan.
@Suite struct SourceRulesTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// A handler reads its path's values through the definition it is registered at
    /// (`PathTemplate.parameters(in:)`), never by a segment's name, so a definition's `{name}` and
    /// its handler cannot disagree. That holds while nothing else asks Vapor for a value by name.
    @Test func noHandlerReadsAPathValueByName() throws {
        for line in try lines(containing: ["parameters.get("], outside: "PlatformCore/HTTP/PathParameters.swift") {
            Issue.record("a path value read by name: \(line)")
        }
    }

    /// A page reads its query as a struct of its fields (`queryFields`), from which its links are
    /// also written, so a field's name lives in one place; nothing asks Vapor's query decoder for a
    /// value by name. (`queryValue` stays for the API's own reads, where a contract answers
    /// unreadable text with its own 400.)
    @Test func noHandlerReadsAQueryFieldThroughVaporsDecoder() throws {
        for line in try lines(containing: ["req.query[", "req.query.get(", "req.query.decode("], outside: "PlatformCore/HTTP/QueryValue.swift") {
            Issue.record("a query field read by name through Vapor's decoder: \(line)")
        }
    }

    /// SQLite's C API is called from one file, which says why (`SQLiteHandle`): everything else
    /// goes through SQLiteNIO, whose library copy that file shares.
    @Test func onlySQLiteHandleCallsSQLitesCAPI() throws {
        for line in try lines(containing: ["import VaporCSQLite", "sqlite_nio_sqlite3_"], outside: "PlatformCore/Database/SQLiteHandle.swift") {
            Issue.record("SQLite's C API outside SQLiteHandle: \(line)")
        }
    }

    /// Every line of `Sources` holding one of `needles`, but in `allowed`, which must exist.
    private func lines(containing needles: [String], outside allowed: String) throws -> [String] {
        var found: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            let name = file.path.replacingOccurrences(of: Self.sources.path + "/", with: "")
            guard name != allowed else { continue }
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where needles.contains(where: { line.contains($0) }) {
                found.append("\(name):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(files.count > 100, "the sources are found")
        #expect(FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent(allowed).path))
        return found
    }
}
