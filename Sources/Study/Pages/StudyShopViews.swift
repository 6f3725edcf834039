import Platform
import Plot
import SproutAPI
import Vapor

/// The 새싹샵 (spec §7, the shop tabs): the preview card on top, then the faces and the
/// backgrounds, each with its price or "보유" (owned). The apps' artwork is not Sprout's to ship,
/// so the preview draws each item as a colour (`study.css`, a class per item: the pages' CSP
/// allows no inline style).
enum StudyShopViews {
    static func page(_ context: PageContext, me: Study.User, face: Int, background: Int, sells: Bool, notice: StudyNotice?) -> Response {
        PageLayout.render(title: context.pick(ko: "새싹샵", en: "Shop"), context: context, .group(
            StudyViews.nav(context, current: "shop"),
            .h1(.text(context.pick(ko: "새싹샵", en: "Shop"))),
            StudyViews.notice(notice, context),
            preview(face: face, background: background, context),
            .if(!sells, .p(.id("shop-in-app"), .class("hint"), .text(context.pick(
                ko: "구매는 앱에서 할 수 있어요. 여기서는 가진 아이템을 골라 저장해요.",
                en: "Purchases are made in the app; here you choose among what you own."
            )))),
            .form(
                .id("shop-save"), .class("card"), .action(path: StudyPaths.shopSave.link), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("sesac"), .value(String(face))),
                .input(.type(.hidden), .name("background"), .value(String(background))),
                .button(.id("shop-save-button"), .type(.submit), .text(context.pick(ko: "저장", en: "Save")))
            ),
            .h2(.text(context.pick(ko: "새싹", en: "Faces"))),
            items(Study.ShopCatalogue.faces, owned: me.sesacCollection, face: face, background: background, sells: sells, context),
            .h2(.text(context.pick(ko: "배경", en: "Backgrounds"))),
            items(Study.ShopCatalogue.backgrounds, owned: me.backgroundCollection, face: face, background: background, sells: sells, context)
        ))
    }

    /// A face on a background; an index outside the catalogue (only a hand-edited database holds
    /// one) shows the free item rather than trapping.
    static func preview(face: Int, background: Int, _ context: PageContext) -> Node<HTML.BodyContext> {
        let face = Study.ShopCatalogue.faces.indices.contains(face) ? face : 0
        let background = Study.ShopCatalogue.backgrounds.indices.contains(background) ? background : 0
        let faceItem = Study.ShopCatalogue.faces[face], backgroundItem = Study.ShopCatalogue.backgrounds[background]
        return .div(
            .id("shop-preview"), .class("shop-preview"), .data(named: "sesac", value: String(face)), .data(named: "background", value: String(background)),
            .div(.class("shop-backdrop shop-background-\(background)"), .attribute(named: "aria-hidden", value: "true")),
            .div(.class("shop-face shop-face-\(face)"), .attribute(named: "aria-hidden", value: "true")),
            .p(.class("shop-preview-caption"), .text("\(context.pick(ko: faceItem.name.ko, en: faceItem.name.en)) · \(context.pick(ko: backgroundItem.name.ko, en: backgroundItem.name.en))"))
        )
    }

    private static func items(_ items: [Study.ShopCatalogue.Item], owned: [Int], face: Int, background: Int, sells: Bool, _ context: PageContext) -> Node<HTML.BodyContext> {
        .ul(.class("shop-items"), .forEach(items) { item in
            let isOwned = Study.ShopCatalogue.owns(owned, item.index)
            let previewFace = item.kind == .face ? item.index : face
            let previewBackground = item.kind == .background ? item.index : background
            return .li(
                .id("shop-\(item.kind.rawValue)-\(item.index)"), .class("shop-item card"),
                .span(.class("shop-swatch shop-\(item.kind.rawValue)-\(item.index)"), .attribute(named: "aria-hidden", value: "true")),
                .div(
                    .class("shop-item-text"),
                    .strong(.text(context.pick(ko: item.name.ko, en: item.name.en))),
                    .p(.class("hint"), .text(context.pick(ko: item.description.ko, en: item.description.en)))
                ),
                .a(.class("shop-try"), .href(StudyPaths.shopPreview(sesac: String(previewFace), background: String(previewBackground))), .text(context.pick(ko: "미리보기", en: "Preview"))),
                isOwned
                    ? .span(.class("shop-owned"), .text(context.pick(ko: "보유", en: "Owned")))
                    : .if(sells, .form(
                        .class("shop-buy"), .action(path: StudyPaths.shopBuy.link), .method(.get),
                        .input(.type(.hidden), .name("product"), .value(item.productID ?? "")),
                        .button(.type(.submit), .text(MoneyText.won(item.price, context)))
                    ), else: .span(.class("shop-price"), .text(MoneyText.won(item.price, context))))
            )
        })
    }

    /// A purchase is asked once more, with its price, before it is made.
    static func confirmPurchase(_ context: PageContext, item: Study.ShopCatalogue.Item) -> Response {
        let title = context.pick(ko: "구매할까요?", en: "Buy this?")
        return PageLayout.render(title: title, context: context, .group(
            StudyViews.nav(context, current: "shop"),
            .h1(.id("purchase-title"), .text(title)),
            .p(.id("purchase-summary"), .class("notice"),
               .text("\(context.pick(ko: item.name.ko, en: item.name.en)) · \(MoneyText.won(item.price, context))")),
            .form(
                .id("purchase-form"), .class("inline-actions"), .action(path: StudyPaths.shopBuy.link), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("product"), .value(item.productID ?? "")),
                .input(.type(.hidden), .name("confirm"), .value("yes")),
                .button(.id("confirm-purchase"), .type(.submit), .text(context.pick(ko: "구매하기", en: "Buy"))),
                .a(.class("button secondary"), .href(StudyPaths.shop.link), .text(context.pick(ko: "돌아가기", en: "Back")))
            )
        ))
    }
}
