import Platform
import Plot
import SproutAPI
import Vapor

/// The sandbox checkout of a lesson, and the refusal when this server checks payments with PortOne.
enum CheckoutViews {
    /// The terms stand above the button: the student reads what they pay for and how cancelling
    /// works before paying.
    static func checkout(_ context: PageContext, post: Lessons.Post, terms: Lessons.Terms) -> Response {
        let title = context.pick(ko: "레슨 결제", en: "Pay for the lesson")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "list"),
            .h1(.text(title)),
            .div(
                .class("card checkout"), .id("checkout"),
                .p(.a(.id("checkout-lesson"), .href(LessonsPaths.lesson.link(post.postID)), .text(post.title))),
                .p(.class("hint"), .text(LessonsViews.teacher(post.creator.nick, context))),
                .p(.class("checkout-amount"), .text(context.pick(ko: "결제 금액 ", en: "Amount ")),
                   .strong(.id("checkout-amount"), .text(LessonsViews.price(post.price, context)))),
                TermsViews.summary(terms, context, id: "checkout-terms"),
                .p(.class("hint"), .text(context.pick(ko: "샌드박스 결제예요. 실제로 돈이 나가지 않아요.", en: "This is a sandbox payment: no real money moves."))),
                .form(
                    .id("checkout-form"), .class("inline-actions"), .action(path: LessonsPaths.checkout.link(post.postID)), .method(.post),
                    PageLayout.csrfField(context),
                    .button(.id("pay-button"), .type(.submit), .name("outcome"), .value("paid"), .text(context.pick(ko: "결제하기 (샌드박스)", en: "Pay (sandbox)"))),
                    .button(.id("cancel-button"), .type(.submit), .name("outcome"), .value("cancelled"), .class("secondary"), .text(context.pick(ko: "취소", en: "Cancel")))
                )
            )
        ))
    }

    static func unavailable(_ context: PageContext, post: Lessons.Post) -> Response {
        LessonsViews.refusal(
            context, title: context.pick(ko: "웹 결제를 쓸 수 없어요", en: "Web payment is not available"),
            message: context.pick(ko: "이 서버는 PortOne으로 결제를 확인해요. 앱에서 결제해 주세요.", en: "This server checks payments with PortOne. Please pay in the app."),
            next: (LessonsPaths.lesson.link(post.postID), context.pick(ko: "레슨으로 돌아가기", en: "Back to the lesson")), status: .serviceUnavailable
        )
    }
}
