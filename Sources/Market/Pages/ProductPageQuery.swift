/// A product page's fields: the photo shown large, what the seller just did, and the buyer a
/// conversation's "예약하기" names.
struct ProductPageQuery: Codable {
    var image: Int?
    var done: BrowseViews.Done?
    var buyer: String?
}
