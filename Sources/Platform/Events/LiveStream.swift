import Fluent
import Foundation
import SproutAPI
import Synchronization
import Vapor

/// One open `GET /api/events` response. An idle stream holds no task: news starts a short read
/// that writes what is newer than its cursor (or, for events this instance has just committed
/// right after the cursor, writes them as they are), and a heartbeat writes its keep-alive from
/// the event loop. (A task per stream, suspended while it waited, cost every idle stream memory of
/// its own: bench/RESULTS.md.) News that comes while a read is under way reads again after it, so
/// nothing is missed and two reads never race on one cursor.
final class LiveStream: Sendable {
    let id = UUID()
    /// What opened the stream; `LiveAccessWatch` ends it when that no longer holds.
    let grant: AccessGrant
    var accountID: String { grant.accountID }
    private let english: Bool
    private let writer: any BodyStreamWriter
    /// Its place among the live connections, given back when it ends.
    private let ticket: LiveConnections.Ticket
    private let state: Mutex<State>

    private struct State {
        var cursor: Int
        var reading = false
        var newsWhileReading = false
        var ended = false
    }

    init(grant: AccessGrant, ticket: LiveConnections.Ticket, from cursor: Int, english: Bool, writer: any BodyStreamWriter) {
        self.grant = grant
        self.ticket = ticket
        self.english = english
        self.writer = writer
        state = Mutex(State(cursor: cursor))
    }

    /// The opening lines: the reconnection delay, and the start's id, so a client that drops
    /// before the first event resumes from here (a client keeps the last `id:` it read even
    /// when no event came with it).
    func begin() async throws {
        try await write("retry: 3000\nid: \(state.withLock { $0.cursor })\n\n")
    }

    /// Reads and writes what came since the cursor; `gone` runs when the client has left or the
    /// stream cannot go on.
    func wake(_ events: AccountEvents, on db: any Database, gone: @escaping @Sendable (LiveStream) -> Void) {
        guard take() != nil else { return }
        write(then: nil, events, on: db, gone: gone)
    }

    /// Writes events just committed for this account as they are when the first follows the
    /// last one written; otherwise reads, as news does.
    func deliver(_ stored: [AccountEvents.Stored], _ events: AccountEvents, on db: any Database,
                 gone: @escaping @Sendable (LiveStream) -> Void) {
        guard let first = stored.first else { return }
        guard let follows = take(after: first.previous) else { return }
        write(then: follows ? stored.map { $0.event(english: english) } : nil, events, on: db, gone: gone)
    }

    /// Takes the stream for a write. Nil when it has ended, or when another write has it (which
    /// then reads again); otherwise whether the cursor is at `previous`.
    private func take(after previous: Int? = nil) -> Bool? {
        state.withLock { state -> Bool? in
            guard !state.ended else { return nil }
            guard !state.reading else {
                state.newsWhileReading = true
                return nil
            }
            state.reading = true
            return previous.map { $0 == state.cursor } ?? true
        }
    }

    private func write(then delivered: [AccountEvents.Event]?, _ events: AccountEvents, on db: any Database,
                       gone: @escaping @Sendable (LiveStream) -> Void) {
        events.readBegan()
        Task {
            defer { events.readEnded() }
            do {
                try await read(events, on: db, starting: delivered)
            } catch {
                end(.error(error))
                gone(self)
            }
        }
    }

    /// Writes `delivered`, then what is newer than the cursor, until no news came meanwhile.
    private func read(_ events: AccountEvents, on db: any Database, starting delivered: [AccountEvents.Event]?) async throws {
        var delivered = delivered
        while true {
            let batch: [AccountEvents.Event]
            if let given = delivered {
                batch = given
                delivered = nil
            } else {
                batch = try await events.events(of: accountID, after: state.withLock { $0.cursor }, english: english, on: db)
            }
            if let last = batch.last {
                try await write(batch.map { "id: \($0.id)\nevent: \($0.name)\ndata: \($0.data)\n\n" }.joined())
                // Written is as good as seen: the notification's push is not needed.
                events.markSeen(batch.filter { $0.name == LiveEvents.Name.notification.rawValue }.map(\.id))
                state.withLock { $0.cursor = last.id }
                if batch.count == AccountEvents.readLimit { continue }
            }
            let again = state.withLock { state -> Bool in
                guard state.newsWhileReading, !state.ended else {
                    state.reading = false
                    return false
                }
                state.newsWhileReading = false
                return true
            }
            guard again else { return }
        }
    }

    /// Whether a read or a write of events is under way.
    var isWriting: Bool { state.withLock { $0.reading } }

    /// Writes a keep-alive; a failed write is the client gone.
    func beat(gone: @escaping @Sendable (LiveStream) -> Void) {
        guard !state.withLock({ $0.ended }) else { return }
        writer.write(.buffer(ByteBuffer(string: ": keep-alive\n\n"))).whenFailure { [self] error in
            end(.error(error))
            gone(self)
        }
    }

    /// Ends the response (Vapor requires every streamed body to end with `.end` or `.error`).
    func end(_ last: BodyStreamResult = .end) {
        let first = state.withLock { state in
            defer { state.ended = true }
            return !state.ended
        }
        guard first else { return }
        ticket.release()
        // Through the event loop, as every write to the response must go.
        _ = writer.write(last)
    }

    private func write(_ text: String) async throws {
        guard !state.withLock({ $0.ended }) else { throw Abort(.gone) }
        try await writer.write(.buffer(ByteBuffer(string: text))).get()
    }
}
