import OpenAPIDocuments
import SproutAPI
import Vapor

/// `/api/calendar`: where my feed is, a new secret for it, and the feed itself.
struct CalendarController: Sendable {
    let feeds: CalendarFeeds
    let publicURL: String?

    func register(public routes: DocumentedRoutes, signedIn: DocumentedRoutes) {
        signedIn.on(CalendarFeed.Routes.location, doc: .init(
            "Where my calendar feed is", description: "Made the first time it is asked for. The URL is the secret: share it with a calendar app only.",
            responses: ConversationsController.signedIn.merging([200: "{url, webcal}"]) { $1 }
        ), use: location)
        signedIn.on(CalendarFeed.Routes.reset, doc: .init(
            "A new secret for my calendar feed", description: "The old URL answers 404 from now on.",
            responses: ConversationsController.signedIn.merging([200: "{url, webcal}"]) { $1 }
        ), use: reset)
        routes.onResponse(CalendarFeed.Routes.feed, doc: .init(
            "A calendar feed (iCalendar)", description: "`{secret}.ics`: every session and appointment of the feed's owner, cancelled ones marked so.",
            responses: [200: "text/calendar", 404: "No feed has this secret"], responseContent: "text/calendar"
        ), use: feed)
    }

    func location(_ req: Request) async throws -> CalendarFeed.Location {
        try await feeds.location(of: try req.authenticatedAccountID, baseURL: req.publicBaseURL(configured: publicURL), on: req.db)
    }

    func reset(_ req: Request) async throws -> CalendarFeed.Location {
        try await feeds.reset(of: try req.authenticatedAccountID, baseURL: req.publicBaseURL(configured: publicURL), on: req.db)
    }

    func feed(_ req: Request) async throws -> Response {
        guard let name = CalendarFeed.Routes.feed.parameters(in: req), name.hasSuffix(".ics"),
              let text = try await feeds.feed(secret: String(name.dropLast(4)), baseURL: req.publicBaseURL(configured: publicURL), on: req.db)
        else { throw Abort(.notFound) }
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "calendar", parameters: ["charset": "utf-8"])
        headers.cacheControl = .init(noStore: true)
        // A subscriber that follows a link in the feed must not carry the secret along.
        headers.replaceOrAdd(name: "X-Robots-Tag", value: "noindex")
        return Response(status: .ok, headers: headers, body: .init(string: text))
    }
}

/// The calendar feed's API, in the platform document.
public enum CalendarRoutes {
    public static func register(_ platform: PlatformServices, api: DocumentedRoutes) {
        let limited = api.grouped(platform.ipRateLimit)
        CalendarController(feeds: platform.calendars, publicURL: platform.config.publicBaseURL)
            .register(public: limited, signedIn: limited.grouped(AccountTokenAuthenticator(tokens: platform.tokens), platform.accountRateLimit))
    }
}
