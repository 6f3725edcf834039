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
        let start: Int
        switch req.headers.first(name: "Last-Event-ID").map({ $0.trimmingWhitespace() }) {
        case nil, ""?: start = try await events.latestID(of: accountID, on: req.db)
        case let text?:
            guard let id = Int(text), id >= 0 else { throw Abort(.badRequest, reason: "Last-Event-ID must be an event id.") }
            start = id
        }
        let english = req.language == .en
        let events = self.events
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "event-stream", parameters: ["charset": "utf-8"])
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        // nginx would otherwise hold the events back in its buffer.
        headers.replaceOrAdd(name: "X-Accel-Buffering", value: "no")
        // The body ends when the stream does (shutdown, a newer stream of the account taking its
        // place, or the client gone): `AccountEvents` writes its end.
        return Response(status: .ok, headers: headers, body: .init(stream: { writer in
            Task { await events.open(LiveStream(accountID: accountID, from: start, english: english, writer: writer)) }
        }))
    }

    private func signedInAccount(_ req: Request) async throws -> String {
        if req.headers.first(name: .authorization) != nil { return try await AccountTokenAuthenticator.accountID(of: req, tokens: tokens) }
        guard let accountID = await req.webAccountIDFromCookie() else { throw Abort(.unauthorized, reason: "Sign in first.") }
        return accountID
    }
}
