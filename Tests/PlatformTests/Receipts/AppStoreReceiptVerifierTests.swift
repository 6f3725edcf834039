import Foundation
import NIOConcurrencyHelpers
import Platform
import Testing
import Vapor

/// A local stand-in for Apple's `verifyReceipt` at two roots, `/production` and `/sandbox`,
/// answering as Apple documents: a sandbox receipt sent to production is 21007, a production one
/// sent to the sandbox 21008, an unknown one 21002; `scripted` answers the next call verbatim.
final class FakeAppStore: Sendable {
    struct Receipt: Sendable {
        var sandbox: Bool
        var bundleID: String
        var purchases: [(product: String, transaction: String)]
    }

    let app: Application
    let receipts = NIOLockedValueBox<[String: Receipt]>([:])
    let calls = NIOLockedValueBox<[(environment: String, password: String?)]>([])
    let scripted = NIOLockedValueBox<[(status: HTTPResponseStatus, body: String)]>([])

    init() async throws {
        app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        for environment in ["production", "sandbox"] {
            app.post(.constant(environment), "verifyReceipt") { [receipts, calls, scripted] req async throws -> Response in
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

    var baseURL: String { "http://127.0.0.1:\(app.http.server.shared.localAddress?.port ?? 0)" }

    func verifier(bundleID: String? = "com.memolease.sesac1", sharedSecret: String? = "secret") -> AppStoreReceiptVerifier {
        let client = app.client
        return AppStoreReceiptVerifier(
            credentials: .init(sharedSecret: sharedSecret, bundleID: bundleID, productionURL: baseURL + "/production", sandboxURL: baseURL + "/sandbox"),
            client: { client }
        )
    }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

@Suite struct AppStoreReceiptVerifierTests {
    func withFake(_ test: (FakeAppStore) async throws -> Void) async throws {
        let fake = try await FakeAppStore()
        do {
            try await test(fake)
        } catch {
            try await fake.stop()
            throw error
        }
        try await fake.stop()
    }

    @Test func aProductionReceiptIsReadFromProductionWithTheSharedSecret() async throws {
        try await withFake { fake in
            fake.receipts.withLockedValue { $0["prod"] = .init(sandbox: false, bundleID: "com.memolease.sesac1", purchases: [("com.memolease.sesac1.sprout1", "100")]) }
            let production = try await fake.verifier().verify("prod")
            #expect(production == .valid([StorePurchase(productID: "com.memolease.sesac1.sprout1", transactionID: "100")]))
            #expect(fake.calls.withLockedValue { $0.map(\.environment) } == ["production"])
            #expect(fake.calls.withLockedValue { $0.first?.password } == "secret")
        }
    }

    @Test func aSandboxReceiptFallsBackToTheSandboxOn21007() async throws {
        try await withFake { fake in
            fake.receipts.withLockedValue { $0["test"] = .init(sandbox: true, bundleID: "com.memolease.sesac1", purchases: [("com.memolease.sesac1.background3", "200")]) }
            let sandbox = try await fake.verifier().verify("test")
            #expect(sandbox == .valid([StorePurchase(productID: "com.memolease.sesac1.background3", transactionID: "200")]))
            #expect(fake.calls.withLockedValue { $0.map(\.environment) } == ["production", "sandbox"])
        }
    }

    @Test func refusedReceiptsAreInvalid() async throws {
        try await withFake { fake in
            fake.receipts.withLockedValue {
                $0["other-app"] = .init(sandbox: false, bundleID: "com.example.elsewhere", purchases: [("x", "1")])
                $0["empty"] = .init(sandbox: false, bundleID: "com.memolease.sesac1", purchases: [])
            }
            let verifier = fake.verifier()
            let forged = try await verifier.verify("forged")
            #expect(forged == .invalid(reason: "verifyReceipt status 21002"))
            let otherApp = try await verifier.verify("other-app")
            #expect(otherApp == .invalid(reason: "a receipt of another app"))
            let empty = try await verifier.verify("empty")
            #expect(empty == .invalid(reason: "no in-app purchase in the receipt"))
            let anyApp = try await fake.verifier(bundleID: nil).verify("other-app")
            #expect(anyApp == .valid([StorePurchase(productID: "x", transactionID: "1")]))
        }
    }

    @Test func aStoreThatCannotSayIsUnavailableNotInvalid() async throws {
        try await withFake { fake in
            let verifier = fake.verifier()
            for scripted in [(HTTPResponseStatus.ok, #"{"status":21005}"#), (.ok, #"{"status":21150}"#),
                             (.ok, #"{"status":21199,"is-retryable":true}"#), (.serviceUnavailable, "down"), (.ok, "not json")] {
                fake.scripted.withLockedValue { $0 = [scripted] }
                await #expect(throws: ReceiptStoreUnavailable.self) { try await verifier.verify("anything") }
            }
            // Nothing listens on port 1: the connection is refused.
            let client = fake.app.client
            let unreachable = AppStoreReceiptVerifier(
                credentials: .init(productionURL: "http://127.0.0.1:1/production", sandboxURL: "http://127.0.0.1:1/sandbox"), client: { client }
            )
            await #expect(throws: ReceiptStoreUnavailable.self) { try await unreachable.verify("anything") }
        }
    }

    @Test func settingsChooseTheStore() throws {
        #expect(try ReceiptSettings(environment: EnvironmentReader([:])).store == .sandbox)
        let appStore = try ReceiptSettings(environment: EnvironmentReader(["SPROUT_RECEIPTS": "appstore", "APPSTORE_BUNDLE_ID": "com.memolease.sesac1"]))
        #expect(appStore.store == .appStore(.init(bundleID: "com.memolease.sesac1")))
        #expect(throws: ConfigError.self) { try ReceiptSettings(environment: EnvironmentReader(["SPROUT_RECEIPTS": "playstore"])) }
        #expect(throws: ConfigError.self) { try ReceiptSettings(environment: EnvironmentReader(["SPROUT_RECEIPTS": "appstore", "APPSTORE_VERIFY_URL": "ftp://x"])) }
    }

    @Test func developmentReceiptsRoundTrip() async throws {
        let purchase = StorePurchase(productID: "com.memolease.sesac1.sprout2", transactionID: "dev-1")
        let development = try await SandboxReceiptVerifier().verify(SandboxReceiptVerifier.receipt(for: purchase))
        #expect(development == .valid([purchase]))
        let garbage = try await SandboxReceiptVerifier().verify("%%%")
        #expect(garbage == .invalid(reason: "not a development receipt"))
    }
}
