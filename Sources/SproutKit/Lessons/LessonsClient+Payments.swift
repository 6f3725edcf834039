import Foundation
import SproutAPI

// Payments, spec §2.6 and §5, and Sprout's sandbox checkout.
extension LessonsClient {
    /// `POST v1/sandbox/payments`: Sprout's stand-in for iamport's payment window. It answers what
    /// the window's callback would carry, an `imp_uid` with the outcome chosen.
    public func sandboxCheckout(postID: String, amount: Int, outcome: Lessons.SandboxCheckoutRequest.Outcome) async throws -> Lessons.SandboxCheckout {
        try await api.send(Endpoint(
            Lessons.Routes.sandboxCheckout, body: Lessons.SandboxCheckoutRequest(postID: postID, amount: amount, outcome: outcome)
        ))
    }

    /// `POST v1/payments/validation`: the server checks the payment with the gateway and records
    /// the purchase. `price` only matters for a post created without one. 409: validated already.
    public func validatePayment(impUID: String, postID: String, price: Int? = nil) async throws -> Lessons.Receipt {
        try await api.send(Endpoint(
            Lessons.Routes.validatePayment, body: Lessons.PaymentValidationRequest(impUID: impUID, postID: postID, price: price)
        ))
    }

    /// `GET v1/payments/me`: my validated payments, newest first.
    public func payments() async throws -> [Lessons.Receipt] {
        try await api.send(Endpoint(Lessons.Routes.payments)).data
    }
}
