import Platform
import SproutAPI
import Vapor

/// `/study/shop`: the 새싹샵. A face and a background previewed together, what I own, buying
/// (only while receipts are Sprout's development ones: the page makes one, as a pretend App Store
/// purchase), and saving the shown pair through the same rules as `/v1/user/shop/*`.
struct StudyShopPages: Sendable {
    let profiles: StudyProfiles
    let shop: SesacShop
    let ids: IdentifierGenerator

    func register(on pages: any RoutesBuilder) {
        pages.get("study", "shop", use: show)
        pages.get("study", "shop", "buy", use: confirmPurchase)
        pages.post("study", "shop", "buy", use: buy)
        pages.post("study", "shop", "save", use: save)
    }

    struct Preview: Content {
        var sesac: String?
        var background: String?
        var product: String?
    }

    func show(_ req: Request) async throws -> Response {
        let (visitor, me) = try await profiles.signedUp(req)
        let preview = (try? req.query.decode(Preview.self)) ?? Preview()
        let face = preview.sesac.flatMap(StudyNumber.int).flatMap { Study.ShopCatalogue.faces.indices.contains($0) ? $0 : nil } ?? me.sesac
        let background = preview.background.flatMap(StudyNumber.int).flatMap { Study.ShopCatalogue.backgrounds.indices.contains($0) ? $0 : nil } ?? me.background
        return StudyShopViews.page(
            visitor.context, me: me, face: face, background: background,
            sells: shop.receipts.issuesDevelopmentReceipts, notice: StudyNotice(query: req)
        )
    }

    /// One tap on a price asks first: what it is, and what it costs.
    func confirmPurchase(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: "/study/shop")
        guard let item = req.queryValue("product").flatMap(Study.ShopCatalogue.item(productID:)) else {
            return req.redirect(to: "/study/shop", redirectType: .normal)
        }
        return StudyShopViews.confirmPurchase(visitor.context, item: item)
    }

    func buy(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: "/study/shop")
        let product = (try? req.content.decode(Preview.self))?.product ?? ""
        guard shop.receipts.issuesDevelopmentReceipts else {
            return req.redirect(to: "/study/shop?notice=\(StudyNotice.purchasesInApp.rawValue)", redirectType: .normal)
        }
        guard (try? req.content.get(String.self, at: "confirm")) == "yes" else {
            return req.redirect(to: "/study/shop/buy?product=\(PageContext.queryValue(product))", redirectType: .normal)
        }
        let receipt = SandboxReceiptVerifier.receipt(for: StorePurchase(productID: product, transactionID: "web-" + ids.token(byteCount: 12)))
        switch try await shop.buy(visitor.uid, form: StudyForm([("receipt", receipt), ("product", product)]), on: req.db) {
        case .granted: return req.redirect(to: "/study/shop?notice=\(StudyNotice.bought.rawValue)", redirectType: .normal)
        case .invalidReceipt: throw Abort(.badRequest)
        }
    }

    func save(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: "/study/shop")
        let form = (try? req.content.decode(Preview.self)) ?? Preview()
        do {
            switch try await shop.choose(visitor.uid, form: StudyForm([("sesac", form.sesac ?? ""), ("background", form.background ?? "")]), on: req.db) {
            case .saved: return req.redirect(to: "/study/shop?notice=\(StudyNotice.saved.rawValue)", redirectType: .normal)
            case .notOwned:
                let query = "sesac=\(form.sesac ?? "")&background=\(form.background ?? "")".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? ""
                return req.redirect(to: "/study/shop?\(query)&notice=\(StudyNotice.notOwned.rawValue)", redirectType: .normal)
            }
        } catch StudyError.invalid {
            throw Abort(.badRequest)
        }
    }
}
