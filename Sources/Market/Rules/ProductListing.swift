import Fluent
import FluentSQL
import Foundation
import Platform
import SproutAPI

/// The product list, the market's hottest path, read with SQLKit into plain rows: Fluent's model
/// decoding walks every property by reflection, which profiling showed to be most of a page's
/// cost (a page of 20 ran at a twentieth of `/healthz`). Three queries: count, page, thumbnails.
struct ProductListing: Sendable {
    struct Row: Decodable {
        let id: Int
        let vendor_id: Int
        let vendor_name: String
        let name: String
        let description: String
        let currency: String
        let price: Double
        let discounted_price: Double
        let stock: Int
        let thumbnail_image_id: Int?
        let created_at: Date
        let issued_at: Date
    }

    struct Thumbnail: Decodable {
        let id: Int
        let product_id: Int
        let thumbnail_path: String
    }

    /// A contract page, newest first, of the products whose name or description contains `search`
    /// and, on the web, of one `category`, none hidden or removed; the web's browse puts sold
    /// products after the rest and the others by their last bump (`soldLast`), the contract's list
    /// keeps its order.
    func page(number: Int, size: Int, search: String?, category: ProductCategory? = nil, soldLast: Bool = false, presenter: MarketPresenter,
              on db: any Database) async throws -> Market.Page {
        let sql = try db.sql()
        let term = search?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() ?? ""
        let conditions: [any SQLExpression] = [
            // Hidden products leave the web's lists and the contract's alike (see `ProductHiding`),
            // and so do those the operator removed (`ProductRemoval`).
            SQLBinaryExpression(left: SQLColumn("hidden"), op: SQLBinaryOperator.equal, right: SQLBind(false)),
            SQLBinaryExpression(left: SQLColumn("removed_at"), op: SQLBinaryOperator.is, right: SQLLiteral.null),
            term.isEmpty ? nil : ProductCatalog.contains(term, on: db),
            category.map { SQLBinaryExpression(left: SQLColumn("category"), op: SQLBinaryOperator.equal, right: SQLBind($0.rawValue)) },
        ].compactMap { $0 }
        let filter = conditions.dropFirst().reduce(conditions.first) { all, next -> (any SQLExpression)? in
            all.map { SQLBinaryExpression(left: $0, op: SQLBinaryOperator.and, right: next) }
        }

        var count = sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "total").from(Product.schema)
        if let filter { count = count.where(filter) }
        let total = try await count.first()?.decode(column: "total", as: Int.self) ?? 0

        var rows = sql.select()
            .column(SQLColumn("id", table: "p")).column(SQLColumn("vendor_id", table: "p"))
            .column(SQLColumn("name", table: "v"), as: "vendor_name")
            .columns(["name", "description", "currency", "price", "discounted_price", "stock", "thumbnail_image_id", "created_at", "issued_at"]
                .map { SQLColumn($0, table: "p") })
            .from(SQLAlias(SQLIdentifier(Product.schema), as: SQLIdentifier("p")))
            .join(SQLAlias(SQLIdentifier(Vendor.schema), as: SQLIdentifier("v")), on: SQLColumn("vendor_id", table: "p"), .equal, SQLColumn("id", table: "v"))
        if soldLast {
            rows = rows.orderBy(SQLOrderBy(expression: SQLRaw("CASE WHEN p.sale_state = '\(SaleState.sold.rawValue)' THEN 1 ELSE 0 END"), direction: SQLDirection.ascending))
                // A bump (끌올, `ProductBumps`) brings a product back to the top of the web's list.
                .orderBy(SQLOrderBy(expression: SQLColumn("bumped_at", table: "p"), direction: SQLDirection.descending))
        }
        rows = rows.orderBy(SQLOrderBy(expression: SQLColumn("id", table: "p"), direction: SQLDirection.descending))
            .limit(size).offset((number - 1) * size)
        if let filter { rows = rows.where(filter) }
        let products = try await rows.all(decoding: Row.self)

        let covers = try await Self.covers(of: products.map { ($0.id, $0.thumbnail_image_id) }, presenter: presenter, on: sql)
        return Market.Page(pageNo: number, itemsPerPage: size, totalCount: total, pages: products.map { row in
            Market.ListedProduct(
                id: row.id, vendorID: row.vendor_id, vendorName: row.vendor_name, name: row.name, description: row.description,
                thumbnail: covers[row.id] ?? "", currency: Market.Currency(rawValue: row.currency) ?? .krw,
                price: row.price, bargainPrice: row.price - row.discounted_price, discountedPrice: row.discounted_price,
                stock: row.stock, createdAt: MarketPresenter.date(row.created_at), issuedAt: MarketPresenter.date(row.issued_at)
            )
        })
    }

    /// Each product's cover thumbnail (its chosen one, else its first), as a URL, in one query.
    static func covers(of products: [(id: Int, chosen: Int?)], presenter: MarketPresenter, on sql: any SQLDatabase) async throws -> [Int: String] {
        guard !products.isEmpty else { return [:] }
        let found = try await sql.select().columns("id", "product_id", "thumbnail_path").from(ProductImage.schema)
            .where("product_id", .in, products.map(\.id)).orderBy("product_id").orderBy("position")
            .all(decoding: Thumbnail.self)
        let byProduct = Dictionary(grouping: found, by: \.product_id)
        return Dictionary(products.compactMap { product -> (Int, String)? in
            let images = byProduct[product.id] ?? []
            let cover = images.first { $0.id == product.chosen } ?? images.first
            return cover.map { (product.id, presenter.url($0.thumbnail_path)) }
        }) { first, _ in first }
    }
}
