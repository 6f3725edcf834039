import Platform
import Plot
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

    func register(on pages: any RoutesBuilder) {
        pages.get("lessons", ":post_id", "checkout", use: checkoutPage)
        pages.post("lessons", ":post_id", "checkout", use: checkout)
    }

    func checkoutPage(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req)
        let post = try await board.lesson(req.postIDParameter, on: req.db)
        if let settled = settled(req, post: post, visitor: visitor) { return settled }
        let context = visitor.context
        guard sandbox != nil else { return unavailable(context, post: post) }
        let title = context.pick(ko: "레슨 결제", en: "Pay for the lesson")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "list"),
            .h1(.text(title)),
            .div(
                .class("card checkout"), .id("checkout"),
                .p(.a(.id("checkout-lesson"), .href("/lessons/\(post.postID)"), .text(post.title))),
                .p(.class("hint"), .text(LessonsViews.teacher(post.creator.nick, context))),
                .p(.class("checkout-amount"), .text(context.pick(ko: "결제 금액 ", en: "Amount ")),
                   .strong(.id("checkout-amount"), .text(LessonsViews.price(post.price, context)))),
                .p(.class("hint"), .text(context.pick(ko: "샌드박스 결제예요. 실제로 돈이 나가지 않아요.", en: "This is a sandbox payment: no real money moves."))),
                .form(
                    .id("checkout-form"), .class("inline-actions"), .action("/lessons/\(post.postID)/checkout"), .method(.post),
                    PageLayout.csrfField(context),
                    .button(.id("pay-button"), .type(.submit), .name("outcome"), .value("paid"), .text(context.pick(ko: "결제하기 (샌드박스)", en: "Pay (sandbox)"))),
                    .button(.id("cancel-button"), .type(.submit), .name("outcome"), .value("cancelled"), .class("secondary"), .text(context.pick(ko: "취소", en: "Cancel")))
                )
            )
        ))
    }

    func checkout(_ req: Request) async throws -> Response {
        let path = "/lessons/\(req.postIDParameter)"
        let visitor = try await LessonsVisitor.require(req, next: path + "/checkout")
        let post = try await board.lesson(req.postIDParameter, on: req.db)
        if let settled = settled(req, post: post, visitor: visitor) { return settled }
        guard let sandbox else { return unavailable(visitor.context, post: post) }
        guard req.formField("outcome") == Lessons.SandboxCheckoutRequest.Outcome.paid.rawValue else {
            return req.redirect(to: path + "?payment=cancelled", redirectType: .normal)
        }
        let payment = try await sandbox.checkout(title: post.title, amount: post.price, outcome: .paid, on: req.db)
        _ = try await desk.validate(impUID: payment.impUID, postID: post.postID, clientPrice: nil, buyer: visitor.accountID, on: req.db)
        return req.redirect(to: path + "?payment=paid", redirectType: .normal)
    }

    /// The teacher does not buy their own lesson, and nobody pays twice for one.
    private func settled(_ req: Request, post: Lessons.Post, visitor: LessonsVisitor) -> Response? {
        guard post.creator.userID == visitor.accountID || post.buyers.contains(visitor.accountID) else { return nil }
        return req.redirect(to: "/lessons/\(post.postID)", redirectType: .normal)
    }

    private func unavailable(_ context: PageContext, post: Lessons.Post) -> Response {
        LessonsViews.refusal(
            context, title: context.pick(ko: "웹 결제를 쓸 수 없어요", en: "Web payment is not available"),
            message: context.pick(ko: "이 서버는 PortOne으로 결제를 확인해요. 앱에서 결제해 주세요.", en: "This server checks payments with PortOne. Please pay in the app."),
            next: ("/lessons/\(post.postID)", context.pick(ko: "레슨으로 돌아가기", en: "Back to the lesson")), status: .serviceUnavailable
        )
    }
}
