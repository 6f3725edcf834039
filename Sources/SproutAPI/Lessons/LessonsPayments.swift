// Wire types of payment validation and history, spec §2.6 and §5.

extension Lessons {
    /// `POST /v1/payments/validation`. `price` is only read for a post created without one.
    public struct PaymentValidationRequest: Codable, Sendable, Equatable {
        public var impUID: LenientString?
        public var postID: LenientString?
        public var price: LenientInteger?

        public init(impUID: String, postID: String, price: Int? = nil) {
            self.impUID = LenientString(impUID)
            self.postID = LenientString(postID)
            self.price = price.map { LenientInteger($0) }
        }

        enum CodingKeys: String, CodingKey {
            case impUID = "imp_uid", postID = "post_id", price
        }
    }

    /// What validation answers and `payments/me` lists.
    public struct Receipt: Codable, Sendable, Equatable {
        public var buyerID: String
        public var postID: String
        public var merchantUID: String
        public var productName: String
        public var price: Int
        public var paidAt: String

        public init(buyerID: String, postID: String, merchantUID: String, productName: String, price: Int, paidAt: String) {
            self.buyerID = buyerID
            self.postID = postID
            self.merchantUID = merchantUID
            self.productName = productName
            self.price = price
            self.paidAt = paidAt
        }

        enum CodingKeys: String, CodingKey {
            case buyerID = "buyer_id", postID = "post_id", merchantUID = "merchant_uid", productName, price, paidAt
        }
    }

    public struct ReceiptList: Codable, Sendable, Equatable {
        public var data: [Receipt]
        public init(data: [Receipt]) { self.data = data }
    }

    /// Sprout's sandbox checkout (`POST /v1/sandbox/payments`): stands in for the payment window
    /// the iamport SDK opens, and issues an `imp_uid` to validate.
    public struct SandboxCheckoutRequest: Codable, Sendable, Equatable {
        public enum Outcome: String, Codable, Sendable, CaseIterable {
            case paid, cancelled, failed
        }

        public var postID: LenientString?
        public var amount: LenientInteger?
        public var outcome: Outcome?

        public init(postID: String, amount: Int, outcome: Outcome = .paid) {
            self.postID = LenientString(postID)
            self.amount = LenientInteger(amount)
            self.outcome = outcome
        }

        enum CodingKeys: String, CodingKey {
            case postID = "post_id", amount, outcome
        }
    }

    /// The sandbox's answer: what the iamport SDK's callback would carry.
    public struct SandboxCheckout: Codable, Sendable, Equatable {
        public var impUID: String
        public var merchantUID: String
        public var success: Bool
        public var status: String

        public init(impUID: String, merchantUID: String, success: Bool, status: String) {
            self.impUID = impUID
            self.merchantUID = merchantUID
            self.success = success
            self.status = status
        }

        enum CodingKeys: String, CodingKey {
            case impUID = "imp_uid", merchantUID = "merchant_uid", success, status
        }
    }
}
