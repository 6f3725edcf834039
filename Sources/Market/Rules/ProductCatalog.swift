import Fluent
import Foundation
import FluentSQL
import Media
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Reading and changing products: pages, detail, create with images, edit, delete.
struct ProductCatalog: Sendable {
    let files: FileStore
    let images: ImagePipeline
    let ids: IdentifierGenerator
    let clock: WallClock
    /// Where a new product is: its seller's current 동 (`create`).
    let neighbourhoods: MyNeighbourhoods
    /// Who hears of a new product near them (`create`).
    let keywordAlerts: KeywordAlerts

    static let maxItemsPerPage = 100
    /// Far past any real catalogue, and small enough that page × size never overflows.
    static let maxPageNumber = 1_000_000

    /// A product's number as text names it (a conversation's subject, a report's): a whole number
    /// from 1, short enough to fit what the database keeps; nil for any other text.
    static func productID(_ text: String) -> Int? {
        guard text.utf8.count <= 18, let id = Int(text), id > 0 else { return nil }
        return id
    }

    /// `search_text` contains `term` as plain text: `instr`/`strpos` rather than LIKE, so `%` and
    /// `_` in a search are characters, not wildcards.
    static func contains(_ term: String, on db: any Database) -> any SQLExpression {
        let function = (db as? any SQLDatabase)?.dialect.name == "sqlite" ? "instr" : "strpos"
        return SQLBinaryExpression(
            left: SQLFunction(function, args: SQLColumn("search_text"), SQLBind(term)),
            op: SQLBinaryOperator.greaterThan, right: SQLLiteral.numeric("0")
        )
    }

    /// A vendor's products, newest first; an account that is no vendor has none.
    func products(ofVendor vendor: Vendor?, page number: Int, size: Int, on db: any Database) async throws -> ProductPage {
        guard let vendorID = vendor?.id else { return ProductPage(number: number, size: size, total: 0, products: []) }
        let query = Product.query(on: db).filter(\.$vendor.$id == vendorID)
        let total = try await query.count()
        let products = try await query.copy().with(\.$vendor).with(\.$images).sort(\.$id, .descending)
            .range((number - 1) * size ..< number * size).all()
        return ProductPage(number: number, size: size, total: total, products: products)
    }

    /// The products whose ids `ids` orders (a page of likes).
    func products(ids: [Int], on db: any Database) async throws -> [Product] {
        guard !ids.isEmpty else { return [] }
        let found = try await Product.query(on: db).filter(\.$id ~~ ids).with(\.$vendor).with(\.$images).all()
        let byID = Dictionary(uniqueKeysWithValues: found.compactMap { product in product.id.map { ($0, product) } })
        return ids.compactMap { byID[$0] }
    }

    func find(_ id: Int, on db: any Database) async throws -> Product {
        guard let product = try await Product.query(on: db).filter(\.$id == id).with(\.$vendor).with(\.$images).first() else {
            throw ProductError.notFound
        }
        return product
    }

    /// The products of these ids that exist, each with its vendor and images, in three queries.
    func find(_ ids: [Int], on db: any Database) async throws -> [Product] {
        guard !ids.isEmpty else { return [] }
        return try await Product.query(on: db).filter(\.$id ~~ ids).with(\.$vendor).with(\.$images).all()
    }

    /// Checks the fields and every image before storing anything; a failure leaves no row and no file.
    func create(by vendor: Vendor, params: Market.ProductParams, images uploads: [Data], category: ProductCategory = .other,
                rules: Market.ProductRules = .contract, on db: any Database) async throws -> Product {
        let draft = Self.draft(from: params, imageCount: uploads.count)
        let violations = rules.violations(of: draft)
        guard violations.isEmpty else { throw ProductError.invalid(violations) }
        // A product carries its seller's 동네, whichever client listed it: the contract's clients
        // list for an account that may have chosen one on the web.
        let place = try await neighbourhoods.current(of: vendor.$account.id, on: db)?.place
        let stored = try await storePhotos(uploads)
        let vendorID = try vendor.requireID()
        let now = clock.now()
        let token = ids.token(byteCount: 18)
        do {
            let productID = try await db.writeTransaction { db in
                let product = Product(
                    vendorID: vendorID, name: draft.name.trimmingCharacters(in: .whitespacesAndNewlines), description: params.description ?? "",
                    currency: draft.currency, price: params.price ?? 0, discountedPrice: params.discountedPrice ?? 0,
                    stock: params.stock ?? 0, deleteToken: token, category: category, now: now
                )
                product.dongCode = place?.code
                product.lat = place?.lat
                product.long = place?.long
                try await product.create(on: db)
                let productID = try product.requireID()
                try await stored.create(for: productID, from: 0, issuedAt: now, on: db)
                return productID
            }
            let created = try await find(productID, on: db)
            await keywordAlerts.productListed(created, sellerAccountID: vendor.$account.id, on: db)
            return created
        } catch {
            await stored.delete(from: files)
            throw error
        }
    }

    /// Photos written to disk before their rows exist: each upload's original and thumbnail.
    struct StoredPhotos {
        let files: [StoredFile]

