import Fluent
import Platform
import PlatformCore

/// Who likes which product: one row per pair, shared by the likes API and the web page's toggle.
struct ProductLikes: Sendable {
    let clock: WallClock
    let notifications: AccountNotifications

    func isLiked(_ productID: Int, by accountID: String, on db: any Database) async throws -> Bool {
        try await rows(productID, accountID, on: db).count() > 0
    }

    /// Liking twice, or two requests racing, leaves one like; the seller hears of the first.
    func like(_ product: Product, by accountID: String, on db: any Database) async throws {
        let productID = try product.requireID()
        guard try await !isLiked(productID, by: accountID, on: db) else { return }
        do {
            try await ProductLike(accountID: accountID, productID: productID, likedAt: clock.now()).create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // A concurrent like of the same product won; the outcome is the same.
            return
        }
        let seller = product.vendor.$account.id
        guard seller != accountID else { return }
        let name = product.name
        try await notifications.notify(seller, app: "market", kind: .productLiked, link: MarketPaths.product.link(productID), by: accountID, text: { people in
            people == 1
                ? .init(ko: "누군가 ‘\(name)’을(를) 좋아해요", en: "Someone likes ‘\(name)’")
                : .init(ko: "\(people)명이 ‘\(name)’에 관심을 보였어요", en: "\(people) people like ‘\(name)’")
        }, on: db)
    }

    /// The products `accountID` likes, most recently liked first, but those the operator removed
    /// (`ProductRemoval`).
    func likedProducts(by accountID: String, page number: Int, size: Int, catalog: ProductCatalog, on db: any Database) async throws -> ProductPage {
        let query = ProductLike.query(on: db).filter(\.$account.$id == accountID)
            .join(parent: \.$product).filter(Product.self, \.$removedAt == nil)
        let total = try await query.count()
        let ids = try await query.copy().sort(\.$likedAt, .descending).sort(\.$id, .descending)
            .range((number - 1) * size ..< number * size).all().map(\.$product.id)
        return ProductPage(number: number, size: size, total: total, products: try await catalog.products(ids: ids, on: db))
    }

    func unlike(_ productID: Int, by accountID: String, on db: any Database) async throws {
        try await rows(productID, accountID, on: db).delete()
    }

    private func rows(_ productID: Int, _ accountID: String, on db: any Database) -> QueryBuilder<ProductLike> {
        ProductLike.query(on: db).filter(\.$account.$id == accountID).filter(\.$product.$id == productID)
    }
}
