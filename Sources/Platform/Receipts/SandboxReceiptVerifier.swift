import Foundation

/// Development receipts: the base64 of `{"in_app":[{"product_id":…,"transaction_id":…}]}`, the
/// shape of the `in_app` list in Apple's answer. Nothing leaves the machine; the web shop makes
/// one for each pretend purchase, and anyone may, so an instance that sells for real configures
/// `SPROUT_RECEIPTS=appstore`.
public struct SandboxReceiptVerifier: ReceiptVerifier {
    public init() {}

    public var issuesDevelopmentReceipts: Bool { true }

    private struct Receipt: Codable {
        var in_app: [StorePurchase]
    }

    public func verify(_ receipt: String) async throws -> ReceiptVerdict {
        guard let data = Data(base64Encoded: receipt), let decoded = try? JSONDecoder().decode(Receipt.self, from: data),
              !decoded.in_app.isEmpty, decoded.in_app.allSatisfy({ !$0.productID.isEmpty && !$0.transactionID.isEmpty })
        else { return .invalid(reason: "not a development receipt") }
        return .valid(decoded.in_app)
    }

    /// A development receipt for one purchase.
    public static func receipt(for purchase: StorePurchase) -> String {
        (try? JSONEncoder().encode(Receipt(in_app: [purchase])))?.base64EncodedString() ?? ""
    }
}
