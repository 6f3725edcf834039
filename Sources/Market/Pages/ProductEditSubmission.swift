import Foundation
import Platform
import SproutAPI
import Vapor

/// What the edit form sends: the fields as typed, and the photos: each current one with its
/// place in the order (`position-<id>`, 1 first) unless ticked `remove`, and new `images` after
/// them. A photo given a new place moves there and the others keep their order around it, as
/// dragging it would. A url-encoded post (a page loaded before photos could change) keeps the
/// photos as they are. The form asks neither stock nor currency: the product keeps its own.
struct ProductEditSubmission {
    let draft: Market.ProductDraft
    let photos: PhotoArrangement
    /// The category chosen, nil when the form named one that does not exist; a form without the
    /// field keeps the product's.
    let category: ProductCategory?
    /// Whether the seller takes price offers (the box ticked).
    let allowsOffers: Bool

    init(_ req: Request, current: [Int], category currentCategory: ProductCategory, keeping product: Product) throws {
        guard req.headers.contentType == .formData else {
            var form = try req.content.decode(Fields.self)
            form.stock = String(product.stock)
            form.currency = product.currency
            photos = PhotoArrangement(kept: current, added: [])
            draft = form.draft(imageCount: current.count)
            category = Self.category(form.category, keeping: currentCategory)
            allowsOffers = !(form.allows_offers ?? "").isEmpty
            return
        }
        let parts = try req.multipartParts()
        func text(_ name: String) -> String { parts.first { $0.name == name }?.text ?? "" }
        category = Self.category(parts.first { $0.name == "category" }?.text, keeping: currentCategory)
        let removed = Set(parts.filter { $0.name == "remove" }.compactMap { Int($0.text) })
        // A place that is missing or not a number keeps the photo where it was; any other is
        // clamped to the list, so no arithmetic below can overflow.
        let places = current.enumerated().filter { !removed.contains($0.element) }.map { index, id in
            (id: id, was: index + 1, wants: Int(text("position-\(id)")).map { min(max($0, 1), current.count) } ?? index + 1)
        }
        var kept = places.filter { $0.wants == $0.was }.map(\.id)
        for moved in places.filter({ $0.wants != $0.was }).sorted(by: { ($0.wants, $0.was) < ($1.wants, $1.was) }) {
            kept.insert(moved.id, at: min(moved.wants - 1, kept.count))
        }
        let added = parts.filter { $0.name == "images" && $0.body.readableBytes > 0 }.map { Data(buffer: $0.body) }
        photos = PhotoArrangement(kept: kept, added: added)
        draft = Fields(
            name: text("name"), description: text("description"), price: text("price"), currency: product.currency,
            discounted_price: text("discounted_price"), stock: String(product.stock)
        ).draft(imageCount: kept.count + added.count)
        allowsOffers = !text("allows_offers").isEmpty
    }

    private static func category(_ choice: String?, keeping current: ProductCategory) -> ProductCategory? {
        guard let choice else { return current }
        return ProductCategory(choice: choice)
    }

    struct Fields: Content {
        var category: String?
        var name: String?
        var description: String?
        var price: String?
        var currency: String?
        var discounted_price: String?
        var stock: String?
        var allows_offers: String?

        func draft(imageCount: Int) -> Market.ProductDraft {
            Market.ProductDraft(
                name: name ?? "", description: description ?? "", price: price ?? "", currency: currency ?? "",
                discountedPrice: discounted_price ?? "", stock: stock ?? "", imageCount: imageCount
            )
        }
    }
}