        /// Their rows, at positions from `first` on, in upload order.
        func create(for productID: Int, from first: Int, issuedAt: Date, on db: any Database) async throws {
            for index in 0 ..< files.count / 2 {
                try await ProductImage(
                    productID: productID, position: first + index, originalPath: files[index * 2].path,
                    thumbnailPath: files[index * 2 + 1].path, issuedAt: issuedAt
                ).create(on: db)
            }
        }

        /// Takes the files back when their rows could not be written.
        func delete(from store: FileStore) async {
            for file in files { try? await store.delete(path: file.path) }
        }
    }

    /// Checks every upload's size and image, then writes each as an original and a thumbnail;
    /// a refused photo is the product's error and leaves no file.
    func storePhotos(_ uploads: [Data]) async throws -> StoredPhotos {
        for upload in uploads {
            do { try files.checkSize(upload) } catch { throw Self.refusal(error) }
        }
        let processed: [ProcessedImage]
        do { processed = try await images.process(uploads) } catch { throw Self.refusal(error) }
        return StoredPhotos(files: try await files.write(
            processed.flatMap { [($0.original, $0.kind), ($0.thumbnail, $0.kind)] }.map { (data: $0.0, kind: $0.1) },
            area: "market"
        ))
    }

    /// Changes only the fields sent; the result must still satisfy the rules.
    /// A nil `category` keeps the product's: the API has none to send.
    func update(_ product: Product, by vendor: Vendor, params: Market.ProductParams, category: ProductCategory? = nil,
                rules: Market.ProductRules = .contract, on db: any Database) async throws -> Product {
        guard product.$vendor.id == vendor.id else { throw ProductError.notOwner }
        var merged = Market.ProductParams(
            name: params.name ?? product.name, description: params.description ?? product.description,
            price: params.price ?? product.price, currency: nil,
            discountedPrice: params.discountedPrice ?? product.discountedPrice, stock: params.stock ?? product.stock, secret: nil
        )
        merged.currency = params.currency ?? product.currency
        let violations = rules.violations(of: Self.draft(from: merged, imageCount: product.images.count), checkImages: false)
        guard violations.isEmpty else { throw ProductError.invalid(violations) }
        if let thumbnailID = params.thumbnailID {
            guard product.images.contains(where: { $0.id == thumbnailID }) else {
                throw ProductError.invalid([.images: .required])
            }
            product.thumbnailImageID = thumbnailID
        }
        product.name = (merged.name ?? product.name).trimmingCharacters(in: .whitespacesAndNewlines)
        product.description = merged.description ?? product.description
        product.searchText = Product.searchText(name: product.name, description: product.description)
        product.price = merged.price ?? product.price
        product.currency = merged.currency ?? product.currency
        product.discountedPrice = merged.discountedPrice ?? product.discountedPrice
        product.stock = merged.stock ?? product.stock
        if let category { product.category = category.rawValue }
        try await product.save(on: db)
        return try await find(try product.requireID(), on: db)
    }

    /// Marks where the product is in its sale; only its vendor may.
    func setSaleState(_ state: SaleState, of product: Product, by vendor: Vendor, on db: any Database) async throws {
        guard product.$vendor.id == vendor.id else { throw ProductError.notOwner }
        product.saleState = state.rawValue
        if state == .selling { product.buyerAccountID = nil }
        try await product.save(on: db)
    }

    /// The products among `ids` that are no longer simply for sale.
    func saleStates(of ids: [Int], on db: any Database) async throws -> [Int: SaleState] {
        guard !ids.isEmpty else { return [:] }
        let marked = try await Product.query(on: db).filter(\.$id ~~ ids).filter(\.$saleState != SaleState.selling.rawValue)
            .field(\.$id).field(\.$saleState).all()
        return Self.saleStates(of: marked)
    }

    /// The sale state of each product already read (my products, my likes).
    static func saleStates(of products: [Product]) -> [Int: SaleState] {
        Dictionary(products.compactMap { product in
            product.id.flatMap { id in SaleState(rawValue: product.saleState).map { (id, $0) } }
        }, uniquingKeysWith: { first, _ in first })
    }

    /// Deletes the product, its images' rows (by cascade) and their files.
    func delete(_ product: Product, by vendor: Vendor, on db: any Database) async throws {
        guard product.$vendor.id == vendor.id else { throw ProductError.notOwner }
        let paths = product.images.flatMap { [$0.originalPath, $0.thumbnailPath] }
        try await product.delete(on: db)
        for path in paths { try? await files.delete(path: path) }
    }

    static func draft(from params: Market.ProductParams, imageCount: Int) -> Market.ProductDraft {
        Market.ProductDraft(
            name: params.name ?? "", description: params.description ?? "",
            price: params.price.map { String($0) } ?? "", currency: params.currency ?? "",
            discountedPrice: params.discountedPrice.map { String($0) } ?? "",
            stock: params.stock.map(String.init) ?? "", imageCount: imageCount
        )
    }

    /// An image the pipeline refuses is the product's error; any other failure is the server's.
    static func refusal(_ error: any Error) -> any Error {
        PhotoRefusal(error).map(ProductError.images) ?? error
    }
}
