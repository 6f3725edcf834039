import Platform
import Plot
import SproutAPI
import Vapor

/// The sell and edit form with Dotori's rules: errors next to their fields, values kept. A file
/// input cannot be refilled by a server, so after an error new photos are asked for again; on
/// edit the current photos keep the order and removals chosen. A neighbour sells one second-hand
/// item in won, so the form asks neither stock nor currency (the contract's API still takes both).
enum ProductFormPage {
    enum Mode {
        case sell
        /// `kept`: the ids of `images` that stay, in the order chosen; the rest are marked removed.
        case edit(id: Int, images: [Market.Image], kept: [Int])
    }

    /// `category` is nil when the form sent one that does not exist.
    static func render(_ context: PageContext, mode: Mode, draft: Market.ProductDraft, category: ProductCategory?,
                       errors: [Market.Field: Market.Violation], allowsOffers: Bool = false, status: HTTPResponseStatus = .ok) -> Response {
        func error(_ field: Market.Field) -> String? { errors[field].map { MarketViews.violationText($0, field: field, context) } }
        let (title, action, enctype): (String, String, HTMLFormContentType) = switch mode {
        case .sell: (context.pick(ko: "상품 올리기", en: "Sell a product"), MarketPaths.sell.link, .multipartData)
        case let .edit(id, _, _): (context.pick(ko: "상품 수정", en: "Edit product"), MarketPaths.edit.link(id), .multipartData)
        }
        return PageLayout.render(title: title, context: context, status: status, .group(
            MarketViews.nav(context, current: "sell"),
            .h1(.text(title)),
            .if(!errors.isEmpty || category == nil, .p(.class("form-error"), .attribute(named: "role", value: "alert"),
                                    .text(context.pick(ko: "입력한 내용을 확인해 주세요.", en: "Please check the highlighted fields.")))),
            .form(
                .id("product-form"), .class("stacked card"), .action(path: action), .method(.post), .enctype(enctype),
                PageLayout.csrfField(context),
                imagesField(mode: mode, error: error(.images), context: context),
                FormWidgets.text("name", label: context.pick(ko: "상품명 (3~100자)", en: "Name (3–100 characters)"), value: draft.name, error: error(.name)),
                FormWidgets.select(
                    "category", label: context.pick(ko: "카테고리", en: "Category"), prompt: MarketViews.categoryName(.other, context),
                    options: ProductCategory.allCases.filter { $0 != .other }.map { ($0.rawValue, MarketViews.categoryName($0, context)) },
                    selected: category.map { $0 == .other ? "" : $0.rawValue } ?? "",
                    error: category == nil ? context.pick(ko: "목록에 있는 카테고리를 골라 주세요.", en: "Choose a category from the list.") : nil
                ),
                FormWidgets.text("price", label: context.pick(ko: "가격 (원, 0원이면 나눔)", en: "Price (₩; 0 gives it away)"), value: draft.price, error: error(.price),
                                 inputMode: "decimal"),
                FormWidgets.text("discounted_price", label: context.pick(ko: "할인 금액", en: "Discount"), value: draft.discountedPrice, error: error(.discountedPrice), inputMode: "decimal"),
                .div(
                    .class("field"),
                    .label(.class("choice"), .input(.type(.checkbox), .name("allows_offers"), .id("allows_offers"), .value("1"), .checked(allowsOffers)),
                           .text(context.pick(ko: " 가격 제안 받기", en: " Take price offers"))),
                    .p(.class("hint"), .text(context.pick(ko: "구매자가 채팅에서 가격을 제안할 수 있어요. 수락한 제안이 그 거래의 가격이 돼요.",
                                                          en: "Buyers may offer a price in the chat; an offer you accept is the price of that trade.")))
                ),
                .div(
                    .class("field"),
                    .label(.for(field: "description"), .text(context.pick(ko: "상세정보 (10~1,000자)", en: "Description (10–1,000 characters)"))),
                    .textarea(.id("description"), .name("description"), .attribute(named: "rows", value: "6"),
                              .attribute(named: "aria-invalid", value: errors[.description] == nil ? "false" : "true"), .text(draft.description)),
                    FormWidgets.error(error(.description))
                ),
                .button(.id("product-submit"), .type(.submit), .text(context.pick(ko: "완료", en: "Done")))
            )
        ))
    }

    private static func imagesField(mode: Mode, error: String?, context: PageContext) -> Node<HTML.FormContext> {
        switch mode {
        case .sell:
            return .div(
                .class("field"),
                .label(.for(field: "images"), .text(context.pick(ko: "사진 (1~5장, 첫 사진이 대표 사진)", en: "Photos (1–5; the first is the cover)"))),
                .input(.id("images"), .name("images"), .type(.file), .multiple(true), .attribute(named: "accept", value: "image/*"), FormWidgets.shrinkPhotos,
                       .attribute(named: "aria-invalid", value: error == nil ? "false" : "true")),
                FormWidgets.error(error)
            )
        case let .edit(_, images, kept):
            let byID = Dictionary(images.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let shown = kept.compactMap { byID[$0] } + images.filter { !kept.contains($0.id) }
            return .fieldset(
                .class("field photo-editor"), .id("photo-editor"),
                .element(named: "legend", text: context.pick(ko: "사진 (1~5장, 1번이 대표 사진)", en: "Photos (1–5; number 1 is the cover)")),
                .ol(.class("photo-list"), .forEach(shown.enumerated()) { index, image in
                    .li(.data(named: "id", value: String(image.id)), currentPhoto(image, index: index, of: shown.count, removed: !kept.contains(image.id), context))
                }),
                .div(
                    .class("field"),
                    .label(.for(field: "images"), .text(context.pick(ko: "사진 추가", en: "Add photos"))),
                    .input(.id("images"), .name("images"), .type(.file), .multiple(true), .attribute(named: "accept", value: "image/*"), FormWidgets.shrinkPhotos,
                           .attribute(named: "aria-invalid", value: error == nil ? "false" : "true"))
                ),
                FormWidgets.error(error)
            )
        }
    }

    /// A current photo with its place in the order and a box to remove it.
    private static func currentPhoto(_ image: Market.Image, index: Int, of count: Int, removed: Bool, _ context: PageContext) -> Node<HTML.BodyContext> {
        let number = index + 1
        return .group(
            .img(.src(image.thumbnailURL), .alt(text: context.pick(ko: "지금 사진 \(number)", en: "Current photo \(number)"))),
            .label(.for(field: "position-\(image.id)"), .text(context.pick(ko: "순서", en: "Order"))),
            .select(.id("position-\(image.id)"), .attribute(named: "name", value: "position-\(image.id)"), .forEach(1...count) { place in
                FormWidgets.option(String(place), place == 1 ? context.pick(ko: "1 (대표)", en: "1 (cover)") : String(place), selected: place == number)
            }),
            .label(.class("remove-photo"),
                   .input(.type(.checkbox), .name("remove"), .value(String(image.id)), .id("remove-\(image.id)"), .checked(removed)),
                   .text(context.pick(ko: " 삭제", en: " Remove")))
        )
    }
}
