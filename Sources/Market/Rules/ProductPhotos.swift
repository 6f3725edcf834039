import Fluent
import Foundation
import Platform
import SproutAPI

/// A product's photos as its vendor rearranges them on the web: which of the current ones stay,
/// in what order (the first is the cover), and new ones to add after them.
struct PhotoArrangement: Sendable, Equatable {
    /// Ids of the product's current images, in their new order; those left out are removed.
    var kept: [Int]
    var added: [Data]

    /// Whether this changes anything about `product`'s photos.
    func changes(_ product: Product) -> Bool {
        !added.isEmpty || kept != ProductCatalog.orderedImages(of: product).compactMap(\.id)
    }
}

extension ProductCatalog {
    /// The images as the product shows them: the chosen thumbnail first, then by position.
    static func orderedImages(of product: Product) -> [ProductImage] {
        let images = product.images.sorted { $0.position < $1.position }
        guard let chosen = product.thumbnailImageID, let index = images.firstIndex(where: { $0.id == chosen }) else { return images }
        return [images[index]] + images.enumerated().filter { $0.offset != index }.map(\.element)
    }

    /// Keeps, orders and adds photos as `arrangement` says. Checks the count against `rules` and
    /// every new image before changing anything; removed images' files go once the rows have.
    func arrangePhotos(of product: Product, by vendor: Vendor, _ arrangement: PhotoArrangement, rules: Market.ProductRules, on db: any Database) async throws -> Product {
        guard product.$vendor.id == vendor.id else { throw ProductError.notOwner }
        let current = Dictionary(uniqueKeysWithValues: product.images.compactMap { image in image.id.map { ($0, image) } })
        guard Set(arrangement.kept).count == arrangement.kept.count, arrangement.kept.allSatisfy({ current[$0] != nil }) else {
            throw ProductError.invalid([.images: .required])
        }
        let count = arrangement.kept.count + arrangement.added.count
        if count < rules.images.lowerBound { throw ProductError.invalid([.images: .tooFew(minimum: rules.images.lowerBound)]) }
        if count > rules.images.upperBound { throw ProductError.invalid([.images: .tooMany(maximum: rules.images.upperBound)]) }
        let stored = try await storePhotos(arrangement.added)
        let removed = current.values.filter { image in !arrangement.kept.contains { $0 == image.id } }
        let productID = try product.requireID()
        let now = clock.now()
        do {
            try await db.writeTransaction { db in
                for image in removed { try await image.delete(on: db) }
                for (position, id) in arrangement.kept.enumerated() {
                    try await ProductImage.query(on: db).filter(\.$id == id).set(\.$position, to: position).update()
                }
                try await stored.create(for: productID, from: arrangement.kept.count, issuedAt: now, on: db)
                // The order is the cover now; a thumbnail the API chose earlier would override it.
                try await Product.query(on: db).filter(\.$id == productID).set(\.$thumbnailImageID, to: nil).update()
            }
        } catch {
            await stored.delete(from: files)
            throw error
        }
        for image in removed {
            try? await files.delete(path: image.originalPath)
            try? await files.delete(path: image.thumbnailPath)
        }
        return try await find(productID, on: db)
    }
}
