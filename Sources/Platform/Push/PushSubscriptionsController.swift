import OpenAPIDocuments
import SproutAPI
import Vapor

/// `/api/push`: the browsers and devices the signed-in account's notifications are pushed to.
struct PushSubscriptionsController: Sendable {
    let subscriptions: PushSubscriptions
    let serverKey: String

    /// `serverKey` needs no sign-in: a page asks for it before it subscribes.
    func registerServerKey(on routes: DocumentedRoutes) {
        routes.on(Push.Routes.serverKey, doc: .init(
            "The Web Push application server key",
            description: "The VAPID public key a browser passes to `pushManager.subscribe` as `applicationServerKey`.",
            responses: [200: "{public_key}"]
        ), use: { _ in Push.ServerKey(publicKey: serverKey) })
    }

    func register(on routes: DocumentedRoutes) {
        let signedIn = ConversationsController.signedIn
        routes.onResponse(Push.Routes.subscribe, doc: .init(
            "Push my notifications to this browser or device",
            description: """
            A browser sends its `PushSubscription.toJSON()` (`endpoint` and `keys`); an app sends its FCM registration token as `fcm_token`. \
            Notifications are pushed a few seconds after they happen unless a live stream (`/api/events`) of mine showed them first.
            """,
            responses: signedIn.merging([201: "Subscribed", 200: "Subscribed before (now to me, in this language)",
                                         400: "Not a push service this server sends to, bad keys, or a bad token"]) { $1 },
            answerAlsoFor: [201]
        ), use: subscribe)
        routes.onResponse(Push.Routes.unsubscribe, doc: .init(
            "Stop pushing to this browser or device",
            responses: signedIn.merging([204: "Forgotten", 400: "Neither endpoint nor fcm_token", 404: "No such subscription of mine"]) { $1 }
        ), use: unsubscribe)
    }

    func subscribe(_ req: Request) async throws -> Response {
        let body = try req.decodeBody(Push.Subscribe.self)
        let address: PushSubscriptions.Address
        if let endpoint = body.endpoint {
            guard let keys = body.keys else { throw PushSubscriptionError.badKeys }
            address = .browser(endpoint: endpoint, p256dh: keys.p256dh, auth: keys.auth)
        } else if let token = body.fcmToken {
            address = .device(fcmToken: token)
        } else {
            throw PushSubscriptionError.nothingToSubscribe
        }
        let subscribed = try await subscriptions.subscribe(try req.authenticatedAccountID, address, english: req.language == .en, on: req.db)
        let kind = body.endpoint == nil ? "fcm" : "web"
        return try await APIAnswer(Push.Subscription(id: subscribed.id, kind: kind), status: subscribed.created ? .created : .ok).encodeResponse(for: req)
    }

    func unsubscribe(_ req: Request) async throws -> Response {
        let body = try req.decodeBody(Push.Unsubscribe.self)
        guard let address = body.endpoint ?? body.fcmToken else { throw PushSubscriptionError.nothingToSubscribe }
        try await subscriptions.unsubscribe(try req.authenticatedAccountID, address: address, on: req.db)
        return Response(status: .noContent)
    }
}
