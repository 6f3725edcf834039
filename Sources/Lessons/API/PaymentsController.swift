import Fluent
import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// Payment validation and history (spec §2.6), and the sandbox checkout apps use in place of
/// iamport's payment window when Sprout runs its own gateway.
struct PaymentsController: Sendable {
    let desk: PaymentDesk
    let sandbox: SandboxGateway?

    func register(on routes: DocumentedRoutes) {
        routes.on(Lessons.Routes.validatePayment, doc: .init(
            "Validate a payment", description: "Looks the imp_uid up at the gateway and records the purchase.",
            headers: PostsController.headers, body: .json(Lessons.PaymentValidationRequest.self),
            responses: PostsController.responses([
                200: "{buyer_id, post_id, merchant_uid, productName, price, paidAt}",
                400: "imp_uid or post_id missing; payment unknown, not paid, or for another amount",
                409: "This imp_uid was validated already", 410: "No such post", 500: "The payment gateway did not answer",
            ])
        ), use: validate)
        routes.on(Lessons.Routes.payments, doc: .init(
            "My payments", headers: PostsController.headers, responses: PostsController.responses([200: "{data: [receipt]}, newest first"])
        ), use: { req in Lessons.ReceiptList(data: try await desk.receipts(of: try req.lessonsAccountID, on: req.db)) })
        if sandbox != nil {
            routes.on(Lessons.Routes.sandboxCheckout, doc: .init(
                "Sandbox checkout", description: "Sprout's stand-in for the iamport payment window: issues an imp_uid with the chosen outcome (paid, cancelled or failed). Only when the sandbox gateway is configured.",
                headers: PostsController.headers, body: .json(Lessons.SandboxCheckoutRequest.self),
                responses: PostsController.responses([200: "{imp_uid, merchant_uid, success, status}", 400: "amount not a positive number", 410: "No such post"])
            ), use: checkout)
        }
    }

    func validate(_ req: Request) async throws -> Lessons.Receipt {
        let body = try req.decodeBody(Lessons.PaymentValidationRequest.self)
        return try await desk.validate(
            impUID: body.impUID?.value, postID: body.postID?.value, clientPrice: body.price?.value, buyer: try req.lessonsAccountID, on: req.db
        )
    }

    func checkout(_ req: Request) async throws -> Lessons.SandboxCheckout {
        guard let sandbox else { throw LessonsError.invalidURL }
        let body = try req.decodeBody(Lessons.SandboxCheckoutRequest.self)
        guard let postID = body.postID?.value, !postID.isEmpty else { throw LessonsError.missingValue }
        let post = try await desk.board.post(postID, shownTo: try req.lessonsAccountID, on: req.db)
        let amount = body.amount?.value ?? post.price
        guard amount > 0 else { throw LessonsError.invalidValue("amount는 1 이상이어야 합니다.") }
        return try await sandbox.checkout(post, amount: amount, by: try req.lessonsAccountID, outcome: body.outcome ?? .paid, on: req.db)
    }
}
