import PlatformCore
import Vapor

/// In-app purchase receipts' settings, read from the environment:
///
/// | variable | default | meaning |
/// |---|---|---|
/// | `SPROUT_RECEIPTS` | `sandbox` | `sandbox` (Sprout's own development receipts; the web shop makes them) or `appstore` (Apple's `verifyReceipt`) |
/// | `APPSTORE_BUNDLE_ID` | — | with `appstore`: refuse receipts of any other app |
/// | `APPSTORE_SHARED_SECRET` | — | with `appstore`: the app's shared secret (subscriptions need it) |
/// | `APPSTORE_VERIFY_URL`, `APPSTORE_SANDBOX_VERIFY_URL` | Apple's | the production and sandbox roots (tests point them at a fake) |
public struct ReceiptSettings: Sendable, Equatable {
    public enum Store: Sendable, Equatable {
        case sandbox
        case appStore(AppStoreReceiptVerifier.Credentials)
    }

    public var store: Store

    public init(store: Store = .sandbox) {
        self.store = store
    }

    public init(environment env: EnvironmentReader) throws {
        switch env.string("SPROUT_RECEIPTS")?.lowercased() ?? "sandbox" {
        case "sandbox": store = .sandbox
        case "appstore":
            let defaults = AppStoreReceiptVerifier.Credentials()
            store = .appStore(.init(
                sharedSecret: env.string("APPSTORE_SHARED_SECRET"),
                bundleID: env.string("APPSTORE_BUNDLE_ID"),
                productionURL: try env.httpURL("APPSTORE_VERIFY_URL") ?? defaults.productionURL,
                sandboxURL: try env.httpURL("APPSTORE_SANDBOX_VERIFY_URL") ?? defaults.sandboxURL
            ))
        case let other: throw ConfigError.invalid(name: "SPROUT_RECEIPTS", value: other, expected: "sandbox or appstore")
        }
    }

    /// The verifier for `store`; `client` is only asked for when the App Store is configured.
    public func verifier(client: @escaping @Sendable () -> any Client) -> any ReceiptVerifier {
        switch store {
        case .sandbox: SandboxReceiptVerifier()
        case let .appStore(credentials): AppStoreReceiptVerifier(credentials: credentials, client: client)
        }
    }
}
