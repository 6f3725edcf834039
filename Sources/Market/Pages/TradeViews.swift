import Platform
import Plot
import SproutAPI
import Vapor

/// Closing a deal on the product page (the seller reserves for or sells to someone who wrote,
/// each side reviews the other) and a seller's trust on their profile.
enum TradeViews {
    /// The seller's controls: who to reserve for or sell to, among the people who wrote.
    static func sellerControls(productID: Int, state: SaleState, buyer: String?, askers: [Conversations.Person], _ context: PageContext) -> Node<HTML.BodyContext> {
        return .section(
            .id("trade"), .class("card trade"),
            .h2(.text(context.pick(ko: "거래", en: "The deal"))),
            .if(askers.isEmpty && state != .sold, .p(.class("hint"), .text(context.pick(
                ko: "채팅으로 문의한 사람이 생기면 그 사람에게 예약하거나 판매할 수 있어요.",
                en: "Once someone writes to you about it, you can reserve it for them or sell it to them."
            )))),
            .if(!askers.isEmpty && state != .sold, .form(
                .id("trade-form"), .class("inline-form"), .method(.post), .action(path: MarketPaths.reservation.link(productID)),
                PageLayout.csrfField(context),
                FormWidgets.select("buyer", label: context.pick(ko: "구매자", en: "Buyer"), prompt: context.pick(ko: "누구와 거래하나요?", en: "Who is buying?"),
                                   options: askers.map { ($0.id, $0.name) }, selected: buyer ?? "", error: nil),
                .button(.id("reserve-button"), .type(.submit), .class("secondary"), .text(context.pick(ko: "예약하기", en: "Reserve"))),
                .button(.id("sold-button"), .type(.submit), .attribute(named: "formaction", value: MarketPaths.sold.link(productID)),
                        .text(context.pick(ko: "이 사람에게 판매 완료", en: "Sold to them")))
            )),
            .div(
                .class("inline-actions"),
                .if(state == .reserved, .form(
                    .id("release-form"), .method(.post), .action(path: MarketPaths.release.link(productID)), PageLayout.csrfField(context),
                    .button(.id("release-button"), .type(.submit), .class("secondary"), .text(context.pick(ko: "예약 취소", en: "Cancel the reservation")))
                )),
                .if(state != .sold, .form(
                    .id("sold-elsewhere-form"), .method(.post), .action(path: MarketPaths.sold.link(productID)), PageLayout.csrfField(context),
                    .button(.id("sold-elsewhere-button"), .type(.submit), .class("secondary"), .text(context.pick(ko: "다른 곳에서 팔렸어요", en: "Sold elsewhere")))
                ))
            )
        )
    }

    /// The review form alone: where a review request and the conversation lead.
    static func reviewPage(productID: Int, title: String, aboutSeller: Bool, _ context: PageContext) -> Response {
        PageLayout.render(title: context.pick(ko: "거래 후기", en: "Trade review"), context: context, .group(
            MarketViews.nav(context, current: "browse"),
            .h1(.id("review-title"), .a(.href(MarketPaths.product.link(productID)), .text(title))),
            reviewForm(productID: productID, aboutSeller: aboutSeller, context)
        ))
    }

    /// The review a side of a finished trade leaves once, with the 매너 tags that side may give:
    /// praise goes with 최고예요 or 좋아요, its opposite with 별로예요 (the server holds to it).
    static func reviewForm(productID: Int, aboutSeller: Bool, error: String? = nil, _ context: PageContext) -> Node<HTML.BodyContext> {
        .form(
            .id("trade-review-form"), .class("stacked card"), .method(.post), .action(path: MarketPaths.review.link(productID)),
            PageLayout.csrfField(context),
            .h2(.text(aboutSeller ? context.pick(ko: "판매자와의 거래는 어땠나요?", en: "How was the trade with the seller?")
                                  : context.pick(ko: "구매자와의 거래는 어땠나요?", en: "How was the trade with the buyer?"))),
            .fieldset(
                .class("field"),
                .element(named: "legend", text: context.pick(ko: "평가", en: "Rating")),
                .forEach(TradeRating.allCases) { rating in
                    .label(.class("choice"), .input(.type(.radio), .name("rating"), .id("rating-\(rating.rawValue)"), .value(rating.rawValue), .required(true)),
                           .text(" " + ratingName(rating.rawValue, context)))
                }
            ),
            tagChoices(MannerTag.choices(for: .great, aboutSeller: aboutSeller), id: "praise-tags",
                       legend: context.pick(ko: "어떤 점이 좋았나요? (최고예요·좋아요)", en: "What went well? (great or good)"), context),
            tagChoices(MannerTag.choices(for: .bad, aboutSeller: aboutSeller), id: "complaint-tags",
                       legend: context.pick(ko: "어떤 점이 아쉬웠나요? (별로예요)", en: "What went wrong? (bad)"), context),
            FormWidgets.textArea("text", label: context.pick(ko: "후기 (선택)", en: "Review (optional)"), value: "", error: error, rows: 3),
            .button(.id("trade-review-submit"), .type(.submit), .text(context.pick(ko: "후기 남기기", en: "Leave the review")))
        )
    }

