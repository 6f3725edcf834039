/// One page of stored products and how many there are in all, for a list the API pages with
/// `page_no`/`items_per_page` and the pages with `?page=`.
struct ProductPage: Sendable {
    let number: Int
    let size: Int
    let total: Int
    let products: [Product]

    var hasNext: Bool { number * size < total }
}
