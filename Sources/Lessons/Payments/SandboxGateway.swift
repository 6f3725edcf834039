import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// The built-in gateway: its checkout (a web page, or `POST /v1/sandbox/payments` for apps) takes
/// the place of iamport's payment window and issues `imp_uid`s that validation then looks up here.
struct SandboxGateway: PaymentGateway {
    let ids: IdentifierGenerator
    let clock: WallClock

    func payment(impUID: String, on db: any Database) async throws -> GatewayPayment? {
        guard let row = try await SandboxPayment.find(impUID, on: db) else { return nil }
        let status = GatewayPayment.Status(rawValue: row.status) ?? .failed
        return GatewayPayment(
            impUID: impUID, merchantUID: row.merchantUID, amount: row.amount, status: status, name: row.name,
            paidAt: status == .paid ? row.createdAt : nil, buyerID: row.buyerID, postID: row.postID
        )
    }

    /// Cancels `amount` of the payment, all of it or part, as iamport's cancel does: a payment
    /// cancelled whole is `cancelled`, a partly cancelled one stays `paid`.
    func refund(impUID: String, amount: Int, refundable: Int, reason: String, on db: any Database) async throws {
        try await db.writeTransaction { db in
            guard let row = try await SandboxPayment.find(impUID, on: db), row.status == GatewayPayment.Status.paid.rawValue else {
                throw GatewayError.refused("not a paid payment")
            }
            let left = row.amount - (row.cancelledAmount ?? 0)
            guard amount > 0, amount <= left, refundable == left else { throw GatewayError.refused("more than the payment holds") }
            row.cancelledAmount = (row.cancelledAmount ?? 0) + amount
            if amount == left { row.status = GatewayPayment.Status.cancelled.rawValue }
            try await row.save(on: db)
        }
    }

    /// Records what the payment window would have: a payment of `amount` by `buyer` for the post,
    /// with the outcome the person chose. The merchant uid follows the course convention
    /// (`<app>_<seconds>`).
    func checkout(_ post: Lessons.Post, amount: Int, by buyer: String, outcome: Lessons.SandboxCheckoutRequest.Outcome, on db: any Database) async throws -> Lessons.SandboxCheckout {
        let now = clock.now()
        let payment = SandboxPayment(
            impUID: "imp_" + ids.hex(byteCount: 6), merchantUID: "sprout_\(Int(now.timeIntervalSince1970))_\(ids.hex(byteCount: 3))",
            name: post.title, amount: amount, status: outcome.rawValue, buyerID: buyer, postID: post.postID, createdAt: now
        )
        try await payment.create(on: db)
        return Lessons.SandboxCheckout(impUID: try payment.requireID(), merchantUID: payment.merchantUID, success: outcome == .paid, status: outcome.rawValue)
    }
}
