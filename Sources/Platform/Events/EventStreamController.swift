import Fluent
import SproutAPI
import Vapor

/// `GET /api/events`: the signed-in account's events as Server-Sent Events, for an access token
/// (apps) or the web session cookie (`EventSource`, which cannot send headers).
struct EventStreamController: Sendable {
    let events: AccountEvents
    let tokens: TokenService

    func register(on routes: DocumentedRoutes) {
        routes.onResponse(LiveEvents.Routes.stream, doc: .init(
            "My live events (Server-Sent Events)",
            description: """
            One stream per client: each event has an `id:`, an `event:` (`message`, `read`, `notification`) and one line of JSON \
            in `data:` (`AccountEvents` in SproutAPI). Reconnect with `Last-Event-ID` to receive every event after that id first \
            (kept 48 hours); without it the stream starts with the next event. A `: keep-alive` comment comes every 20 seconds. \
            An account holds at most 32 streams: one more ends the oldest.
            """,
            headers: [.init("Authorization", "Bearer access token (or the web session cookie)"), .init("Last-Event-ID", "The last event id received")],
            responses: [200: "text/event-stream", 400: "Last-Event-ID is not an event id", 401: "Not signed in", 419: "Access token expired: refresh"],
            responseContent: "text/event-stream"
        ), use: stream)
    }

    func stream(_ req: Request) async throws -> Response {
        let accountID = try await signedInAccount(req)
        let db = req.application.db
        let start: Int
        switch req.headers.first(name: "Last-Event-ID").map({ $0.trimmingWhitespace() }) {
        case nil, ""?: start = try await events.latestID(of: accountID, on: db)
        case let text?:
            guard let id = Int(text), id >= 0 else { throw Abort(.badRequest, reason: "Last-Event-ID must be an event id.") }
            start = id
        }
        let wakes = events.wakes(of: accountID)
        let english = req.language == .en
        let events = self.events
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "event-stream", parameters: ["charset": "utf-8"])
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        // nginx would otherwise hold the events back in its buffer.
        headers.replaceOrAdd(name: "X-Accel-Buffering", value: "no")
        return Response(status: .ok, headers: headers, body: .init(asyncStream: { writer in
            // Vapor requires the stream to end with `.end` or `.error`, whatever happens (a debug
            // build traps otherwise): a write fails once the client has gone.
            do {
                try await Self.send(events, of: accountID, after: start, english: english, wakes: wakes, to: writer, db: db)
                try await writer.write(.end)
            } catch {
                try? await writer.write(.error(error))
            }
        }))
    }

    /// Writes what is newer than `start`, then again at each wake, until the wakes end (shutdown,
    /// or a newer stream of the account took this one's place).
    private static func send(_ events: AccountEvents, of accountID: String, after start: Int, english: Bool, wakes: AccountEvents.StreamWakes,
                             to writer: any AsyncBodyStreamWriter, db: any Database) async throws {
        var cursor = start
        // The start's id, so a client that drops before the first event resumes from here
        // (a client keeps the last `id:` it read even when no event came with it).
        try await writer.write(.buffer(ByteBuffer(string: "retry: 3000\nid: \(start)\n\n")))
        for await wake in wakes.wakes {
            if wake == .heartbeat { try await writer.write(.buffer(ByteBuffer(string: ": keep-alive\n\n"))) }
            guard wakes.news.take() else { continue }
            var batch: [AccountEvents.Event]
            repeat {
                batch = try await events.events(of: accountID, after: cursor, english: english, on: db)
                guard let last = batch.last else { break }
                try await writer.write(.buffer(ByteBuffer(string: batch.map { "id: \($0.id)\nevent: \($0.name)\ndata: \($0.data)\n\n" }.joined())))
                // Written is as good as seen: the notification's push is not needed.
                events.markSeen(batch.filter { $0.name == LiveEvents.Name.notification.rawValue }.map(\.id))
                cursor = last.id
            } while batch.count == 100
        }
    }

    private func signedInAccount(_ req: Request) async throws -> String {
        if req.headers.first(name: .authorization) != nil { return try await AccountTokenAuthenticator.accountID(of: req, tokens: tokens) }
        guard let accountID = await req.webAccountIDFromCookie() else { throw Abort(.unauthorized, reason: "Sign in first.") }
        return accountID
    }
}
