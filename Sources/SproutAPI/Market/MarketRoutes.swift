import Foundation

extension Market {
    /// The open-market contract (`/api/products`) and Sprout's market API (`/api/market`).
    ///
    /// The contract's changes carry the vendor's `identifier` header and, in the body, its secret.
    /// Sprout's own operations are for an access token from `/api/auth`. A product and a seller are
    /// named by their numeric ids.
    public enum Routes {
        // The open-market contract (2022b, with the 2022a requests accepted).

        /// Answers the JSON string `"OK"`.
        public static let healthCheck = APIRoute<Void, NoBody, String>(.get, "healthChecker", credential: .none)
        /// `page_no` and `items_per_page` (see `paging`) and an optional `search_value`.
        public static let products = APIRoute<Void, NoBody, Page>(.get, "api/products", query: paging + ["search_value"], credential: .none)
        public static let product = APIRoute<Int, NoBody, ProductDetail>(.get, "api/products/{id}", credential: .none)
        /// A `params` part, the `ProductParams` as JSON with the secret, and 1 to 5 `images` parts.
        public static let register = APIRoute<Void, MultipartParts, ProductDetail>(.post, "api/products", credential: .vendorIdentifier)
        public static let update = APIRoute<Int, ProductParams, ProductDetail>(.patch, "api/products/{id}", credential: .vendorIdentifier)
        /// 2022a: the product's secret for deleting, as text.
        public static let productSecret = APIRoute<Int, SecretRequest, NotJSON>(.post, "api/products/{id}/secret", credential: .vendorIdentifier)
        /// 2022b: the path to DELETE (`deleteWithToken`'s, filled), as text.
        public static let archivedPath = APIRoute<Int, SecretRequest, NotJSON>(.post, "api/products/{id}/archived", credential: .vendorIdentifier)
        /// By product id, then the product's secret (2022a) or the token the archived path ends with (2022b).
        public static let deleteWithToken = APIRoute<(Int, String), NoBody, ProductDetail>(.delete, "api/products/{id}/{token}",
                                                                                           credential: .vendorIdentifier)
        /// By the archived path's token alone, as one client reads that path. The router takes one
        /// parameter name per position, so the token is the `{id}` that names a product elsewhere.
        public static let deleteWithBareToken = APIRoute<String, NoBody, ProductDetail>(.delete, "api/products/{id}", credential: .vendorIdentifier)

        // Sprout's market API: vendor credentials, likes and "my products" for a signed-in account
        // (the original app kept likes and its own products on the device), and closing a deal.

        /// My vendor credentials, without the secret.
        public static let vendor = APIRoute<Void, NoBody, VendorCredentials>(.get, "api/market/vendor", credential: .bearer)
        /// The answer holds the secret, this once.
        public static let becomeVendor = APIRoute<Void, BecomeVendorRequest, VendorCredentials>(.post, "api/market/vendor", credential: .bearer)
        public static let rotateVendorSecret = APIRoute<Void, NoBody, VendorCredentials>(.post, "api/market/vendor/secret", credential: .bearer)
        /// Most recently liked first.
        public static let likes = APIRoute<Void, NoBody, Page>(.get, "api/market/likes", query: paging, credential: .bearer)
        public static let like = APIRoute<Int, NoBody, LikeStatus>(.put, "api/market/likes/{id}", credential: .bearer)
        public static let unlike = APIRoute<Int, NoBody, LikeStatus>(.delete, "api/market/likes/{id}", credential: .bearer)
        public static let likeStatus = APIRoute<Int, NoBody, LikeStatus>(.get, "api/market/likes/{id}", credential: .bearer)
        /// Newest first; empty when the account is not a vendor. `tab` (a `MyProductsTab`) lists one
        /// tab; without it, every product.
        public static let myProducts = APIRoute<Void, NoBody, Page>(.get, "api/market/my-products", query: paging + ["tab"], credential: .bearer)
        /// What was sold to me (구매내역), newest first.
        public static let purchases = APIRoute<Void, NoBody, Page>(.get, "api/market/purchases", query: paging, credential: .bearer)
        /// A seller's trust and the reviews of their trades, by vendor id.
        public static let vendorProfile = APIRoute<Int, NoBody, VendorProfile>(.get, "api/market/vendors/{id}", credential: .none)
        public static let reserve = APIRoute<Int, ReservationRequest, TradeState>(.post, "api/market/products/{id}/reservation", credential: .bearer)
        public static let releaseReservation = APIRoute<Int, NoBody, TradeState>(.delete, "api/market/products/{id}/reservation", credential: .bearer)
        public static let markSold = APIRoute<Int, SoldRequest, TradeState>(.post, "api/market/products/{id}/sold", credential: .bearer)
        public static let reviewTrade = APIRoute<Int, TradeReviewRequest, TradeState>(.post, "api/market/products/{id}/reviews", credential: .bearer)
        /// 가격 제안: the buyer in a conversation about a product offers a price, by conversation id.
        public static let makeOffer = APIRoute<String, OfferRequest, Offer>(.post, "api/conversations/{conversation}/offers", credential: .bearer)
        /// The seller takes or turns down an offer, by offer id.
        public static let acceptOffer = APIRoute<Int, NoBody, Offer>(.post, "api/market/offers/{offer}/accept", credential: .bearer)
        public static let declineOffer = APIRoute<Int, NoBody, Offer>(.post, "api/market/offers/{offer}/decline", credential: .bearer)
        /// Every offer for the seller's product, newest first.
        public static let productOffers = APIRoute<Int, NoBody, OfferList>(.get, "api/market/products/{id}/offers", credential: .bearer)
        /// 끌올: the seller brings a product for sale back to the top, once every few days (409 with
        /// `BumpRefusal.nextBumpAt` when too soon).
        public static let bump = APIRoute<Int, NoBody, Bump>(.post, "api/market/products/{id}/bump", credential: .bearer)
        /// The seller takes the product out of every public list, and puts it back.
        public static let hide = APIRoute<Int, NoBody, ListingState>(.post, "api/market/products/{id}/hide", credential: .bearer)
        public static let unhide = APIRoute<Int, NoBody, ListingState>(.post, "api/market/products/{id}/unhide", credential: .bearer)

