import Foundation
import Platform
import PlatformCore
import Testing

/// A test server's clock moves when the suites write seconds into `SPROUT_CLOCK_OFFSET_FILE`;
/// production refuses the variable, and a file that says nothing sensible moves nothing.
@Suite struct ClockOffsetFileTests {
    @Test func theClockRunsAheadByTheFilesSecondsAndFollowsItsChanges() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try "3600".write(to: file, atomically: true, encoding: .utf8)
        let clock = try ClockOffsetFile.clock(EnvironmentReader(["SPROUT_CLOCK_OFFSET_FILE": file.path]), production: false)
        #expect(abs(clock.now().timeIntervalSince(Date()) - 3600) < 5)
        try "86400\n".write(to: file, atomically: true, encoding: .utf8)
        try await Task.sleep(for: .milliseconds(300))
        #expect(abs(clock.now().timeIntervalSince(Date()) - 86_400) < 5, "re-read after a moment")
        for nonsense in ["soon", "nan", "1e30", ""] {
            try nonsense.write(to: file, atomically: true, encoding: .utf8)
            try await Task.sleep(for: .milliseconds(300))
            #expect(abs(clock.now().timeIntervalSince(Date())) < 5, "\(nonsense) moves nothing")
        }
        try FileManager.default.removeItem(at: file)
        try await Task.sleep(for: .milliseconds(300))
        #expect(abs(clock.now().timeIntervalSince(Date())) < 5, "a missing file moves nothing")
    }

    @Test func productionRefusesItAndWithoutItTheClockIsTheSystems() throws {
        #expect(throws: ConfigError.self) {
            try ClockOffsetFile.clock(EnvironmentReader(["SPROUT_CLOCK_OFFSET_FILE": "/tmp/x"]), production: true)
        }
        let clock = try ClockOffsetFile.clock(EnvironmentReader([:]), production: true)
        #expect(abs(clock.now().timeIntervalSince(Date())) < 5)
    }
}
