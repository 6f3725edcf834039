import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Validates payments against the gateway and keeps the receipts: spec §2.6 and §5. A validated
/// payment for a lesson enrols its buyer (`Enrolments`), and the teacher is told who paid.
struct PaymentDesk: Sendable {
    let gateway: any PaymentGateway
    let board: PostBoard
    let enrolments: Enrolments
    let news: BookingNews
    let clock: WallClock

    /// Records the payment once the gateway confirms it: status paid, made by this buyer for this
    /// lesson where the gateway knows them, the amount equal to the lesson's price (or, for a post
    /// created without a price, the price the client sends), and an `imp_uid` never validated
    /// before (409). A cancelled or failed payment records nothing.
    func validate(impUID: String?, postID: String?, clientPrice: Int?, buyer buyerID: String, on db: any Database) async throws -> Lessons.Receipt {
        guard let impUID = impUID?.trimmingCharacters(in: .whitespaces), !impUID.isEmpty,
              let postID = postID?.trimmingCharacters(in: .whitespaces), !postID.isEmpty
        else { throw PaymentError.impUIDOrPostMissing }
        // A lesson the operator hid is not sold: missing, to all but its teacher.
        let post = try await board.find(postID, shownTo: buyerID, on: db)
        guard try await LessonPayment.query(on: db).filter(\.$impUID == impUID).count() == 0 else {
            throw PaymentError.alreadyValidated
        }
        let payment: GatewayPayment?
        do {
            payment = try await gateway.payment(impUID: impUID, on: db)
        } catch is GatewayError {
            throw PaymentError.gatewayUnavailable
        }
        guard let payment else { throw PaymentError.paymentNotFound }
        guard payment.status == .paid else { throw PaymentError.notPaid }
        if let owner = payment.buyerID, owner != buyerID { throw PaymentError.someoneElses }
        if let lesson = payment.postID, lesson != postID { throw PaymentError.otherLesson }
        guard let expected = post.price ?? clientPrice else { throw PaymentError.priceUnknown }
        guard payment.amount == expected else { throw PaymentError.amountMismatch }
        let receipt = LessonPayment(
            impUID: impUID, merchantUID: payment.merchantUID, postID: postID, buyerID: buyerID, productName: post.title,
            price: payment.amount, paidAt: payment.paidAt ?? clock.now()
        )
        let enrolment = try await db.writeTransaction { db -> Enrolment? in
            do {
                try await receipt.create(on: db)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw PaymentError.alreadyValidated
            }
            guard post.productID == Lessons.ProductID.lesson, post.creatorID != buyerID else { return nil }
            return try await enrolments.enrol(receipt, in: post, on: db)
        }
        if let enrolment { await news.tell(.enrolled, about: enrolment, by: .student, on: db) }
        return Self.receipt(receipt)
    }

    /// Every payment this account validated and was not refunded whole, newest first.
    func receipts(of buyerID: String, on db: any Database) async throws -> [Lessons.Receipt] {
        try await LessonPayment.query(on: db).filter(\.$buyerID == buyerID).sort(\.$id, .descending).all()
            .filter { ($0.refundedAmount ?? 0) < $0.price || $0.price == 0 }.map(Self.receipt)
    }

    static func receipt(_ payment: LessonPayment) -> Lessons.Receipt {
        Lessons.Receipt(
            buyerID: payment.buyerID, postID: payment.postID, merchantUID: payment.merchantUID, productName: payment.productName,
            price: payment.price, paidAt: PostReader.timestamp(payment.paidAt)
        )
    }
}