        /// 내 동네: my 동 (up to two, one current) and my range.
        public static let neighbourhoods = APIRoute<Void, NoBody, NeighbourhoodList>(.get, "api/market/neighbourhoods", credential: .bearer)
        public static let setNeighbourhoods = APIRoute<Void, NeighbourhoodsRequest, NeighbourhoodList>(.put, "api/market/neighbourhoods", credential: .bearer)
        public static let verifyNeighbourhood = APIRoute<Void, VerificationRequest, NeighbourhoodList>(.post, "api/market/neighbourhoods/verify",
                                                                                                       credential: .bearer)
        /// Products within my range of my current 동, newest bump first, paged by `cursor`.
        public static let nearby = APIRoute<Void, NoBody, NearbyPage>(.get, "api/market/nearby",
                                                                      query: ["range", "q", "category", "giveaway", "cursor", "limit"], credential: .bearer)
        /// 키워드 알림: my keywords; a keyword is removed by itself (percent-encoded in the path).
        public static let keywords = APIRoute<Void, NoBody, KeywordList>(.get, "api/market/keywords", credential: .bearer)
        public static let addKeyword = APIRoute<Void, KeywordRequest, KeywordList>(.post, "api/market/keywords", credential: .bearer)
        public static let removeKeyword = APIRoute<String, NoBody, KeywordList>(.delete, "api/market/keywords/{keyword}", credential: .bearer)

        /// `page_no` (from 1) and `items_per_page`.
        public static let paging = ["page_no", "items_per_page"]

        /// The paths the market owns whole: an unknown path under one answers the contract's 404.
        public static let mountPoints = [healthCheck.template, products.template, "/api/market"]

        public static let all = [
            AnyAPIRoute(healthCheck), AnyAPIRoute(products), AnyAPIRoute(product), AnyAPIRoute(register), AnyAPIRoute(update),
            AnyAPIRoute(productSecret), AnyAPIRoute(archivedPath), AnyAPIRoute(deleteWithToken), AnyAPIRoute(deleteWithBareToken),
            AnyAPIRoute(vendor), AnyAPIRoute(becomeVendor), AnyAPIRoute(rotateVendorSecret),
            AnyAPIRoute(likes), AnyAPIRoute(like), AnyAPIRoute(unlike), AnyAPIRoute(likeStatus), AnyAPIRoute(myProducts),
            AnyAPIRoute(vendorProfile), AnyAPIRoute(reserve), AnyAPIRoute(releaseReservation), AnyAPIRoute(markSold), AnyAPIRoute(reviewTrade),
            AnyAPIRoute(makeOffer), AnyAPIRoute(acceptOffer), AnyAPIRoute(declineOffer), AnyAPIRoute(productOffers),
            AnyAPIRoute(purchases), AnyAPIRoute(bump), AnyAPIRoute(hide), AnyAPIRoute(unhide),
            AnyAPIRoute(neighbourhoods), AnyAPIRoute(setNeighbourhoods), AnyAPIRoute(verifyNeighbourhood), AnyAPIRoute(nearby),
            AnyAPIRoute(keywords), AnyAPIRoute(addKeyword), AnyAPIRoute(removeKeyword),
        ]
    }
}
