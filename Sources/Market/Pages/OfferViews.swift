import Foundation
import Platform
import Plot
import SproutAPI
import Vapor

/// 가격 제안's pages: the buyer's form and their offers, the seller's list with its answers, and
/// the link to them on the product's page.
enum OfferViews {
    /// The product as an offer page shows it: what it sells at now, and the most a buyer may
    /// offer (nil when no offer can be made now).
    struct Summary {
        let id: Int
        let name: String
        let asking: Int?
        let ceiling: Int?
    }

    /// On the product's page: the seller's way to their offers, a buyer's to their form.
    static func productLink(productID: Int, isOwner: Bool, allowsOffers: Bool, takesOffers: Bool, _ context: PageContext) -> Node<HTML.BodyContext> {
        if isOwner {
            return .if(allowsOffers, .p(.a(.id("offers-link"), .class("button secondary small"), .href(MarketPaths.offers.link(productID)),
                                              .text(context.pick(ko: "받은 가격 제안 보기", en: "Offers received")))))
        }
        return .if(takesOffers, .p(.class("hint"), .text(context.pick(ko: "가격 제안을 받는 상품이에요. ", en: "The seller takes offers. ")),
                                   .a(.id("offers-link"), .href(MarketPaths.offers.link(productID)), .text(context.pick(ko: "가격 제안하기", en: "Offer a price")))))
    }

    static func buyers(_ product: Summary, _ mine: [PriceOffer], error: String?, _ context: PageContext, status: HTTPResponseStatus) -> Response {
        let title = context.pick(ko: "가격 제안하기", en: "Offer a price")
        return PageLayout.render(title: title, context: context, status: status, .group(
            MarketViews.nav(context, current: "browse"),
            .h1(.text(title)),
            heading(product, context),
            .unwrap(product.ceiling, { ceiling in
                .form(
                    .id("offer-form"), .class("stacked card"), .method(.post), .action(path: MarketPaths.offers.link(product.id)),
                    PageLayout.csrfField(context),
                    FormWidgets.text("price", label: context.pick(ko: "제안할 가격 (1~\(MoneyText.grouped(ceiling))원)", en: "Your price (₩1–\(MoneyText.grouped(ceiling)))"),
                                     value: "", error: error, inputMode: "numeric", required: true),
                    .p(.class("hint"), .text(context.pick(ko: "제안은 판매자와의 채팅에 남고, 판매자가 수락하면 그 가격으로 거래해요.",
                                                          en: "The offer goes into your chat with the seller; if they accept, that is the price of your trade."))),
                    .button(.id("offer-submit"), .type(.submit), .text(context.pick(ko: "제안 보내기", en: "Send the offer")))
                )
            }, else: .group(
                .p(.id("offers-closed"), .class("hint"), .text(context.pick(ko: "지금은 이 상품에 가격을 제안할 수 없어요.", en: "No offers can be made for this product now."))),
                .unwrap(error) { .p(.class("form-error"), .attribute(named: "role", value: "alert"), .text($0)) }
            )),
            .if(!mine.isEmpty, .group(
                .h2(.text(context.pick(ko: "내 제안", en: "My offers"))),
                .ul(.id("my-offers"), .class("row-list"), .forEach(mine) { offer in
                    .li(.data(named: "state", value: offer.state), .strong(.text(MoneyText.won(offer.price, context))), .text(" · " + stateName(offer.state, context)))
                })
            ))
        ))
    }

    static func sellers(_ product: Summary, _ offers: [PriceOffers.Listed], _ context: PageContext) -> Response {
        let title = context.pick(ko: "받은 가격 제안", en: "Offers received")
        return PageLayout.render(title: title, context: context, .group(
            MarketViews.nav(context, current: "mine"),
            .h1(.text(title)),
            heading(product, context),
            .if(offers.isEmpty, MarketViews.emptyState(context.pick(ko: "아직 받은 제안이 없어요.", en: "No offers yet."))),
            .ul(.id("offers"), .class("row-list"), .forEach(offers) { listed in
                let offer = listed.offer
                let id = offer.id ?? 0
                return .li(
                    .id("offer-\(id)"), .data(named: "state", value: offer.state),
                    .strong(.text(MoneyText.won(offer.price, context))), .text(" · " + listed.buyerName + " · " + stateName(offer.state, context)),
                    .if(offer.state == Market.OfferState.pending.rawValue, .div(
                        .class("inline-actions"),
                        .form(.method(.post), .action(path: MarketPaths.acceptOffer.link(id)), PageLayout.csrfField(context),
                              .button(.id("accept-offer-\(id)"), .type(.submit), .text(context.pick(ko: "수락", en: "Accept")))),
                        .form(.method(.post), .action(path: MarketPaths.declineOffer.link(id)), PageLayout.csrfField(context),
                              .button(.id("decline-offer-\(id)"), .type(.submit), .class("secondary"), .text(context.pick(ko: "거절", en: "Decline"))))
                    ))
                )
            })
        ))
    }

    private static func heading(_ product: Summary, _ context: PageContext) -> Node<HTML.BodyContext> {
        .p(.class("card"), .a(.id("offer-product"), .href(MarketPaths.product.link(product.id)), .strong(.text(product.name))),
           .unwrap(product.asking) { .text(" · " + ($0 == 0 ? context.pick(ko: "나눔", en: "Free") : MoneyText.won($0, context))) })
    }

    static func stateName(_ state: String, _ context: PageContext) -> String {
        switch Market.OfferState(rawValue: state) {
        case .pending?: context.pick(ko: "답을 기다려요", en: "Waiting")
        case .accepted?: context.pick(ko: "수락됨", en: "Accepted")
        case .declined?: context.pick(ko: "거절됨", en: "Declined")
        case .withdrawn?: context.pick(ko: "새 제안으로 바뀜", en: "Replaced")
        case nil: state
        }
    }

    /// The words a page shows for what the offer rules refused.
    static func reason(_ error: OfferError, _ context: PageContext) -> String {
        switch error {
        case .notFound: context.pick(ko: "상품을 찾을 수 없어요.", en: "There is no such product.")
        case .sellerCannotOffer: context.pick(ko: "내 상품에는 가격을 제안할 수 없어요.", en: "You cannot offer a price for your own product.")
        case .notSeller: context.pick(ko: "판매자만 제안에 답할 수 있어요.", en: "Only the seller answers offers.")
        case .notAsked: context.pick(ko: "먼저 채팅으로 판매자에게 문의해 주세요. 제안은 그 채팅에서 해요.",
                                     en: "Write to the seller first: offers are made in that chat.")
        case .offersNotAllowed: context.pick(ko: "판매자가 가격 제안을 받지 않는 상품이에요.", en: "The seller takes no offers for this product.")
        case .notForSale: context.pick(ko: "예약중이거나 거래가 끝난 상품이에요.", en: "The product is reserved or sold.")
        case let .priceOutOfRange(maximum):
            maximum < 1 ? context.pick(ko: "이 상품에는 더 낮은 가격을 제안할 수 없어요.", en: "Nothing lower can be offered for this product.")
                        : context.pick(ko: "1원부터 \(MoneyText.grouped(maximum))원까지 제안할 수 있어요.", en: "Offer from ₩1 to ₩\(MoneyText.grouped(maximum)).")
        case .alreadyDecided: context.pick(ko: "이미 답한 제안이에요.", en: "That offer was answered already.")
        case .busy: context.pick(ko: "방금 다른 제안이 있었어요. 다시 해 주세요.", en: "Another offer came in at the same moment. Try again.")
        }
    }
}
