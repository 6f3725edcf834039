import Fluent
import OpenAPIDocuments
import SproutAPI
import Vapor

/// `GET /api/events`: the signed-in account's events as Server-Sent Events, for an access token
/// (apps) or the web session cookie (`EventSource`, which cannot send headers).
struct EventStreamController: Sendable {
    let events: AccountEvents
    let tokens: TokenService
    let connections: LiveConnections

    func register(on routes: DocumentedRoutes) {
        routes.onResponse(LiveEvents.Routes.stream, doc: .init(
            "My live events (Server-Sent Events)",
            description: """
            One stream per client: each event has an `id:`, an `event:` (`message`, `read`, `notification`) and one line of JSON \
            in `data:` (`AccountEvents` in SproutAPI). Reconnect with `Last-Event-ID` to receive every event after that id first \
            (kept 48 hours); without it the stream starts with the next event. A `: keep-alive` comment comes every 20 seconds. \
            An account holds at most 32 streams: one more ends the oldest. \
            The stream ends when the access that opened it does: the bearer token expires, its log-in or web session ends, or the account is disabled.
            """,
            headers: [.init("Authorization", "Bearer access token (or the web session cookie)"), .init("Last-Event-ID", "The last event id received")],
            responses: [
                200: "text/event-stream", 400: "Last-Event-ID is not an event id", 401: "Not signed in", 419: "Access token expired: refresh",
                429: "This client address holds as many live connections as it may", 503: "The server holds as many live connections as it can",
            ],
            responseContent: "text/event-stream"
        ), use: stream)
    }

    func stream(_ req: Request) async throws -> Response {
        let grant = try await signedIn(req)
        let start: Int
        switch req.headers.first(name: "Last-Event-ID").map({ $0.trimmingWhitespace() }) {
        case nil, ""?: start = try await events.latestID(of: grant.accountID, on: req.db)
        case let text?:
            guard let id = Int(text), id >= 0 else { throw Abort(.badRequest, reason: "Last-Event-ID must be an event id.") }
            start = id
        }
        let ticket: LiveConnections.Ticket
        switch connections.admit(req.clientIP) {
        case let .success(admitted): ticket = admitted
        case let .failure(refusal): throw refusal.abort
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
            Task { await events.open(LiveStream(grant: grant, ticket: ticket, from: start, english: english, writer: writer)) }
        }))
    }

    /// The stream lasts as long as what opened it: a bearer token until it expires (the client
    /// reconnects with a fresh one and `Last-Event-ID`) or its log-in ends; the cookie until its
    /// web session ends.
    private func signedIn(_ req: Request) async throws -> AccessGrant {
        if req.headers.first(name: .authorization) != nil {
            if let grant = await tokens.grant(ofAccessToken: AccountTokenAuthenticator.accessToken(in: req)) { return grant }
            _ = try await AccountTokenAuthenticator.accountID(of: req, tokens: tokens)
        }
        guard let grant = await req.webGrantFromCookie() else { throw Abort(.unauthorized, reason: "Sign in first.") }
        return grant
    }
}
