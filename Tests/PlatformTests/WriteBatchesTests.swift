import Fluent
import Foundation
@testable import Platform
@testable import PlatformCore
import Synchronization
import SproutTestSupport
import Testing

/// Writes that arrive while one is under way go together into the next; one input's fault stays
/// its own; a caller inside a write transaction writes in it.
@Suite struct WriteBatchesTests {
    struct Refused: Error, Equatable {}
    struct Broken: Error {}

    /// The batches a write was handed, and a gate that holds the first one until the test opens it.
    final class Recorder: Sendable {
        let batches = Mutex<[[Int]]>([])
        let gate = AsyncStream<Void>.makeStream()

        func write(_ inputs: [Int], holdingTheFirst: Bool) async throws -> [Result<Int, any Error>] {
            let isFirst = batches.withLock { batches in
                batches.append(inputs)
                return batches.count == 1
            }
            if isFirst && holdingTheFirst {
                for await _ in gate.stream { break }
            }
            return inputs.map { $0 < 0 ? .failure(Refused()) : .success($0 * 10) }
        }
    }

    @Test func whatArrivesDuringAWriteIsWrittenTogetherInTheNext() async throws {
        try await withSprout { sprout in
            let recorder = Recorder()
            let batches = WriteBatches<Int, Int>(maxBatch: 4) { inputs, _ in try await recorder.write(inputs, holdingTheFirst: true) }
            let db = sprout.app.db
            let first = Task { try await batches.submit(1, on: db) }
            while recorder.batches.withLock(\.count) == 0 { try await Task.sleep(for: .milliseconds(1)) }
            let others = (2...7).map { input in Task { try await batches.submit(input == 5 ? -5 : input, on: db) } }
            while batches.waitingCount < 6 { try await Task.sleep(for: .milliseconds(1)) }
            recorder.gate.continuation.yield()

            let firstValue = try await first.value
            #expect(firstValue == 10)
            for (input, task) in zip(2...7, others) {
                let result = await task.result
                if input == 5 {
                    #expect(throws: Refused.self, "refused alone") { try result.get() }
                } else {
                    let value = try result.get()
                    #expect(value == input * 10)
                }
            }
            let written = recorder.batches.withLock { $0 }
            #expect(written.count == 3, "\(written)")
            #expect(written.first == [1])
            #expect(written.dropFirst().map(\.count) == [4, 2], "at most maxBatch, in arrival order")
            #expect(Set(written.dropFirst().joined()) == [2, 3, 4, -5, 6, 7])
        }
    }

    @Test func aBatchThatFailsIsWrittenAgainOneByOne() async throws {
        try await withSprout { sprout in
            let recorder = Recorder()
            let batches = WriteBatches<Int, Int> { inputs, _ in
                let written = try await recorder.write(inputs, holdingTheFirst: true)
                // 13 breaks whatever batch it is in, as a row the database refuses would.
                if inputs.contains(13) { throw Broken() }
                return written
            }
            let db = sprout.app.db
            let first = Task { try await batches.submit(1, on: db) }
            while recorder.batches.withLock(\.count) == 0 { try await Task.sleep(for: .milliseconds(1)) }
            let others = [12, 13, 14].map { input in Task { try await batches.submit(input, on: db) } }
            while batches.waitingCount < 3 { try await Task.sleep(for: .milliseconds(1)) }
            recorder.gate.continuation.yield()

            let firstValue = try await first.value
            let results = [await others[0].result, await others[1].result, await others[2].result]
            #expect(firstValue == 10)
            #expect(results.map { try? $0.get() } == [120, nil, 140])
            #expect(throws: Broken.self) { try results[1].get() }
            let written = recorder.batches.withLock { $0 }
            #expect(written.count == 5 && Set(written[1]) == [12, 13, 14] && written[2...].allSatisfy { $0.count == 1 }, "\(written)")
        }
    }

    @Test func aWriteThatMiscountsItsResultsFailsEveryCallerInsteadOfLeavingThemWaiting() async throws {
        try await withSprout { sprout in
            let batches = WriteBatches<Int, Int> { _, _ in [] }
            await #expect(throws: ResultsMiscounted.self) { try await batches.submit(1, on: sprout.app.db) }
        }
    }

    @Test func aCallerInsideAWriteTransactionWritesInIt() async throws {
        try await withSprout { sprout in
            let batches = WriteBatches<Int, Bool> { inputs, db in inputs.map { _ in .success(db.isInWriteTransaction) } }
            let joined = try await sprout.app.db.writeTransaction { db in try await batches.submit(1, on: db) }
            #expect(joined, "in the caller's transaction, not one of its own waiting for the caller's to end")
            #expect(try await batches.submit(2, on: sprout.app.db) == false)
        }
    }
}
