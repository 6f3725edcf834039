import Fluent
import Synchronization

/// Writes of one kind that arrive while one is under way, written together in the next
/// transaction ("group commit"). SQLite has one writer, and each statement is a hop to its thread
/// and back, so a write's time is its statements' round trips far more than their rows: a batch
/// written with one multi-row statement per table costs about what one write did, and the writer
/// no longer holds everyone else up for each of them (bench/RESULTS.md).
///
/// `write` answers one result per input, in order: an input refused on its own (a blocked
/// sender) fails alone. It throws only when nothing of the batch was written (before its
/// transaction committed): each input is then written again on its own, so that one input's
/// fault is never the others'. A caller already inside a write transaction
/// writes alone, in it: the batch's transaction would wait for the caller's to end.
package final class WriteBatches<Input: Sendable, Output: Sendable>: Sendable {
    package typealias Write = @Sendable (_ inputs: [Input], _ db: any Database) async throws -> [Result<Output, any Error>]

    private struct Waiting: Sendable {
        let input: Input
        let db: any Database
        let continuation: CheckedContinuation<Output, any Error>
    }

    private struct Queue {
        var waiting: [Waiting] = []
        var isWriting = false
    }

    /// The most inputs one transaction writes, which keeps a statement's bound values well
    /// under both databases' limits.
    let maxBatch: Int
    private let write: Write
    private let queue = Mutex(Queue())

    package init(maxBatch: Int = 128, write: @escaping Write) {
        self.maxBatch = maxBatch
        self.write = write
    }

    /// How many inputs wait for the next batch.
    var waitingCount: Int { queue.withLock { $0.waiting.count } }

    package func submit(_ input: Input, on db: any Database) async throws -> Output {
        if db.isInWriteTransaction { return try await writeAlone(input, on: db).get() }
        return try await withCheckedThrowingContinuation { continuation in
            let startsWriting = queue.withLock { queue in
                queue.waiting.append(Waiting(input: input, db: db, continuation: continuation))
                let startsWriting = !queue.isWriting
                queue.isWriting = true
                return startsWriting
            }
            if startsWriting { Task { await self.writeWhileWaiting() } }
        }
    }

    /// Writes what is waiting, batch after batch, until nothing is.
    private func writeWhileWaiting() async {
        while true {
            let batch = queue.withLock { queue -> [Waiting] in
                let taken = Array(queue.waiting.prefix(maxBatch))
                queue.waiting.removeFirst(taken.count)
                if taken.isEmpty { queue.isWriting = false }
                return taken
            }
            guard let db = batch.first?.db else { return }
            let results: [Result<Output, any Error>]
            do {
                results = try await written(batch.map(\.input), on: db)
            } catch where batch.count > 1 {
                var alone: [Result<Output, any Error>] = []
                for waiting in batch { alone.append(await writeAlone(waiting.input, on: waiting.db)) }
                results = alone
            } catch {
                results = [.failure(error)]
            }
            for (waiting, result) in zip(batch, results) { waiting.continuation.resume(with: result) }
        }
    }

    private func writeAlone(_ input: Input, on db: any Database) async -> Result<Output, any Error> {
        do {
            return try await written([input], on: db)[0]
        } catch {
            return .failure(error)
        }
    }

    private func written(_ inputs: [Input], on db: any Database) async throws -> [Result<Output, any Error>] {
        let results = try await write(inputs, db)
        guard results.count == inputs.count else { throw ResultsMiscounted(inputs: inputs.count, results: results.count) }
        return results
    }
}

/// A batch's write answered a different number of results than it had inputs: a fault of the
/// write, answered to each of its callers instead of leaving them waiting.
struct ResultsMiscounted: Error {
    let inputs: Int
    let results: Int
}
