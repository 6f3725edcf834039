import Foundation
import Platform
import Plot
import SproutAPI
import Vapor

/// The keyword alerts page: my keywords to add and remove, and what one of them found near me.
enum KeywordViews {
    struct Model {
        /// Mine, oldest first.
        let keywords: [String]
        /// The keyword whose products are shown.
        let chosen: String?
        /// What `chosen` found within my range; nil without a 동네.
        let found: NearbyProducts.Page?
        let hasNeighbourhood: Bool
        /// What the add form sent back with its error.
        let draft: String
        let error: String?
    }

    static func page(_ model: Model, _ context: PageContext, status: HTTPResponseStatus = .ok) -> Response {
        let title = context.pick(ko: "키워드 알림", en: "Keyword alerts")
        return PageLayout.render(title: title, context: context, status: status, .group(
            MarketViews.nav(context, current: "browse"),
            .h1(.id("keywords-title"), .text(title)),
            .p(.class("hint"), .text(context.pick(
                ko: "내 동네 범위에 키워드가 들어간 상품이 올라오면 알려 드려요. \(KeywordAlerts.maximum)개까지 등록할 수 있어요.",
                en: "You hear when a product whose name has one of your keywords is listed within your range. Up to \(KeywordAlerts.maximum) keywords."))),
            .if(!model.hasNeighbourhood, .p(
                .class("notice"), .id("keywords-need-neighbourhood"),
                .text(context.pick(ko: "알림은 내 동네 범위에 올라온 상품만 보내요. ", en: "Alerts come for products listed within your range. ")),
                .a(.href(MarketPaths.neighbourhoods.link), .text(context.pick(ko: "내 동네 정하기", en: "Choose your 동네")))
            )),
            .form(
                .id("keyword-form"), .class("inline-form"), .action(path: MarketPaths.keywordAlerts.link), .method(.post),
                PageLayout.csrfField(context),
                FormWidgets.text("keyword", label: context.pick(ko: "키워드", en: "Keyword"), value: model.draft, error: model.error, required: true),
                .button(.type(.submit), .id("keyword-submit"), .class("button small"), .text(context.pick(ko: "등록", en: "Add")))
            ),
            .p(.class("hint"), .id("keyword-count"), .text("\(model.keywords.count)/\(KeywordAlerts.maximum)")),
            .ul(.class("keyword-list chips"), .id("keyword-list"), .forEach(model.keywords) { keyword in
                .li(
                    .class(keyword == model.chosen ? "chip current" : "chip"), .data(named: "keyword", value: keyword),
                    .a(.href(MarketPaths.keywordAlerts(for: keyword)), .text(keyword)),
                    .form(
                        .class("inline-form"), .action(path: MarketPaths.removeKeyword.link), .method(.post),
                        PageLayout.csrfField(context),
                        .input(.type(.hidden), .name("keyword"), .value(keyword)),
                        .button(.type(.submit), .class("chip-remove"), .attribute(named: "aria-label", value: context.pick(ko: "‘\(keyword)’ 삭제", en: "Remove “\(keyword)”")),
                                .text("×"))
                    )
                )
            }),
            .unwrap(model.chosen) { chosen in found(chosen, model.found, context) }
        ))
    }

    private static func found(_ keyword: String, _ page: NearbyProducts.Page?, _ context: PageContext) -> Node<HTML.BodyContext> {
        .section(
            .id("keyword-products"),
            .h2(.text(context.pick(ko: "‘\(keyword)’ 새 글", en: "New for “\(keyword)”"))),
            .unwrap(page) { page in
                .group(
                    .p(.class("hint"), .text(page.centre.name + " · " + NeighbourhoodViews.rangeName(page.range, context))),
                    .if(page.items.isEmpty, MarketViews.emptyState(context.pick(ko: "아직 없어요.", en: "Nothing yet."))),
                    .div(.class("products grid"), NearbyViews.cards(page.items, interest: [:], context)),
                    .a(.class("button secondary"), .href(MarketPaths.nearby(range: page.range, view: nil, search: keyword, category: nil, giveaway: false)),
                       .text(context.pick(ko: "더 찾아보기", en: "Search for more")))
                )
            }
        )
    }

    static func message(_ error: KeywordError, _ context: PageContext) -> String {
        switch error {
        case let .invalid(maximumLength): context.pick(ko: "키워드는 1~\(maximumLength)자로 적어 주세요.", en: "Use 1 to \(maximumLength) characters.")
        case let .tooMany(maximum): context.pick(ko: "키워드는 \(maximum)개까지 등록할 수 있어요. 하나를 지우고 다시 해 주세요.",
                                                 en: "You can keep up to \(maximum) keywords: remove one first.")
        case .notFound: context.pick(ko: "없는 키워드예요.", en: "No such keyword.")
        }
    }
}
