import OpenAPIDocuments
import Vapor

/// Conversations, notifications, live events and pushes: their API in the platform document and their pages.
public enum ConversationRoutes {
    public static func register(_ platform: PlatformServices, api: DocumentedRoutes, pages: any RoutesBuilder) throws {
        let talking = api.grouped(ConversationErrorMiddleware(), platform.ipRateLimit)
        EventStreamController(events: platform.events, tokens: platform.tokens, connections: platform.liveConnections).register(on: talking)
        let pushes = PushSubscriptionsController(subscriptions: platform.pushSubscriptions, serverKey: platform.pushes.browsers.serverKey)
        pushes.registerServerKey(on: talking)
        let signedIn = talking.grouped(AccountTokenAuthenticator(tokens: platform.tokens), platform.accountRateLimit)
        ConversationsController(messenger: platform.messenger, uploadBodyLimit: platform.uploadBodyLimit, versions: platform.readVersions)
            .register(on: signedIn)
        AppointmentsController(appointments: platform.appointments).register(on: signedIn)
        NotificationsController(notifications: platform.notifications).register(on: signedIn)
        pushes.register(on: signedIn)
        let inbox = InboxPages(messenger: platform.messenger, uploadBodyLimit: platform.uploadBodyLimit, appointments: platform.appointments)
        inbox.register(on: pages)
        AppointmentPages(inbox: inbox, appointments: platform.appointments).register(on: pages)
        NotificationPages(notifications: platform.notifications, pushes: platform.pushSubscriptions, serverKey: platform.pushes.browsers.serverKey)
            .register(on: pages)
        try PushWorkerRoute().register(on: pages)
    }
}
