import Foundation
import NIOConcurrencyHelpers
import Platform
import Vapor

/// A local stand-in for Apple's `verifyReceipt` at two roots, `/production` and `/sandbox`,
/// answering as Apple documents: a sandbox receipt sent to production is 21007, a production one
/// sent to the sandbox 21008, an unknown one 21002; `scripted` answers the next calls verbatim.
public final class FakeAppStore: LocalFake {
    public struct Receipt: Sendable {
        public var sandbox: Bool
        public var bundleID: String
        public var purchases: [(product: String, transaction: String)]

        public init(sandbox: Bool, bundleID: String = FakeAppStore.bundleID, purchases: [(product: String, transaction: String)]) {
            self.sandbox = sandbox
            self.bundleID = bundleID
            self.purchases = purchases
        }
    }

    public static let bundleID = "com.memolease.sesac1"

    public let app: Application
    /// Receipts the store knows, by their base64 text.
    public let receipts = NIOLockedValueBox<[String: Receipt]>([:])
    public let calls = NIOLockedValueBox<[(environment: String, password: String?)]>([])
    public let scripted = NIOLockedValueBox<[(status: HTTPResponseStatus, body: String)]>([])

    public init() async throws {
        app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        // The client `verifier()` hands out retries a refused connection until its connect timeout
        // (10 s by default); a second is plenty on this machine and keeps "the store is down" quick.
        app.http.client.configuration.timeout = .init(connect: .seconds(1), read: .seconds(10))
        for environment in ["production", "sandbox"] {
            app.post(.constant(environment), "verifyReceipt") { [receipts, calls, scripted] req throws -> Response in
                struct Body: Content {
                    var receiptData: String
                    var password: String?
                    enum CodingKeys: String, CodingKey { case receiptData = "receipt-data", password }
                }
                let body = try req.content.decode(Body.self)
                calls.withLockedValue { $0.append((environment, body.password)) }
                if let next = scripted.withLockedValue({ $0.isEmpty ? nil : $0.removeFirst() }) {
                    return Response(status: next.status, headers: ["Content-Type": "application/json"], body: .init(string: next.body))
                }
                guard let receipt = receipts.withLockedValue({ $0[body.receiptData] }) else { return Self.answer(["status": 21002]) }
                if receipt.sandbox != (environment == "sandbox") { return Self.answer(["status": receipt.sandbox ? 21007 : 21008]) }
                let inApp = receipt.purchases.map { ["product_id": $0.product, "transaction_id": $0.transaction, "quantity": "1"] }
                return Self.answer(["status": 0, "environment": receipt.sandbox ? "Sandbox" : "Production",
                                    "receipt": ["bundle_id": receipt.bundleID, "in_app": inApp]])
            }
        }
        try app.server.start()
    }

    static func answer(_ object: [String: Any]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(data: data))
    }

    public var baseURL: String { "http://127.0.0.1:\(app.http.server.shared.localAddress?.port ?? 0)" }

    /// The settings that point a whole Sprout at this store, as an operator would set them.
    public var environment: [String: String] {
        ["SPROUT_RECEIPTS": "appstore", "APPSTORE_BUNDLE_ID": Self.bundleID, "APPSTORE_SHARED_SECRET": "secret",
         "APPSTORE_VERIFY_URL": baseURL + "/production", "APPSTORE_SANDBOX_VERIFY_URL": baseURL + "/sandbox"]
    }

    public func verifier(bundleID: String? = FakeAppStore.bundleID, sharedSecret: String? = "secret") -> AppStoreReceiptVerifier {
        let client = app.client
        return AppStoreReceiptVerifier(
            credentials: .init(sharedSecret: sharedSecret, bundleID: bundleID, productionURL: baseURL + "/production", sandboxURL: baseURL + "/sandbox"),
            client: { client }
        )
    }

    public func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

/// Runs `test` with a fresh fake, stopped afterwards whatever happens.
public func withFakeAppStore<T>(_ test: (FakeAppStore) async throws -> T) async throws -> T {
    try await withLocalFake({ try await FakeAppStore() }, test)
}
