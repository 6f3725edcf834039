import Foundation
import Platform
import PlatformCore
import SproutTestSupport
import Testing
import Vapor

/// The App Store adapter against `FakeAppStore`, a local `verifyReceipt`.
@Suite struct AppStoreReceiptVerifierTests {
    @Test func aProductionReceiptIsReadFromProductionWithTheSharedSecret() async throws {
        try await withFakeAppStore { fake in
            fake.receipts.withLockedValue { $0["prod"] = .init(sandbox: false, bundleID: "com.memolease.sesac1", purchases: [("com.memolease.sesac1.sprout1", "100")]) }
            let production = try await fake.verifier().verify("prod")
            #expect(production == .valid([StorePurchase(productID: "com.memolease.sesac1.sprout1", transactionID: "100")]))
            #expect(fake.calls.withLockedValue { $0.map(\.environment) } == ["production"])
            #expect(fake.calls.withLockedValue { $0.first?.password } == "secret")
        }
    }

    @Test func aSandboxReceiptFallsBackToTheSandboxOn21007() async throws {
        try await withFakeAppStore { fake in
            fake.receipts.withLockedValue { $0["test"] = .init(sandbox: true, bundleID: "com.memolease.sesac1", purchases: [("com.memolease.sesac1.background3", "200")]) }
            let sandbox = try await fake.verifier().verify("test")
            #expect(sandbox == .valid([StorePurchase(productID: "com.memolease.sesac1.background3", transactionID: "200")]))
            #expect(fake.calls.withLockedValue { $0.map(\.environment) } == ["production", "sandbox"])
        }
    }

    @Test func refusedReceiptsAreInvalid() async throws {
        try await withFakeAppStore { fake in
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

    @Test func purchasesAreReadFromTheReceiptAndTheLatestInfoOnce() async throws {
        try await withFakeAppStore { fake in
            let answer = #"""
            {"status":0,"receipt":{"bundle_id":"com.memolease.sesac1","in_app":[{"product_id":"a","transaction_id":"1","quantity":"1"}]},
             "latest_receipt_info":[{"product_id":"a","transaction_id":"1"},{"product_id":"b","transaction_id":"2"}]}
            """#
            fake.scripted.withLockedValue { $0 = [(.ok, answer)] }
            let verdict = try await fake.verifier().verify("anything")
            #expect(verdict == .valid([StorePurchase(productID: "a", transactionID: "1"), StorePurchase(productID: "b", transactionID: "2")]))
        }
    }

    @Test func aStoreThatCannotSayIsUnavailableNotInvalid() async throws {
        try await withFakeAppStore { fake in
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
