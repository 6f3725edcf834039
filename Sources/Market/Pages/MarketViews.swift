import Foundation
import Platform
import Plot
import SproutAPI
import Vapor

/// Pieces shared by the market's pages: prices, stock, product cards, paging.
enum MarketViews {
    static func price(_ amount: Double, _ currency: Market.Currency, _ context: PageContext) -> String {
        MoneyText.format(amount, currency == .krw ? .won : .dollars, context)
    }

    /// Nothing for the one item a second-hand sale is; a shop's products (the contract's
    /// clients list many) say how many are left, or that none are.
    static func stock(_ stock: Int, _ context: PageContext) -> Node<HTML.BodyContext> {
        switch stock {
        case 0: .span(.class("stock sold-out"), .text(context.pick(ko: "품절", en: "Sold out")))
        case 1: .empty
        default: .span(.class("stock"), .text(context.pick(ko: Market.PriceText.stock(stock), en: "\(stock) in stock")))
        }
    }

    static func priceBlock(price: Double, discount: Double, currency: Market.Currency, _ context: PageContext) -> Node<HTML.BodyContext> {
        .div(
            .class("price"),
            .if(discount > 0, .group(
                .span(.class("original-price"), .text(Self.price(price, currency, context))),
                .unwrap(Market.PriceText.discountRate(price: price, discount: discount)) { .span(.class("discount-rate"), .text($0)) }
            )),
            sellingPrice(discount == 0 ? price : price - discount, currency, context)
        )
    }

    /// What the buyer pays; nothing is a giveaway, labelled 나눔 rather than 0원.
    static func sellingPrice(_ amount: Double, _ currency: Market.Currency, _ context: PageContext) -> Node<HTML.BodyContext> {
        amount == 0
            ? .strong(.class("selling-price giveaway"), .text(context.pick(ko: "나눔", en: "Free")))
            : .strong(.class("selling-price"), .text(Self.price(amount, currency, context)))
    }

    /// Where a card's product is and when it went to the top (listed or bumped): "망원제1동 · 3분 전".
    struct CardPlace {
        /// The 동's name; nil when the seller had no 동네.
        let name: String?
        /// As `UTCTimestamp` writes it.
        let bumpedAt: String
    }

    static func card(_ product: Market.ListedProduct, state: SaleState?, interest: ProductInterest.Counts, place: CardPlace? = nil,
                     context: PageContext) -> Node<HTML.BodyContext> {
        .div(
            .class(state == .sold ? "product-card sold" : "product-card"), .data(named: "id", value: String(product.id)),
            .a(.href(MarketPaths.product.link(product.id)), .class("product-photo"),
               .img(.src(product.thumbnail), .alt(text: product.name), .attribute(named: "loading", value: "lazy"))),
            .div(
                .class("product-card-body"),
                .unwrap(state) { saleBadge($0, context) },
                .h3(.class("product-name"), .a(.href(MarketPaths.product.link(product.id)), .text(product.name))),
                priceBlock(price: product.price, discount: product.discountedPrice, currency: product.currency, context),
                stock(product.stock, context),
                .p(.class("hint product-time"), .unwrap(place?.name) { .span(.class("product-dong"), .text($0 + " · ")) },
                   context.posted(place?.bumpedAt ?? product.createdAt),
                   .if(interest != ProductInterest.Counts(), .text(" · " + Self.interest(interest, context))))
            )
        )
    }

    /// `states` names the products no longer simply for sale; `interest`, those anyone liked or
    /// opened; `places`, where each is and when it went to the top.
    static func cards(_ products: [Market.ListedProduct], states: [Int: SaleState], interest: [Int: ProductInterest.Counts],
                      places: [Int: CardPlace] = [:], context: PageContext) -> Node<HTML.BodyContext> {
        .forEach(products) {
            card($0, state: states[$0.id], interest: interest[$0.id] ?? ProductInterest.Counts(), place: places[$0.id], context: context)
        }
    }

    /// "관심 2 · 조회 14", as Korean markets count a listing's likes and views.
    static func interest(_ counts: ProductInterest.Counts, _ context: PageContext) -> String {
        context.pick(ko: "관심 \(counts.likes) · 조회 \(counts.views)", en: context.count(counts.likes, ko: "", en: "like") + " · " + context.count(counts.views, ko: "", en: "view"))
    }

    /// "예약중" or "거래완료"; nothing for a product still for sale.
    static func saleBadge(_ state: SaleState, _ context: PageContext) -> Node<HTML.BodyContext> {
        .if(state != .selling, .span(.class("sale-state \(state.rawValue)"), .text(saleStateName(state, context))))
    }

