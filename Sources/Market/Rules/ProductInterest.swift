import Fluent
import FluentSQL
import Platform
import PlatformCore

/// How much attention a listing draws, as the market's pages show it: "관심" (likes) and "조회"
/// (views). A view counts once per person or browser, so reloading a page adds nothing, and the
/// seller's own visits never count.
struct ProductInterest: Sendable {
    struct Counts: Equatable, Sendable {
        var likes = 0
        var views = 0
    }

    let clock: WallClock

    /// Notes that `viewer` opened the product's page; a second visit changes nothing.
    func recordView(of productID: Int, by viewer: String, on db: any Database) async throws {
        let sql = try db.sql()
        try await sql.insert(into: ProductView.schema)
            .columns("product_id", "viewer", "viewed_at")
            .values(SQLBind(productID), SQLBind(viewer), SQLBind(clock.now()))
            .ignoringConflicts(with: ["product_id", "viewer"])
            .run()
    }

    /// The counts of each product among `ids`; a product nobody looked at has none.
    func counts(of ids: [Int], on db: any Database) async throws -> [Int: Counts] {
        guard !ids.isEmpty else { return [:] }
        let sql = try db.sql()
        var counts: [Int: Counts] = [:]
        for (table, keyPath) in [(ProductLike.schema, \Counts.likes), (ProductView.schema, \Counts.views)] {
            let rows = try await sql.select().column("product_id").column(SQLFunction("COUNT", args: SQLLiteral.all), as: "total")
                .from(table).where("product_id", .in, ids).groupBy("product_id").all()
            for row in rows {
                let id = try row.decode(column: "product_id", as: Int.self)
                counts[id, default: Counts()][keyPath: keyPath] = try row.decode(column: "total", as: Int.self)
            }
        }
        return counts
    }
}