    private static func tagChoices(_ tags: [MannerTag], id: String, legend: String, _ context: PageContext) -> Node<HTML.FormContext> {
        .fieldset(
            .class("field tag-choices"), .id(id),
            .element(named: "legend", text: legend),
            .forEach(tags) { tag in
                .label(.class("choice"), .input(.type(.checkbox), .name("tags"), .id("tag-\(tag.rawValue)"), .value(tag.rawValue)),
                       .text(" " + tagName(tag, context)))
            }
        )
    }

    static func tagName(_ tag: MannerTag, _ context: PageContext) -> String {
        context.pick(ko: tag.words.ko, en: tag.words.en)
    }

    /// The trust and the reviews on a seller's profile, with how the trust is worked out.
    static func reputation(_ reputation: Reputation, _ context: PageContext) -> Node<HTML.BodyContext> {
        let (trust, reviews) = (reputation.trust, reputation.reviews)
        return .section(
            .id("seller-trust"), .class("card trust"),
            .h2(.text(context.pick(ko: "매너 온도", en: "Trust"))),
            .p(.class("trust-score"), .id("trust-score"), .text(String(format: "%.1f℃", trust.score))),
            .p(.class("hint"), .text(context.pick(
                ko: "거래한 사람들의 후기로 정해져요. 36.5℃에서 시작해 ‘최고예요’는 0.5℃, ‘좋아요’는 0.25℃ 오르고 ‘별로예요’는 1.5℃ 내려가요.",
                en: "Set by the reviews of people who traded with them: it starts at 36.5℃; each ‘great’ adds 0.5℃, each ‘good’ 0.25℃, each ‘bad’ takes 1.5℃."
            ))),
            .p(.id("trust-counts"), .text(context.pick(ko: "후기 \(trust.reviews)개 기준 · 최고예요 \(trust.great) · 좋아요 \(trust.good) · 별로예요 \(trust.bad)",
                                                       en: "From \(trust.reviews) reviews · Great \(trust.great) · Good \(trust.good) · Bad \(trust.bad)"))),
            .p(.class("hint"), .text(context.pick(
                ko: "물건이 마지막으로 팔린 거래의 후기만, 가입한 지 일주일이 지났거나 전화번호를 인증한 사람의 후기만 반영돼요.",
                en: "Only reviews of the sale that closed each product count, from people whose account is a week old or has a verified phone number."
            ))),
            .if(!reputation.tags.isEmpty, .group(
                .h3(.text(context.pick(ko: "받은 매너 평가", en: "What traders said"))),
                .ul(.id("manner-tags"), .class("chips manner-tags"), .forEach(reputation.tags) { counted in
                    .li(.class("chip"), .data(named: "tag", value: counted.tag),
                        .text(MannerTag(rawValue: counted.tag).map { tagName($0, context) } ?? counted.tag), .text(" ×\(counted.count)"))
                })
            )),
            .if(reviews.isEmpty, .p(.class("hint"), .text(context.pick(ko: "아직 받은 거래 후기가 없어요.", en: "No trade reviews yet.")))),
            .ul(.id("trade-reviews"), .class("row-list"), .forEach(reviews) { review in
                .li(.strong(.text(ratingName(review.rating, context))), .text(" · " + review.reviewerName),
                    .if(!review.counted, .span(.class("hint uncounted"), .text(context.pick(ko: " · 온도에 반영되지 않음", en: " · not counted")))),
                    .if(!review.text.isEmpty, .p(.text(review.text))))
            })
        )
    }

    static func ratingName(_ rating: String, _ context: PageContext) -> String {
        switch TradeRating(rawValue: rating) {
        case .great?: context.pick(ko: "최고예요", en: "Great")
        case .good?: context.pick(ko: "좋아요", en: "Good")
        case .bad?: context.pick(ko: "별로예요", en: "Bad")
        case nil: rating
        }
    }
}
