import Fluent
import FluentSQL
import Foundation
import Platform
import SproutAPI
import SQLKit

/// The products listed within my range of my current 동, newest bump first, a page at a time by
/// an opaque cursor. A product carries its seller's 동 centre (`ProductCatalog.create`), so the
/// 동 within the radius (the place list's `around`) name every product in range; the spatial
/// index (`AddNeighbourhoods`) narrows the table to the box around the circle first, so a query
/// never reads the products of the rest of the country. Hidden products and those the operator
/// removed are left out; a deleted one is gone from the table.
struct NearbyProducts: Sendable {
    let neighbourhoods: MyNeighbourhoods

    static let defaultLimit = 20
    static let maximumLimit = 50

    /// What the person narrows the list to.
    struct Query: Sendable {
        /// My range when nil.
        var range: NeighbourhoodRange?
        /// Part of a name or description, in any case.
        var search = ""
        var category: ProductCategory?
        /// Only products given away (나눔: nothing to pay).
        var giveaway = false
        var cursor: String?
        var limit = NearbyProducts.defaultLimit
    }

    struct Item: Sendable {
        let product: Market.ListedProduct
        let place: Neighbourhoods.Place
        /// Metres from the centre of the 동 searched around to the product's 동 centre.
        let distance: Double
        let bumpedAt: Date
        let state: SaleState
    }

    struct Page: Sendable {
        let items: [Item]
        /// Where the next page starts; nil on the last.
        let nextCursor: String?
        /// The 동 searched around, and within which range.
        let centre: Neighbourhoods.Place
        let range: NeighbourhoodRange
    }

    /// A page of the products within range of `accountID`'s current 동; `noNeighbourhood` until they choose one.
    func page(for accountID: String, _ query: Query, presenter: MarketPresenter, on db: any Database) async throws -> Page {
        guard let mine = try await neighbourhoods.current(of: accountID, on: db) else { throw NeighbourhoodError.noNeighbourhood }
        return try await page(around: mine.place, within: query.range ?? mine.range, query, presenter: presenter, on: db)
    }

    func page(around centre: Neighbourhoods.Place, within range: NeighbourhoodRange, _ query: Query, presenter: MarketPresenter,
              on db: any Database) async throws -> Page {
        guard (1...Self.maximumLimit).contains(query.limit) else {
            throw NeighbourhoodError.invalidQuery(name: "limit", expected: "a whole number from 1 to \(Self.maximumLimit)")
        }
        let after = try query.cursor.map(Cursor.init(text:))
        let reach = Dictionary(neighbourhoods.places.around(centre, within: range.radius).map { ($0.place.code, $0) }) { first, _ in first }
        let sql = try db.sql()
        var filters: [SQLQueryString] = ["p.dong_code IN (\(binds: Array(reach.keys)))", "p.hidden = \(bind: false)", "p.removed_at IS NULL"]
        let term = Self.searchText(query.search)
        if !term.isEmpty { filters.append("\(ProductCatalog.contains(term, on: db))") }
        if let category = query.category { filters.append("p.category = \(bind: category.rawValue)") }
        if query.giveaway { filters.append("p.price - p.discounted_price <= 0") }
        var cursor: SQLQueryString?
        if let after { cursor = try await Self.after(after, sql) }
        // Where listings are dense, the newest stretch of the whole market holds a page of mine
        // and walking the bump index finds it at once; where they are sparse, the spatial index
        // names the few in range (bench/RESULTS.md, 2026-11-29). The stretch is a prefix of the
        // same order, so a full page from it is the page the box would give.
        let from: SQLQueryString = cursor.map { "WHERE \($0)" } ?? ""
        let recent: SQLQueryString = "(SELECT * FROM market_products p \(from) ORDER BY p.bumped_at DESC, p.id DESC LIMIT \(bind: Self.recentStretch)) p"
        var rows = try await Self.rows(from: recent, where: filters, limit: query.limit + 1, sql)
        if rows.count <= query.limit {
            let box = Self.withinBoxes(GeoBox.covering(centre.point, radius: range.radius), sql)
            rows = try await Self.rows(from: "market_products p", where: [box] + filters + (cursor.map { [$0] } ?? []), limit: query.limit + 1, sql)
        }
        let shown = Array(rows.prefix(query.limit))
        let covers = try await ProductListing.covers(of: shown.map { ($0.id, $0.thumbnail_image_id) }, presenter: presenter, on: sql)
        let items = shown.compactMap { row -> Item? in
            guard let found = reach[row.dong_code] else { return nil }
            return Item(product: row.listed(thumbnail: covers[row.id] ?? ""), place: found.place, distance: found.distance,
                        bumpedAt: row.bumped_at, state: SaleState(rawValue: row.sale_state) ?? .selling)
        }
        let next = rows.count > query.limit ? shown.last.map { Cursor(bumpedAt: $0.bumped_at, id: $0.id).text } : nil
        return Page(items: items, nextCursor: next, centre: centre, range: range)
    }

