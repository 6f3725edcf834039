import Platform
import PlatformCore
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
        pages.get(StudyPaths.shop, use: show)
        pages.get(StudyPaths.shopBuy, use: confirmPurchase)
        pages.post(StudyPaths.shopBuy, use: buy)
        pages.post(StudyPaths.shopSave, use: save)
    }

    struct Preview: Content {
        var sesac: String?
        var background: String?
        var product: String?
    }

    func show(_ req: Request) async throws -> Response {
        let (visitor, me) = try await profiles.signedUp(req)
        let preview = try req.queryFields(Preview.self)
        let face = preview.sesac.flatMap(StudyNumber.int).flatMap { Study.ShopCatalogue.faces.indices.contains($0) ? $0 : nil } ?? me.sesac
        let background = preview.background.flatMap(StudyNumber.int).flatMap { Study.ShopCatalogue.backgrounds.indices.contains($0) ? $0 : nil } ?? me.background
        return StudyShopViews.page(
            visitor.context, me: me, face: face, background: background,
            sells: shop.receipts.issuesDevelopmentReceipts, notice: StudyNotice(query: req)
        )
    }

    /// One tap on a price asks first: what it is, and what it costs.
    func confirmPurchase(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.shop.link)
        guard let item = try req.queryFields(Preview.self).product.flatMap(Study.ShopCatalogue.item(productID:)) else {
            return req.redirect(to: StudyPaths.shop.link, redirectType: .normal)
        }
        return StudyShopViews.confirmPurchase(visitor.context, item: item)
    }

    func buy(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.shop.link)
        let product = (try? req.content.decode(Preview.self))?.product ?? ""
        guard shop.receipts.issuesDevelopmentReceipts else {
            return req.redirect(to: StudyPaths.shop(notice: .purchasesInApp), redirectType: .normal)
        }
        guard (try? req.content.get(String.self, at: "confirm")) == "yes" else {
            return req.redirect(to: StudyPaths.shopBuy(product: product), redirectType: .normal)
        }
        let receipt = SandboxReceiptVerifier.receipt(for: StorePurchase(productID: product, transactionID: "web-" + ids.token(byteCount: 12)))
        switch try await shop.buy(visitor.uid, form: StudyForm([("receipt", receipt), ("product", product)]), on: req.db) {
        case .granted: return req.redirect(to: StudyPaths.shop(notice: .bought), redirectType: .normal)
        case .invalidReceipt: throw Abort(.badRequest)
        }
    }

    func save(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.shop.link)
        let form = (try? req.content.decode(Preview.self)) ?? Preview()
        do {
            switch try await shop.choose(visitor.uid, form: StudyForm([("sesac", form.sesac ?? ""), ("background", form.background ?? "")]), on: req.db) {
            case .saved: return req.redirect(to: StudyPaths.shop(notice: .saved), redirectType: .normal)
            case .notOwned:
                return req.redirect(to: StudyPaths.shopPreview(sesac: form.sesac ?? "", background: form.background ?? "", notice: .notOwned), redirectType: .normal)
            }
        } catch StudyError.invalid {
            throw Abort(.badRequest)
        }
    }
}
