import Foundation
import Logging
import NIOConcurrencyHelpers
@testable import SproutServer
import Testing
import Vapor

@Suite struct JSONLogTests {
    final class Lines: Sendable {
        let box = NIOLockedValueBox<[String]>([])
        func append(_ line: String) { box.withLockedValue { $0.append(line) } }
        var objects: [[String: Any]] {
            box.withLockedValue { $0 }.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    @Test func eachEventIsOneJSONObjectWithItsMetadataAtTheTop() throws {
        let lines = Lines()
        var logger = Logger(label: "sprout.test") { JSONLogHandler(label: $0, level: .info, write: lines.append) }
        logger[metadataKey: "request-id"] = "r-1"
        logger.info("request", metadata: ["route": "/api/reading/library/:id", "status": .stringConvertible(404), "latency_ms": .stringConvertible(1.25), "quote": "a \"b\"\nc", "nested": ["k": ["v"]]])
        logger.debug("below the level")
        let objects = lines.objects
        try #require(objects.count == 1)
        let line = objects[0]
        #expect(line["message"] as? String == "request")
        #expect(line["level"] as? String == "info")
        #expect(line["label"] as? String == "sprout.test")
        #expect(line["request-id"] as? String == "r-1")
        #expect(line["route"] as? String == "/api/reading/library/:id")
        #expect(line["status"] as? Int == 404 && line["latency_ms"] as? Double == 1.25, "numbers, not their text")
        #expect(line["quote"] as? String == "a \"b\"\nc")
        #expect((line["nested"] as? [String: [String]]) == ["k": ["v"]])
        #expect((line["time"] as? String)?.hasSuffix("Z") == true)
        #expect(!lines.box.withLockedValue { $0 }[0].contains("\n"))
    }

    @Test func anUnknownFormatIsRefusedAtStart() throws {
        var environment = Environment.testing
        #expect(throws: (any Error).self) { try SproutLogging.bootstrap(from: &environment, variables: ["LOG_FORMAT": "yaml"]) }
    }
}
