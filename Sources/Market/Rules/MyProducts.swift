import Fluent
import SproutAPI

/// The lists of one person's trades: a seller's products by tab (판매중 / 예약중 / 거래완료 / 숨김),
/// the same seller's public page (what they list, without what they hid), and a buyer's 구매내역.
/// Each newest first, like the lists they grew out of.
extension ProductCatalog {
    /// My products on `tab`; an account that is no vendor has none.
    func products(ofVendor vendor: Vendor?, tab: Market.MyProductsTab, page number: Int, size: Int, on db: any Database) async throws -> ProductPage {
        guard let vendorID = vendor?.id else { return ProductPage(number: number, size: size, total: 0, products: []) }
        return try await newestFirst(Self.shelve(Product.query(on: db).filter(\.$vendor.$id == vendorID), tab: tab), number: number, size: size)
    }

    /// How many of the vendor's products each tab holds.
    func tabCounts(ofVendor vendor: Vendor?, on db: any Database) async throws -> [Market.MyProductsTab: Int] {
        guard let vendorID = vendor?.id else { return [:] }
        var counts: [Market.MyProductsTab: Int] = [:]
        for tab in Market.MyProductsTab.allCases {
            counts[tab] = try await Self.shelve(Product.query(on: db).filter(\.$vendor.$id == vendorID), tab: tab).count()
        }
        return counts
    }

    /// A seller's products as anyone sees them on their page: every sale state, none hidden or
    /// removed by the operator (`ProductRemoval`).
    func listedProducts(ofVendor vendor: Vendor, page number: Int, size: Int, on db: any Database) async throws -> ProductPage {
        let vendorID = try vendor.requireID()
        let query = Product.query(on: db).filter(\.$vendor.$id == vendorID).filter(\.$hidden == false).filter(\.$removedAt == nil)
        return try await newestFirst(query, number: number, size: size)
    }

    /// What was sold to `accountID` (구매내역), hidden ones included: the seller hid it from the
    /// lists, not from the person who bought it. One the operator removed is gone for them too.
    func purchases(of accountID: String, page number: Int, size: Int, on db: any Database) async throws -> ProductPage {
        let query = Product.query(on: db).filter(\.$buyerAccountID == accountID).filter(\.$saleState == SaleState.sold.rawValue)
            .filter(\.$removedAt == nil)
        return try await newestFirst(query, number: number, size: size)
    }

    private static func shelve(_ query: QueryBuilder<Product>, tab: Market.MyProductsTab) -> QueryBuilder<Product> {
        switch tab {
        case .hidden: query.filter(\.$hidden == true)
        case .selling: query.filter(\.$hidden == false).filter(\.$saleState == SaleState.selling.rawValue)
        case .reserved: query.filter(\.$hidden == false).filter(\.$saleState == SaleState.reserved.rawValue)
        case .sold: query.filter(\.$hidden == false).filter(\.$saleState == SaleState.sold.rawValue)
        }
    }

    /// Page `number` of `query`, newest first, each product with its vendor and images.
    private func newestFirst(_ query: QueryBuilder<Product>, number: Int, size: Int) async throws -> ProductPage {
        let total = try await query.count()
        let products = try await query.copy().with(\.$vendor).with(\.$images).sort(\.$id, .descending)
            .range((number - 1) * size ..< number * size).all()
        return ProductPage(number: number, size: size, total: total, products: products)
    }
}

extension TradeDesk {
    /// The products among `ids` that `accountID` has reviewed the trade of.
    func reviewed(_ ids: [Int], by accountID: String, on db: any Database) async throws -> Set<Int> {
        guard !ids.isEmpty else { return [] }
        return Set(try await TradeReview.query(on: db).filter(\.$productID ~~ ids).filter(\.$reviewerID == accountID).all().map(\.productID))
    }
}
