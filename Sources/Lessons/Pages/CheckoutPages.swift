import Platform
import SproutAPI
import Vapor

/// `/lessons/{post_id}/checkout`: the web's stand-in for iamport's payment window (spec §5). Paying
/// makes a sandbox payment and validates its `imp_uid` through the same desk the app's
/// `payments/validation` uses, which records the buyer; cancelling records nothing.
struct CheckoutPages: Sendable {
    let board: PostBoard
    let desk: PaymentDesk
    /// nil when Sprout checks payments with PortOne, whose window the web does not embed.
    let sandbox: SandboxGateway?
    let terms: LessonTerms

    func register(on pages: any RoutesBuilder) {
        pages.get(LessonsPaths.checkout, use: checkoutPage)
        pages.post(LessonsPaths.checkout, use: checkout)
    }

    func checkoutPage(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req)
        let post = try await board.lesson(LessonsPaths.checkout.parameters(in: req) ?? "", shownTo: visitor.accountID, on: req.db)
        if let settled = settled(req, post: post, visitor: visitor) { return settled }
        guard sandbox != nil else { return CheckoutViews.unavailable(visitor.context, post: post) }
        return CheckoutViews.checkout(visitor.context, post: post, terms: try await terms.terms(of: post.postID, shownTo: visitor.accountID, on: req.db))
    }

    func checkout(_ req: Request) async throws -> Response {
        let postID = LessonsPaths.checkout.parameters(in: req) ?? ""
        let visitor = try await LessonsVisitor.require(req, next: LessonsPaths.checkout.link(postID))
        let post = try await board.lesson(postID, shownTo: visitor.accountID, on: req.db)
        if let settled = settled(req, post: post, visitor: visitor) { return settled }
        guard let sandbox else { return CheckoutViews.unavailable(visitor.context, post: post) }
        guard req.formField("outcome") == Lessons.SandboxCheckoutRequest.Outcome.paid.rawValue else {
            return req.redirect(to: LessonsPaths.lesson.link(postID, query: LessonDetailQuery(payment: .cancelled)), redirectType: .normal)
        }
        let payment = try await sandbox.checkout(post, amount: post.price, by: visitor.accountID, outcome: .paid, on: req.db)
        _ = try await desk.validate(impUID: payment.impUID, postID: post.postID, clientPrice: nil, buyer: visitor.accountID, on: req.db)
        return req.redirect(to: LessonsPaths.lesson.link(postID, query: LessonDetailQuery(payment: .paid)), redirectType: .normal)
    }

    /// The teacher does not buy their own lesson, and nobody pays twice for one.
    private func settled(_ req: Request, post: Lessons.Post, visitor: LessonsVisitor) -> Response? {
        guard post.creator.userID == visitor.accountID || post.buyers.contains(visitor.accountID) else { return nil }
        return req.redirect(to: LessonsPaths.lesson.link(post.postID), redirectType: .normal)
    }
}