    /// How many of the newest listings a page is first looked for among.
    static let recentStretch = 3_000

    private static func rows(from source: SQLQueryString, where conditions: [SQLQueryString], limit: Int, _ sql: any SQLDatabase) async throws -> [Row] {
        try await sql.raw("""
            SELECT p.id, p.vendor_id, v.name AS vendor_name, p.name, p.description, p.currency, p.price, p.discounted_price, p.stock,
                   p.thumbnail_image_id, p.created_at, p.issued_at, p.dong_code, p.bumped_at, p.sale_state
            FROM \(source) JOIN market_vendors v ON v.id = p.vendor_id
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY p.bumped_at DESC, p.id DESC
            LIMIT \(bind: limit)
            """).all(decoding: Row.self)
    }

    /// The search as `search_text` holds it: lowercased, without control characters (which no
    /// stored text has, and PostgreSQL refuses as NUL).
    static func searchText(_ search: String) -> String {
        String(String.UnicodeScalarView(search.unicodeScalars.filter { $0.properties.generalCategory != .control }))
            .trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Products whose point lies in one of `boxes`, asked of the spatial index.
    private static func withinBoxes(_ boxes: [GeoBox], _ sql: any SQLDatabase) -> SQLQueryString {
        if sql.dialect.name == "sqlite" {
            // The R*Tree keeps 32-bit floats rounded outwards; the 동 codes decide exactly.
            let inBoxes = boxes.map { box -> SQLQueryString in
                "(r.max_lat >= \(bind: box.minLat) AND r.min_lat <= \(bind: box.maxLat) AND r.max_long >= \(bind: box.minLong) AND r.min_long <= \(bind: box.maxLong))"
            }.joined(separator: " OR ")
            return "p.id IN (SELECT r.id FROM market_products_rtree r WHERE \(inBoxes))"
        }
        let inBoxes = boxes.map { box -> SQLQueryString in
            "point(p.long, p.lat) <@ box(point(\(bind: box.minLong), \(bind: box.minLat)), point(\(bind: box.maxLong), \(bind: box.maxLat)))"
        }.joined(separator: " OR ")
        // The partial index holds only products with a place; the query says so to use it.
        return "p.lat IS NOT NULL AND p.long IS NOT NULL AND (\(inBoxes))"
    }

    /// The products after the cursor's. While the cursor's product still sits where the cursor
    /// says, its stored row is compared with, exactly (a time read back and bound again may move
    /// by a microsecond); once it was bumped or deleted, the cursor's time alone.
    private static func after(_ cursor: Cursor, _ sql: any SQLDatabase) async throws -> SQLQueryString {
        struct Stored: Decodable { let bumped_at: Date }
        let stored = try await sql.raw("SELECT bumped_at FROM market_products WHERE id = \(bind: cursor.id)").first(decoding: Stored.self)
        if let stored, abs(stored.bumped_at.timeIntervalSince(cursor.bumpedAt)) < 0.000_002 {
            return "(p.bumped_at, p.id) < (SELECT c.bumped_at, c.id FROM market_products c WHERE c.id = \(bind: cursor.id))"
        }
        return "p.bumped_at < \(bind: cursor.bumpedAt)"
    }

    private struct Row: Decodable {
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
        let dong_code: String
        let bumped_at: Date
        let sale_state: String

        func listed(thumbnail: String) -> Market.ListedProduct {
            Market.ListedProduct(
                id: id, vendorID: vendor_id, vendorName: vendor_name, name: name, description: description, thumbnail: thumbnail,
                currency: Market.Currency(rawValue: currency) ?? .krw, price: price, bargainPrice: price - discounted_price,
                discountedPrice: discounted_price, stock: stock, createdAt: MarketPresenter.date(created_at), issuedAt: MarketPresenter.date(issued_at)
            )
        }
    }

    /// Where a page ends: the last product's bump time, in whole microseconds (what both databases
    /// keep), and its id, as base64url text that a client hands back unread.
    struct Cursor: Equatable {
        let micros: Int64
        let id: Int

        /// Up to the year 2200, far past any bump.
        static let latestMicros: Int64 = 7_258_118_400_000_000

        init(bumpedAt: Date, id: Int) {
            micros = Int64(exactly: (bumpedAt.timeIntervalSince1970 * 1_000_000).rounded()).map { min(max($0, 0), Self.latestMicros) } ?? 0
            self.id = id
        }

        init(text: String) throws {
            let refusal = NeighbourhoodError.invalidQuery(name: "cursor", expected: "a next_cursor this list gave")
            guard text.utf8.count <= 64 else { throw refusal }
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
            guard let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8) else { throw refusal }
            let parts = decoded.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let micros = Int64(parts[0]), (0...Self.latestMicros).contains(micros),
                  let id = Int(parts[1]), id > 0
            else { throw refusal }
            self.micros = micros
            self.id = id
        }

        var bumpedAt: Date { Date(timeIntervalSince1970: Double(micros) / 1_000_000) }

        var text: String {
            Data("\(micros).\(id)".utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
    }
}
