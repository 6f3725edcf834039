import Logging
@testable import SproutServer
import Synchronization
import Testing

/// Text log lines stay one line whatever reaches them.
@Suite struct OneLineLogTests {
    final class Recorded: LogHandler, @unchecked Sendable {
        let lines = Mutex<[(message: String, metadata: Logger.Metadata)]>([])
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            lines.withLock { $0.append((event.message.description, event.metadata ?? [:])) }
        }
    }

    @Test func controlCharactersInMessagesAndMetadataAreWrittenEscaped() {
        let recorded = Recorded()
        var logger = Logger(label: "test") { _ in OneLineLogHandler(wrapped: recorded) }
        logger[metadataKey: "request-id"] = "abc\ndef"
        logger.warning("host evil.example\n2026-01-01 [ INFO ] forged line\u{1B}[31m", metadata: [
            "endpoint": "https://push.example%0a.com", "host": .string("a\r\nb"), "list": .array(["x\u{2028}y"]),
        ])
        let line = recorded.lines.withLock { $0[0] }
        #expect(line.message == #"host evil.example\n2026-01-01 [ INFO ] forged line\u{1B}[31m"#)
        #expect(line.metadata["host"] == .string(#"a\r\nb"#) && line.metadata["list"] == .array([.string(#"x\u{2028}y"#)]))
        #expect(line.metadata["endpoint"] == .string("https://push.example%0a.com"), "escapes are already one line")
        #expect(recorded.metadata["request-id"] == .string(#"abc\ndef"#))
        #expect(OneLineLogHandler.escaped("평범한 한 줄") == "평범한 한 줄")
    }
}
