import Fluent
import Foundation

/// A payment as the gateway reports it, looked up by the `imp_uid` the checkout handed the client.
struct GatewayPayment: Sendable, Equatable {
    enum Status: String, Sendable {
        /// iamport's `ready` (virtual account waiting for a deposit) and anything unknown count as unpaid.
        case paid, ready, cancelled, failed
    }

    let impUID: String
    let merchantUID: String
    let amount: Int
    let status: Status
    let name: String
    let paidAt: Date?
    /// Who and which lesson the checkout was for, where the gateway knows: the sandbox does;
    /// PortOne does not, since the published app makes its own `merchant_uid`.
    var buyerID: String? = nil
    var postID: String? = nil
}

enum GatewayError: Error, Equatable {
    /// The gateway could not be reached or answered something unexpected.
    case unavailable(String)
    /// The gateway answered, and would not cancel: already cancelled, or more than is left.
    case refused(String)
}

/// Where payments are checked. The sandbox (the default) keeps its payments in Sprout's database;
/// PortOne asks iamport's REST API.
protocol PaymentGateway: Sendable {
    /// nil when the gateway knows no payment with this `imp_uid`.
    func payment(impUID: String, on db: any Database) async throws -> GatewayPayment?
    /// Returns `amount` of the payment to its payer. `refundable` is what the payment still holds
    /// before this cancel, which the gateway checks against its own books.
    func refund(impUID: String, amount: Int, refundable: Int, reason: String, on db: any Database) async throws
}
