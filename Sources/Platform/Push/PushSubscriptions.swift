import Fluent
import Foundation
import PlatformCore
import SproutAPI
import SQLKit

public enum PushSubscriptionError: Error, Equatable {
    /// Not a URL, or longer than any push service's.
    case badEndpoint
    /// A URL of something other than a push service this server sends to.
    case endpointNotAllowed
    /// `keys.p256dh` is not a P-256 point or `keys.auth` not 16 bytes.
    case badKeys
    case badDeviceToken
    /// Neither a browser subscription nor a device token.
    case nothingToSubscribe
    /// No such subscription of mine.
    case notFound
}

/// Where an account's notifications are pushed while none of its live streams shows them: its
/// browsers (Web Push) and its devices (FCM tokens of Sprout's own apps). A notification's pushes
/// wait `liveGrace` first, and go only if no live stream wrote it meanwhile.
public struct PushSubscriptions: Sendable {
    /// The outbox's name for these pushes, whose dead tokens this forgets.
    static let app = "platform"
    /// Browsers and devices one account keeps; subscribing one more forgets the oldest.
    public static let maxPerAccount = 20
    static let maxEndpointLength = 2048
    static let maxDeviceTokenLength = 4096
    /// How long a push waits for a live stream to show its notification instead.
    public static let liveGrace: TimeInterval = 3

    public enum Address: Sendable, Equatable {
        case browser(endpoint: String, p256dh: String, auth: String)
        case device(fcmToken: String)
    }

    public struct Subscribed: Sendable, Equatable {
        public let id: Int
        public let created: Bool
    }

    let hosts: PushServiceHosts
    let outbox: PushOutbox
    let clock: WallClock

    public init(hosts: PushServiceHosts, outbox: PushOutbox, clock: WallClock) {
        self.hosts = hosts
        self.outbox = outbox
        self.clock = clock
        outbox.onDeadToken(app: Self.app) { address, db in
            try? await PushSubscriptionRecord.query(on: db).filter(\.$address == address).delete()
        }
    }

    /// Keeps `address` for `accountID`. A browser that subscribed under another account before
    /// now pushes to this one: the endpoint is the browser's, and it is signed in here now.
    public func subscribe(_ accountID: String, _ address: Address, english: Bool, on db: any Database) async throws -> Subscribed {
        let (kind, text, keys) = try Self.validated(address, hosts: hosts)
        if let existing = try await PushSubscriptionRecord.query(on: db).filter(\.$address == text).first() {
            existing.accountID = accountID
            existing.p256dh = keys?.p256dh
            existing.auth = keys?.auth
            existing.english = english
            try await existing.save(on: db)
            return Subscribed(id: try existing.requireID(), created: false)
        }
        let record = PushSubscriptionRecord(accountID: accountID, kind: kind, address: text, keys: keys, english: english, createdAt: clock.now())
        do {
            try await record.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // The same browser subscribing twice at once: the other request stored it.
            return try await subscribe(accountID, address, english: english, on: db)
        }
        let kept = try await PushSubscriptionRecord.query(on: db).filter(\.$accountID == accountID).sort(\.$id, .descending).all()
        for old in kept.dropFirst(Self.maxPerAccount) { try await old.delete(on: db) }
        return Subscribed(id: try record.requireID(), created: true)
    }

    /// Forgets a browser's endpoint or a device token of `accountID`'s; someone else's stays.
    public func unsubscribe(_ accountID: String, address: String, on db: any Database) async throws {
        let mine = PushSubscriptionRecord.query(on: db).filter(\.$accountID == accountID).filter(\.$address == address)
        guard try await mine.count() > 0 else { throw PushSubscriptionError.notFound }
        try await mine.delete()
    }

    /// A notification's pushes to one account.
    struct Push: Sendable {
        let accountID: String
        let message: (ko: PushMessage, en: PushMessage)
        /// The live event that, shown by a stream within `liveGrace`, stands for the push.
        let unlessSeen: Int?
    }

    /// Queues each push for every browser and device of its account, in the language each chose;
    /// none is sent if a live stream shows its event `unlessSeen` within `liveGrace`.
    func push(_ pushes: [Push], on sql: any SQLDatabase) async throws {
        struct Subscription: Decodable {
            let account_id: String
            let kind: String
            let address: String
            let english: Bool
        }
        let accounts = Set(pushes.map(\.accountID)).sorted()
        guard !accounts.isEmpty else { return }
        let subscriptions = Dictionary(grouping: try await sql.select().columns("account_id", "kind", "address", "english").from(PushSubscriptionRecord.schema)
            .where("account_id", .in, accounts).orderBy("id").all(decoding: Subscription.self), by: \.account_id)
        let now = clock.now()
        try await outbox.enqueue(pushes.flatMap { push in
            (subscriptions[push.accountID] ?? []).map { subscription in
                PushOutboxEntry(app: Self.app, token: subscription.address, message: subscription.english ? push.message.en : push.message.ko, now: now,
                                channel: subscription.kind == PushSubscriptionRecord.Kind.web.rawValue ? .web : .device,
                                unlessSeen: push.unlessSeen, due: now.addingTimeInterval(push.unlessSeen == nil ? 0 : Self.liveGrace))
            }
        }, on: sql)
    }

    static func validated(_ address: Address, hosts: PushServiceHosts) throws
        -> (PushSubscriptionRecord.Kind, String, (p256dh: String, auth: String)?) {
        switch address {
        case let .browser(endpoint, p256dh, auth):
            guard endpoint.utf8.count <= maxEndpointLength, !WebURLText.hasControlCharacters(endpoint), let url = URL(string: endpoint),
                  url.scheme != nil, url.host != nil else {
                throw PushSubscriptionError.badEndpoint
            }
            guard hosts.admits(url) else { throw PushSubscriptionError.endpointNotAllowed }
            guard (try? WebPushEncryption.Recipient(p256dh: p256dh, auth: auth)) != nil else { throw PushSubscriptionError.badKeys }
            return (.web, endpoint, (p256dh, auth))
        case let .device(token):
            // FCM tokens are printable ASCII without spaces.
            guard (1...maxDeviceTokenLength).contains(token.utf8.count), token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                throw PushSubscriptionError.badDeviceToken
            }
            return (.fcm, token, nil)
        }
    }
}
