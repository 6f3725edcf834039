import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct MarketPagesTests {
    /// A signed-in browser whose account is a vendor.
    func vendorBrowser(_ sprout: TestSprout, name: String = "acorn77") async throws -> (WebClient, String) {
        let browser = WebClient(sprout)
        let csrf = try await browser.csrfToken(from: "/signup")
        try await browser.post("/signup", form: ["name": name, "email": "\(name)@sprout.test", "password": "long-password"], csrf: csrf)
        let vendor = try await browser.post("/market/vendor", form: ["name": name], csrf: csrf)
        #expect(vendor.status.code == 200)
        let page = String(buffer: vendor.body)
        #expect(page.contains(#"id="vendor-secret""#))
        // The credentials are for app developers: folded away, in the page's language.
        #expect(page.contains(#"<details id="developer-credentials""#) && page.contains("판매자 ID (identifier)") && !page.contains("<dt>secret</dt>"))
        return (browser, csrf)
    }

    @Test func browseListsSearchesAndServesFragments() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            for index in 1...25 { _ = try await sprout.registerProduct(by: vendor, name: "Chair \(index)") }
            _ = try await sprout.registerProduct(by: vendor, name: "도토리 머그컵")
            let browser = WebClient(sprout)
            let first = String(buffer: try await browser.get("/market").body)
            #expect(first.components(separatedBy: "class=\"product-card\"").count - 1 == 20)
            #expect(first.contains(#"id="next-page""#))
            let fragment = try await browser.get("/market?page=2&view=grid&fragment=1")
            #expect(fragment.headers.first(name: "X-Has-Next") == "0")
            let second = String(buffer: fragment.body)
            #expect(second.components(separatedBy: "class=\"product-card\"").count - 1 == 6)
            #expect(!second.contains("<html"))
            let search = String(buffer: try await browser.get("/market?q=%EB%A8%B8%EA%B7%B8").body)
            #expect(search.contains("도토리 머그컵") && !search.contains("Chair 1"))
            #expect(String(buffer: try await browser.get("/market?view=list").body).contains(#"class="products list""#))
        }
    }

    /// Karrot's "3분 전": every card and the detail say how long ago a product was listed, on the
    /// server's clock, with the day as the title.
    @Test func productsSayHowLongAgoTheyWereListed() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let product = try await sprout.registerProduct(by: vendor, name: "Walnut stool")
            let browser = WebClient(sprout)
            #expect(String(buffer: try await browser.get("/market").body).contains(">방금 전</time>"))
            sprout.clock.advance(by: 3 * 86_400 + 60)
            let list = String(buffer: try await browser.get("/market").body)
            let time = list.components(separatedBy: #"<p class="hint product-time">"#).dropFirst().first ?? ""
            #expect(time.hasPrefix(#"<time datetime="\#(product.createdAt.prefix(19))"#) && time.contains(#"title="2026. 1. 1.">3일 전</time>"#), "\(time.prefix(200))")
            let detail = String(buffer: try await browser.get("/market/products/\(product.id)").body)
            #expect(detail.contains(#"<span id="product-posted"><time"#) && detail.contains(">3일 전</time>"))
        }
    }

    /// A shared link previews as the product: its name, description and first photo, absolute.
    @Test func aProductPageCarriesItsSharePreview() async throws {
        try await withSprout(configure: { $0.publicBaseURL = "https://sprout.example" }) { sprout in
            let vendor = try await sprout.makeVendor()
            let product = try await sprout.registerProduct(by: vendor, name: #"Stool "><script>"#, description: "Walnut.\nThree legs.")
            let page = String(buffer: try await WebClient(sprout).get("/market/products/\(product.id)").body)
            #expect(page.contains(#"<meta property="og:title" content="Stool &quot;&gt;&lt;script&gt;"/>"#))
            #expect(page.contains(#"<meta property="og:description" content="Walnut. Three legs."/>"#))
            #expect(page.contains(#"<meta property="og:url" content="https://sprout.example/market/products/\#(product.id)"/>"#))
            let image = try #require(product.images.first?.url)
            #expect(image.hasPrefix("https://sprout.example/") && page.contains(#"<meta property="og:image" content="\#(image)"/>"#))
            #expect(page.contains(#"<meta name="twitter:card" content="summary_large_image"/>"#))
            #expect(!String(buffer: try await WebClient(sprout).get("/market").body).contains("og:title"), "lists are not shared as one thing")
        }
    }

    /// Karrot's 예약중 and 거래완료: the seller marks them on the product page; the lists show them;
    /// nobody else can, and the API answers the product as before.
    @Test func aSellerMarksAProductReservedThenSold() async throws {
        try await withSprout { sprout in
            let (seller, csrf) = try await vendorBrowser(sprout)
            let listed = try await seller.postMultipart("/market/sell", csrf: csrf) { body in
                for (name, value) in [("name", "Oak chair"), ("price", "30000"), ("currency", "KRW"), ("discounted_price", "0"), ("stock", "1"), ("description", "Solid oak, lightly used.")] {
                    body.add(name: name, Data(value.utf8))
                }
                body.add(name: "images", filename: "a.jpg", contentType: "image/jpeg", MarketFixtures.jpeg)
            }
            let location = try #require(listed.headers.first(name: .location))
            let id = try #require(location.firstMatch(of: /products\/([0-9]+)/)?.1)
            let fresh = String(buffer: try await seller.get("/market/products/\(id)").body)
            #expect(fresh.contains(#"id="sale-state-form""#) && !fresh.contains(#"class="sale-state "#))

            let reserved = try await seller.post("/market/products/\(id)/sale-state", form: ["state": "reserved"], csrf: csrf)
            #expect(reserved.status.code == 303 && reserved.headers.first(name: .location) == "/market/products/\(id)?done=marked")
            let detail = String(buffer: try await seller.get("/market/products/\(id)?done=marked").body)
            #expect(detail.contains(#"<span class="sale-state reserved">예약중</span>"#) && detail.contains("거래 상태를 바꿨어요"))
            #expect(detail.contains(#"<option value="reserved" selected="selected">예약중</option>"#))
            let visitor = WebClient(sprout)
            #expect(String(buffer: try await visitor.get("/market").body).contains(#"<span class="sale-state reserved">예약중</span>"#))

            #expect(try await seller.post("/market/products/\(id)/sale-state", form: ["state": "gone"], csrf: csrf).status.code == 400)
            #expect(try await seller.post("/market/products/\(id)/sale-state", form: ["state": "sold"], csrf: csrf).status.code == 303)
            let list = String(buffer: try await visitor.get("/market").body)
            #expect(list.contains(#"class="product-card sold""#) && list.contains("거래완료"))
            #expect(String(buffer: try await seller.get("/market/mine").body).contains("거래완료"))

            let (other, otherCSRF) = try await vendorBrowser(sprout, name: "pinecone")
            #expect(try await other.post("/market/products/\(id)/sale-state", form: ["state": "selling"], csrf: otherCSRF).status.code != 303)
            #expect(!String(buffer: try await other.get("/market/products/\(id)").body).contains(#"id="sale-state-form""#))
            #expect(String(buffer: try await visitor.get("/market").body).contains("거래완료"), "another vendor changed nothing")

            let answer = try await sprout.send(.GET, "api/products/\(id)")
            #expect(answer.status.code == 200 && !String(buffer: answer.body).contains("sale_state"))
        }
    }

    @Test func typedTextNeverBecomesMarkup() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let product = try await sprout.registerProduct(by: vendor, name: #"Mug "><b>bold</b>"#)
            let browser = WebClient(sprout)
            for path in ["/market?q=%22%3E%3Cb%3Ebold", "/market?view=%22%3E%3Cb%3E", "/market", "/market/products/\(product.id)"] {
                let page = String(buffer: try await browser.get(path).body)
                #expect(!page.contains("<b>"), "\(path)")
            }
            let search = String(buffer: try await browser.get("/market?q=%22%3E%3Cb%3Ebold").body)
            #expect(search.contains(#"value="&quot;&gt;&lt;b&gt;bold""#))
        }
    }

    @Test func sellingNeedsAnAccountAndAVendor() async throws {
        try await withSprout { sprout in
            let stranger = WebClient(sprout)
            let redirect = try await stranger.get("/market/sell")
            #expect(redirect.status.code == 303)
            #expect(redirect.headers.first(name: .location) == "/login?next=/market/sell")
            let csrf = try await stranger.csrfToken(from: "/signup")
            try await stranger.post("/signup", form: ["name": "Shopper", "email": "shop@sprout.test", "password": "long-password"], csrf: csrf)
            #expect(try await stranger.get("/market/sell").headers.first(name: .location) == "/market/vendor?next=/market/sell")
            // Becoming a vendor from there returns to the sell form, not the app credentials page.
            let vendorPage = String(buffer: try await stranger.get("/market/vendor?next=/market/sell").body)
            #expect(vendorPage.contains(#"name="next" value="/market/sell""#))
            let became = try await stranger.post("/market/vendor", form: ["name": "dotori-shop", "next": "/market/sell"], csrf: csrf)
            #expect(became.status.code == 303 && became.headers.first(name: .location) == "/market/sell")
            #expect(try await stranger.get("/market/sell").status.code == 200)
            let elsewhere = try await stranger.post("/market/vendor", form: ["name": "other-shop", "next": "//evil.example"], csrf: csrf)
            #expect(elsewhere.headers.first(name: .location) == nil, "already a vendor, and never sent off the site")
        }
    }

    /// The sell form's text fields as a person fills them in.
    static func addProductFields(to body: inout MultipartBody, name: String = "Oak chair", price: String = "30000", discount: String = "3000",
                                 stock: String = "2", description: String = "Solid oak, lightly used.") {
        for (field, value) in [("name", name), ("price", price), ("currency", "KRW"), ("discounted_price", discount), ("stock", stock), ("description", description)] {
            body.add(name: field, Data(value.utf8))
        }
    }

    /// The page names why a photo was refused, in the page's language: too large is not "unreadable".
    @Test func aRefusedPhotoIsRefusedForItsRealReason() async throws {
        try await withSprout(configure: { $0.maxUploadBytes = 2000 }) { sprout in
            let (browser, csrf) = try await vendorBrowser(sprout)
            func sell(_ photo: Data) async throws -> String {
                let refused = try await browser.postMultipart("/market/sell", csrf: csrf) { body in
                    Self.addProductFields(to: &body)
                    body.add(name: "images", filename: "a.jpg", contentType: "image/jpeg", photo)
                }
                #expect(refused.status.code == 400)
                return String(buffer: refused.body)
            }
            let tooLarge = try await sell(ImagePipelineFixture.noisyJPEG(width: 300, height: 300))
            #expect(tooLarge.contains("사진 한 장은 1MB 이하여야 해요") && !tooLarge.contains("사진을 읽을 수 없어요"))
            let notAPhoto = try await sell(Data("<html>hi</html>".utf8))
            #expect(notAPhoto.contains("사진을 읽을 수 없어요") && !notAPhoto.contains("not a JPEG"))
            #expect(sprout.marketFiles.isEmpty)
        }
    }

    @Test func theSellFormKeepsValuesAndShowsErrorsByField() async throws {
        try await withSprout { sprout in
            let (browser, csrf) = try await vendorBrowser(sprout)
            let refused = try await browser.postMultipart("/market/sell", csrf: csrf) { body in
                Self.addProductFields(to: &body, name: "Oa", price: "1000", discount: "2000", stock: "", description: "short")
                body.add(name: "images", filename: "", contentType: "application/octet-stream", Data())
            }
            #expect(refused.status.code == 400)
            let html = String(buffer: refused.body)
            for message in ["사진을 1장 이상", "3자 이상", "10자 이상", "할인금액은 상품가격보다 클 수 없습니다"] {
                #expect(html.contains(message), "\(message)")
            }
            #expect(html.contains(#"value="Oa""#) && html.contains(#"value="1000""#) && html.contains(">short</textarea>"))
            #expect(sprout.marketFiles.isEmpty)

            let accepted = try await browser.postMultipart("/market/sell", csrf: csrf) { body in
                Self.addProductFields(to: &body, price: "30,000")
                body.add(name: "images", filename: "a.jpg", contentType: "image/jpeg", MarketFixtures.jpeg)
                body.add(name: "images", filename: "b.png", contentType: "image/png", MarketFixtures.fixture("transparent.png"))
            }
            #expect(accepted.status.code == 303)
            let location = try #require(accepted.headers.first(name: .location))
            #expect(location.hasSuffix("?done=listed"))
            let detail = String(buffer: try await browser.get(location).body)
            #expect(detail.contains("상품을 올렸어요"), "the seller is told it worked")
            #expect(!String(buffer: try await WebClient(sprout).get(location).body).contains("상품을 올렸어요"), "only the seller")
            #expect(detail.contains("Oak chair") && detail.contains("27,000원") && detail.contains("10%"))
            #expect(detail.components(separatedBy: "data-full=").count - 1 == 2)
            #expect(detail.contains(#"id="edit-product""#))
            let editForm = String(buffer: try await browser.get(location.replacingOccurrences(of: "?done=listed", with: "/edit")).body)
            #expect(editForm.contains(#"alt="지금 사진 1""#) && editForm.contains(#"alt="지금 사진 2""#), "the edit form's photos say what they are")
        }
    }

    @Test func onlyTheOwnerEditsAndDeletes() async throws {
        try await withSprout { sprout in
            let (owner, csrf) = try await vendorBrowser(sprout)
            let product = try await sprout.registerProduct(by: try await sprout.makeVendor("pine12"))
            let edit = try await owner.get("/market/products/\(product.id)/edit")
            #expect(edit.status.code == 404)
            #expect(String(buffer: edit.body).contains("페이지를 찾을 수 없어요"), "an error page, not JSON")
            #expect(try await owner.post("/market/products/\(product.id)/delete", form: [:], csrf: csrf).status.code == 404)
            #expect(!String(buffer: try await owner.get("/market/products/\(product.id)").body).contains(#"id="edit-product""#))
            #expect(try await sprout.send(.GET, "api/products/\(product.id)").status.code == 200)
        }
    }

    @Test func editThenConfirmAndDelete() async throws {
        try await withSprout { sprout in
            let (browser, csrf) = try await vendorBrowser(sprout)
            let created = try await browser.postMultipart("/market/sell", csrf: csrf) { body in
                for (name, value) in [("name", "Oak chair"), ("price", "30000"), ("currency", "KRW"), ("discounted_price", "0"), ("stock", "1"), ("description", "Solid oak, lightly used.")] {
                    body.add(name: name, Data(value.utf8))
                }
                body.add(name: "images", filename: "a.jpg", contentType: "image/jpeg", MarketFixtures.jpeg)
            }
            let id = try #require(created.headers.first(name: .location)?.split(separator: "?").first?.split(separator: "/").last.flatMap { Int($0) })
            let edit = String(buffer: try await browser.get("/market/products/\(id)/edit").body)
            #expect(edit.contains(#"value="30000""#))
            let badEdit = try await browser.post("/market/products/\(id)/edit", form: ["name": "Oak chair", "price": "100", "currency": "KRW", "discounted_price": "500", "stock": "1", "description": "Solid oak, lightly used."], csrf: csrf)
            #expect(badEdit.status.code == 400)
            let goodEdit = try await browser.post("/market/products/\(id)/edit", form: ["name": "Oak chair", "price": "25000", "currency": "KRW", "discounted_price": "0", "stock": "1", "description": "Solid oak, lightly used."], csrf: csrf)
            #expect(goodEdit.status.code == 303)
            #expect(try await sprout.send(.GET, "api/products/\(id)").decode(Market.ProductDetail.self).price == 25000)
            #expect(String(buffer: try await browser.get("/market/products/\(id)/delete").body).contains(#"id="confirm-delete""#))
            let deleted = try await browser.post("/market/products/\(id)/delete", form: [:], csrf: csrf)
            #expect(deleted.headers.first(name: .location) == "/market/mine")
            #expect(try await sprout.send(.GET, "api/products/\(id)").status.code == 404)
            #expect(sprout.marketFiles.isEmpty)
        }
    }

    @Test func theLikeButtonTogglesAndFillsTheLikesPage() async throws {
        try await withSprout { sprout in
            let product = try await sprout.registerProduct(by: try await sprout.makeVendor())
            let browser = WebClient(sprout)
            #expect(String(buffer: try await browser.get("/market/products/\(product.id)").body).contains("/login?next=/market/products/\(product.id)"))
            let csrf = try await browser.csrfToken(from: "/signup")
            try await browser.post("/signup", form: ["name": "Fan", "email": "fan@sprout.test", "password": "long-password"], csrf: csrf)
            try await browser.post("/market/products/\(product.id)/like", form: [:], csrf: csrf)
            #expect(String(buffer: try await browser.get("/market/products/\(product.id)").body).contains(#"aria-pressed="true""#))
            #expect(String(buffer: try await browser.get("/market/likes").body).contains(#"data-id="\#(product.id)""#))
            try await browser.post("/market/products/\(product.id)/like", form: [:], csrf: csrf)
            #expect(!String(buffer: try await browser.get("/market/likes").body).contains(#"data-id="\#(product.id)""#))
            #expect(try await browser.post("/market/products/\(product.id)/like", form: [:]).status.code == 403, "CSRF applies")
        }
    }

    @Test func likesAndMyProductsArePagedLikeTheirAPIs() async throws {
        try await withSprout { sprout in
            let (browser, csrf) = try await vendorBrowser(sprout)
            let vendor = try await sprout.makeVendor("maker88")
            var ids: [Int] = []
            for index in 1...25 { ids.append(try await sprout.registerProduct(by: vendor, name: "Chair \(index)").id) }
            for id in ids { try await browser.post("/market/products/\(id)/like", form: [:], csrf: csrf) }
            let first = String(buffer: try await browser.get("/market/likes").body)
            #expect(first.components(separatedBy: "class=\"product-card\"").count - 1 == 20)
            #expect(first.contains(#"href="/market/likes?page=2""#) && !first.contains(#"id="previous-page""#))
            #expect(first.contains(#"data-id="\#(ids[24])""#), "most recently liked first")
            let second = String(buffer: try await browser.get("/market/likes?page=2").body)
            #expect(second.components(separatedBy: "class=\"product-card\"").count - 1 == 5)
            #expect(second.contains(#"id="previous-page""#) && !second.contains(#"id="next-page""#))
            #expect(String(buffer: try await browser.get("/market/likes?page=-3").body).contains(#"data-id="\#(ids[24])""#), "a bad page is the first")
            let mine = String(buffer: try await browser.get("/market/mine").body)
            #expect(mine.contains("아직 올린 상품이 없어요") || mine.contains("You have not listed anything yet"))
        }
    }
}