    static func saleStateName(_ state: SaleState, _ context: PageContext) -> String {
        switch state {
        case .selling: context.pick(ko: "판매중", en: "For sale")
        case .reserved: context.pick(ko: "예약중", en: "Reserved")
        case .sold: context.pick(ko: "거래완료", en: "Sold")
        }
    }

    static func categoryName(_ category: ProductCategory, _ context: PageContext) -> String {
        switch category {
        case .digital: context.pick(ko: "디지털기기", en: "Electronics")
        case .furniture: context.pick(ko: "가구/인테리어", en: "Furniture")
        case .living: context.pick(ko: "생활/주방", en: "Home & kitchen")
        case .clothing: context.pick(ko: "의류/잡화", en: "Clothing")
        case .books: context.pick(ko: "도서", en: "Books")
        case .hobby: context.pick(ko: "취미/게임/음반", en: "Hobbies & games")
        case .sports: context.pick(ko: "스포츠/레저", en: "Sports")
        case .beauty: context.pick(ko: "뷰티/미용", en: "Beauty")
        case .kids: context.pick(ko: "유아동", en: "Kids")
        case .other: context.pick(ko: "기타", en: "Other")
        }
    }

    static func emptyState(_ text: String) -> Node<HTML.BodyContext> {
        .p(.class("empty-state"), .text(text))
    }

    /// The tab bar of every market page.
    static func nav(_ context: PageContext, current: String) -> Node<HTML.BodyContext> {
        AppTabBar.render(app: "market", [
            AppTab("browse", MarketPaths.browse.link, .grid, ko: "모아보기", en: "Browse"),
            AppTab("mine", MarketPaths.mine.link, .tag, ko: "내 상품", en: "My products"),
            AppTab("likes", MarketPaths.likes.link, .heart, ko: "좋아요", en: "Likes"),
            AppTab("sell", MarketPaths.sell.link, .plus, ko: "판매하기", en: "Sell"),
        ], current: current, context)
    }

    /// How many products a page of my products or my likes shows.
    static let listPageSize = 20

    /// The `?page=` of a list page, within the catalog's bounds.
    static func pageNumber(_ req: Request) throws -> Int {
        min(max(try req.queryFields(MarketListPage.self).page ?? 1, 1), ProductCatalog.maxPageNumber)
    }

    /// Links to the previous and next page of a list, where there are any; `link` is the list's
    /// address at a page number.
    static func pager(_ page: ProductPage, _ context: PageContext, link: (Int) -> String) -> Node<HTML.BodyContext> {
        .nav(
            .class("pager"),
            .if(page.number > 1, .a(.id("previous-page"), .class("button secondary"), .href(link(page.number - 1)),
                                     .text(context.pick(ko: "이전", en: "Previous")))),
            .if(page.hasNext, .a(.id("next-page"), .class("button secondary"), .href(link(page.number + 1)),
                                 .text(context.pick(ko: "다음", en: "Next"))))
        )
    }

    static func violationText(_ violation: Market.Violation, field: Market.Field, _ context: PageContext) -> String {
        switch violation {
        case .required: context.pick(ko: "필수 입력 항목이에요.", en: "This is required.")
        case let .tooShort(minimum): context.pick(ko: "\(minimum)자 이상 입력해 주세요.", en: "Use at least \(minimum) characters.")
        case let .tooLong(maximum): context.pick(ko: "\(maximum)자 이하로 입력해 주세요.", en: "Use at most \(maximum) characters.")
        case let .tooFew(minimum): context.pick(ko: "사진을 \(minimum)장 이상 올려 주세요.", en: "Add at least \(minimum) photo.")
        case let .tooMany(maximum): context.pick(ko: "사진은 최대 \(maximum)장까지 첨부할 수 있어요.", en: "You can attach up to \(maximum) photos.")
        case .negative: context.pick(ko: "0 이상이어야 해요.", en: "Must be 0 or more.")
        case let .tooLarge(maximum): context.pick(ko: "\(Market.PriceText.plain(maximum)) 이하로 입력해 주세요.", en: "At most \(Market.PriceText.plain(maximum)).")
        case .notANumber: context.pick(ko: "숫자로 입력해 주세요.", en: "Enter a number.")
        case .discountAbovePrice: context.pick(ko: "할인금액은 상품가격보다 클 수 없습니다.", en: "The discount cannot exceed the price.")
        case .unknownCurrency: context.pick(ko: "KRW 또는 USD를 골라 주세요.", en: "Choose KRW or USD.")
        case let .photo(refusal): refusal.message(context)
        }
    }

}

/// Which page of a list to show (`?page=2`), as its pager's links write it and its handler reads it.
struct MarketListPage: Codable {
    var page: Int?
}
