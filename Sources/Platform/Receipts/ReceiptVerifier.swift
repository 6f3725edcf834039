import Foundation

/// Checks an App Store receipt as the iOS apps send it after a purchase (the base64 of
/// `Bundle.main.appStoreReceiptURL`'s contents). Implementations: `SandboxReceiptVerifier` (the
/// default: development receipts Sprout makes itself) and `AppStoreReceiptVerifier` (Apple's
/// `verifyReceipt`). App modules call `platform.receipts.verify(_:)`.
public protocol ReceiptVerifier: Sendable {
    /// `.invalid` for a receipt the store refuses; throws `ReceiptStoreUnavailable` when the
    /// store could not say, so the app can try again rather than being told its purchase is bad.
    func verify(_ receipt: String) async throws -> ReceiptVerdict

    /// Whether receipts are Sprout's own development ones, which the web app may make for a
    /// pretend purchase.
    var issuesDevelopmentReceipts: Bool { get }
}

public enum ReceiptVerdict: Sendable, Equatable {
    case valid([StorePurchase])
    case invalid(reason: String)
}

/// One in-app purchase a valid receipt holds.
public struct StorePurchase: Sendable, Equatable, Codable {
    public var productID: String
    public var transactionID: String

    public init(productID: String, transactionID: String) {
        self.productID = productID
        self.transactionID = transactionID
    }

    enum CodingKeys: String, CodingKey {
        case productID = "product_id", transactionID = "transaction_id"
    }
}

public struct ReceiptStoreUnavailable: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { "the receipt store did not answer: \(reason)" }
}
