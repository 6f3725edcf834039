import Foundation
import SproutAPI

/// The signed-in account's live events (`GET /api/events`, Server-Sent Events): messages, read
/// receipts and notifications, for every screen of an app at once (each `events()` is one more
/// listener of the same connection; the server allows an account a few dozen streams, not one per
/// screen).
///
/// `connect()` keeps the stream up until `disconnect()`: after a drop it waits the server's
/// `retry:` time (longer after each failed attempt) and reconnects with `Last-Event-ID` set to the
/// last event received, so the server replays what was missed; an expired access token (419) is
/// refreshed through the session, as `APIClient` does, before the next attempt.
///
/// Written here rather than with an EventSource package (mattt/EventSource is the usual one):
/// SproutKit depends on Foundation alone; that package's connection reads through
/// `URLSession.bytes(for:)`, which FoundationNetworking on Linux does not have; and what is needed
/// is small: the WHATWG parsing (`ServerSentEventParser`) and a data delegate
/// (`URLSessionEventSourceConnector`), with the connector injected so tests feed bytes.
public actor LiveEventStream {
    /// What a listener hears: the connection's state, and the events.
    public enum Update: Sendable, Equatable {
        /// The stream is open. `resumed`: it picked up after the last event received, so nothing
        /// was missed; otherwise events start from now, and a screen loaded before may be stale.
        case connected(resumed: Bool)
        /// An event and its id (what a reconnect sends back).
        case event(id: String, LiveEvent)
        /// The connection dropped; unless `disconnect()` was called, a reconnect follows.
        case disconnected
        /// Stopped for good: signed out, the session expired, or the token was refused (401).
        /// `connect()` again after signing in.
        case stopped(SproutError)
    }

    /// The wait before reconnecting when the server named none.
    public static let defaultRetry = Duration.seconds(3)

    /// The wait after `failures` attempts in a row that did not open the stream: the server's
    /// `retry:` time, doubling with each failure, at most a minute.
    public static func delay(retry: Duration, failures: Int) -> Duration {
        min(retry * (1 << min(failures, 5)), max(retry, .seconds(60)))
    }

    let url: URL
    let session: AuthSession
    let refresher: AuthSession.Refresher
    let connector: any EventSourceConnector
    let pause: @Sendable (Duration) async throws -> Void
    /// What a reconnect sends as `Last-Event-ID`; nil before any event with an id.
    public private(set) var lastEventID: String?
    /// The server's `retry:`, or `defaultRetry`.
    public private(set) var retry = LiveEventStream.defaultRetry
    private var loop: Task<Void, Never>?
    private var continuations: [UUID: AsyncStream<Update>.Continuation] = [:]

    /// - Parameters:
    ///   - baseURL: the server root.
    ///   - session: the signed-in account's, shared with `ConversationsClient` and the others.
    ///   - transport: where a refresh of the access token goes.
    ///   - lastEventID: where a stream kept from an earlier run picks up.
    ///   - pause: how waiting is done (`Task.sleep`); tests pass their own.
    public init(
        baseURL: URL, session: AuthSession, transport: any Transport = URLSessionTransport(),
        connector: any EventSourceConnector = URLSessionEventSourceConnector(), lastEventID: String? = nil,
        pause: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        url = baseURL.appendingPathComponent(LiveEvents.Routes.stream.path)
        self.session = session
        refresher = AccountsClient.refresher(baseURL: baseURL, transport: transport)
        self.connector = connector
        self.lastEventID = lastEventID.flatMap { $0.isEmpty ? nil : $0 }
        self.pause = pause
    }

    /// A stream of updates; each call returns a new one.
    public func events() -> AsyncStream<Update> {
        let (stream, continuation) = AsyncStream<Update>.makeStream()
        let id = UUID()
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeContinuation(id) }
        }
        return stream
    }

    /// Connects, and keeps reconnecting after drops until `disconnect()` (or a stop).
    public func connect() {
        guard loop == nil else { return }
        loop = Task { await self.keepConnected() }
    }

    /// Closes the stream and stops reconnecting. `lastEventID` is kept: `connect()` resumes.
    public func disconnect() {
        loop?.cancel()
        loop = nil
    }

    private func keepConnected() async {
        var failures = 0
        var refreshedJustNow = false
        while !Task.isCancelled {
            guard let token = await session.tokens?.accessToken else { return stop(.notSignedIn) }
            let resuming = lastEventID
            var request = HTTPRequest(method: .get, url: url, headers: [
                ("Accept", "text/event-stream"), ("Cache-Control", "no-store"), ("Authorization", "Bearer \(token)"),
            ])
            if let resuming { request.headers.append(("Last-Event-ID", resuming)) }
            let refreshed = refreshedJustNow
            refreshedJustNow = false
            do {
                let response = try await connector.open(request)
                switch response.status {
                case 200 where Self.isEventStream(response):
                    failures = 0
                    emit(.connected(resumed: resuming != nil))
                    await read(response.body)
                    emit(.disconnected)
                case 419 where !refreshed:
                    // Expired: refresh and try again at once; expired again right after a
                    // refresh waits like any failure.
                    do {
                        _ = try await session.credential(replacing: token, using: refresher)
                        refreshedJustNow = true
                        continue
                    } catch SproutError.sessionExpired {
                        return stop(.sessionExpired)
                    } catch {
                        failures += 1
                    }
                case 401:
                    return stop(.http(status: 401, code: .unauthorized, message: await Self.reason(in: response.body)))
                case 204, 200:
                    // The standard's "fail the connection": the server asked not to reconnect,
                    // or answered something that is not an event stream.
                    return stop(.http(status: response.status, code: .other(response.status), message: "not an event stream"))
                case 400 where resuming != nil:
                    // Last-Event-ID refused: start again from now.
                    lastEventID = nil
                    failures += 1
                default:
                    failures += 1
                }
            } catch {
                failures += 1
            }
            guard !Task.isCancelled else { return }
            do { try await pause(Self.delay(retry: retry, failures: failures)) } catch { return }
        }
    }

    /// Hands out the events of one connection until it ends.
    private func read(_ body: AsyncThrowingStream<Data, any Error>) async {
        var parser = ServerSentEventParser()
        do {
            for try await chunk in body {
                for event in parser.feed(chunk) {
                    guard let typed = LiveEvent(event) else { continue }
                    emit(.event(id: event.lastEventID, typed))
                }
                if let id = parser.lastEventID { lastEventID = id.isEmpty ? nil : id }
                if let time = parser.reconnectionTime { retry = time }
            }
        } catch {}
    }

    private func stop(_ error: SproutError) {
        // A loop that `disconnect()` already let go of says nothing, and leaves a new one alone.
        guard !Task.isCancelled else { return }
        emit(.stopped(error))
        loop = nil
    }

    private static func isEventStream(_ response: EventSourceResponse) -> Bool {
        (response.headers["content-type"] ?? "").lowercased().hasPrefix("text/event-stream")
    }

    /// The `reason` of Sprout's `{error, reason}`, read from a short error body.
    private static func reason(in body: AsyncThrowingStream<Data, any Error>) async -> String? {
        var data = Data()
        do {
            for try await chunk in body {
                data.append(chunk)
                if data.count > 4096 { break }
            }
        } catch {}
        struct Refusal: Decodable { let reason: String? }
        return (try? JSONDecoder().decode(Refusal.self, from: data))?.reason
    }

    private func emit(_ update: Update) {
        for continuation in continuations.values { continuation.yield(update) }
    }

    private func removeContinuation(_ id: UUID) {
        continuations[id] = nil
    }
}
