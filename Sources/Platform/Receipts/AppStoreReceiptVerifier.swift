import Foundation
import NIOCore
import Vapor

/// Apple's `verifyReceipt`: the receipt goes to the production endpoint, and to the sandbox one
/// when production answers 21007 (a TestFlight or Xcode purchase), as Apple asks servers to do.
/// Apple has deprecated this endpoint for the App Store Server API, but the published clients send
/// the whole app receipt, not a transaction id, and only `verifyReceipt` reads that server-side.
///
/// Answers Apple documents as temporary (21005, 21009, 21100–21199, or `is-retryable`) and a store
/// that cannot be reached throw `ReceiptStoreUnavailable`; every other non-zero status, and a
/// receipt of another app when a bundle id is configured, is `.invalid`.
public struct AppStoreReceiptVerifier: ReceiptVerifier {
    public struct Credentials: Sendable, Equatable {
        /// The app's shared secret from App Store Connect; needed only for subscriptions.
        public var sharedSecret: String?
        /// The app's bundle id: a receipt of any other app is refused.
        public var bundleID: String?
        public var productionURL: String
        public var sandboxURL: String

        public init(sharedSecret: String? = nil, bundleID: String? = nil,
                    productionURL: String = "https://buy.itunes.apple.com", sandboxURL: String = "https://sandbox.itunes.apple.com") {
            self.sharedSecret = sharedSecret
            self.bundleID = bundleID
            self.productionURL = productionURL
            self.sandboxURL = sandboxURL
        }
    }

    static let sandboxReceiptInProduction = 21007
    static let timeout: TimeAmount = .seconds(15)

    let credentials: Credentials
    let client: @Sendable () -> any Client

    public init(credentials: Credentials, client: @escaping @Sendable () -> any Client) {
        self.credentials = credentials
        self.client = client
    }

    public var issuesDevelopmentReceipts: Bool { false }

    public func verify(_ receipt: String) async throws -> ReceiptVerdict {
        var answer = try await post(receipt, to: credentials.productionURL)
        if answer.status == Self.sandboxReceiptInProduction {
            answer = try await post(receipt, to: credentials.sandboxURL)
        }
        if answer.isRetryable == true || Self.isTemporary(answer.status) {
            throw ReceiptStoreUnavailable(reason: "verifyReceipt status \(answer.status)")
        }
        guard answer.status == 0, let body = answer.receipt else { return .invalid(reason: "verifyReceipt status \(answer.status)") }
        if let bundleID = credentials.bundleID, body.bundle_id != bundleID {
            return .invalid(reason: "a receipt of another app")
        }
        var purchases: [StorePurchase] = []
        for purchase in (body.in_app ?? []) + (answer.latest_receipt_info ?? []) where !purchases.contains(purchase) {
            purchases.append(purchase)
        }
        return purchases.isEmpty ? .invalid(reason: "no in-app purchase in the receipt") : .valid(purchases)
    }

    static func isTemporary(_ status: Int) -> Bool {
        status == 21005 || status == 21009 || (21100...21199).contains(status)
    }

    struct Answer: Decodable {
        struct Receipt: Decodable {
            var bundle_id: String?
            var in_app: [StorePurchase]?
        }

        var status: Int
        var isRetryable: Bool?
        var receipt: Receipt?
        var latest_receipt_info: [StorePurchase]?

        enum CodingKeys: String, CodingKey {
            case status, isRetryable = "is-retryable", receipt, latest_receipt_info
        }
    }

    private struct Request: Encodable {
        var receiptData: String
        var password: String?
        var excludeOldTransactions = false

        enum CodingKeys: String, CodingKey {
            case receiptData = "receipt-data", password, excludeOldTransactions = "exclude-old-transactions"
        }
    }

    private func post(_ receipt: String, to base: String) async throws -> Answer {
        let response: ClientResponse
        do {
            response = try await client().post(URI(string: "\(base)/verifyReceipt")) { request in
                request.timeout = Self.timeout
                try request.content.encode(Request(receiptData: receipt, password: credentials.sharedSecret), as: .json)
            }
        } catch {
            throw ReceiptStoreUnavailable(reason: "\(base) could not be reached: \(error)")
        }
        guard response.status == .ok, let answer = try? response.content.decode(Answer.self, using: JSONDecoder()) else {
            throw ReceiptStoreUnavailable(reason: "\(base) answered \(response.status.code)")
        }
        return answer
    }
}
