import Platform
import Plot
import SproutAPI
import Vapor

/// The pages of a signed-in person: become a vendor, sell, edit and delete, my products, likes.
struct SellerPages: Sendable {
    let catalog: ProductCatalog
    let vendors: VendorDirectory
    let uploadBodyLimit: ByteCount
    let presenter = MarketPresenter(baseURL: "")

    func register(on pages: any RoutesBuilder) {
        pages.get("market", "vendor", use: vendorPage)
        pages.post("market", "vendor", use: becomeVendor)
        pages.post("market", "vendor", "secret", use: rotateSecret)
        pages.get("market", "sell", use: sellForm)
        pages.on(.POST, "market", "sell", body: .collect(maxSize: uploadBodyLimit), use: sell).acceptingBodies(upTo: uploadBodyLimit)
        pages.get("market", "products", ":id", "edit", use: editForm)
        pages.post("market", "products", ":id", "edit", use: edit)
        pages.get("market", "products", ":id", "delete", use: confirmDelete)
        pages.post("market", "products", ":id", "delete", use: delete)
        pages.get("market", "mine", use: mine)
        pages.get("market", "likes", use: likes)
    }

    /// The signed-in account, or a redirect to the login page that comes back here.
    // MARK: Vendor

    func vendorPage(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let vendor = try await vendors.vendor(ofAccount: try account.requireID(), on: req.db)
        return renderVendor(context, vendor: vendor, secret: nil, name: "", error: nil)
    }

    struct VendorForm: Content { var name: String? }

    func becomeVendor(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let name = (try? req.content.decode(VendorForm.self).name) ?? ""
        do {
            let (vendor, secret) = try await vendors.register(accountID: try account.requireID(), name: name, on: req.db)
            return renderVendor(context, vendor: vendor, secret: secret, name: "", error: nil)
        } catch let error as VendorError {
            let message = switch error {
            case .nameTaken: context.pick(ko: "이미 쓰이는 이름이에요.", en: "That name is taken.")
            case .alreadyAVendor: context.pick(ko: "이미 판매자예요.", en: "You are a vendor already.")
            default: context.pick(ko: "이름은 2~30자로 지어 주세요.", en: "Use 2 to 30 characters.")
            }
            let vendor = try await vendors.vendor(ofAccount: try account.requireID(), on: req.db)
            return renderVendor(context, vendor: vendor, secret: nil, name: name, error: message, status: error == .invalidName ? .badRequest : .conflict)
        }
    }

    func rotateSecret(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        guard let vendor = try await vendors.vendor(ofAccount: try account.requireID(), on: req.db) else {
            return req.redirect(to: "/market/vendor", redirectType: .normal)
        }
        let secret = try await vendors.rotateSecret(of: vendor, on: req.db)
        return renderVendor(context, vendor: vendor, secret: secret, name: "", error: nil)
    }

    private func renderVendor(_ context: PageContext, vendor: Vendor?, secret: String?, name: String, error: String?, status: HTTPResponseStatus = .ok) -> Response {
        let title = context.pick(ko: "판매자 되기", en: "Become a vendor")
        guard let vendor else {
            return PageLayout.render(title: title, context: context, status: status, .group(
                MarketViews.nav(context, current: "sell"),
                .h1(.text(title)),
                .p(.class("hint"), .text(context.pick(ko: "판매자 이름을 정하면 상품을 올릴 수 있어요. 앱에서 쓸 identifier와 비밀번호도 함께 드려요.",
                                                       en: "Pick a vendor name to start selling. You also get the identifier and secret the app asks for."))),
                .form(
                    .id("vendor-form"), .class("stacked card"), .action("/market/vendor"), .method(.post),
                    PageLayout.csrfField(context),
                    FormWidgets.text("name", label: context.pick(ko: "판매자 이름", en: "Vendor name"), value: name, error: error),
                    .button(.id("vendor-submit"), .type(.submit), .text(context.pick(ko: "판매자 되기", en: "Become a vendor")))
                )
            ))
        }
        return PageLayout.render(title: vendor.name, context: context, .group(
            MarketViews.nav(context, current: "sell"),
            .h1(.text(context.pick(ko: "판매자 \(vendor.name)", en: "Vendor \(vendor.name)"))),
            .dl(
                .class("card credentials"),
                .dt(.text("identifier")), .dd(.code(.id("vendor-identifier"), .text(vendor.identifier))),
                .dt(.text("secret")),
                .dd(.unwrap(secret, { .code(.id("vendor-secret"), .text($0)) },
                            else: .span(.class("hint"), .text(context.pick(ko: "보안을 위해 한 번만 보여 드려요. 잊었다면 새로 발급하세요.", en: "Shown only once. Forgot it? Issue a new one.")))))
            ),
            .if(secret != nil, .p(.class("notice"), .text(context.pick(ko: "이 비밀번호는 다시 볼 수 없어요. 지금 적어 두세요.", en: "You will not see this secret again. Write it down now.")))),
            .form(
                .action("/market/vendor/secret"), .method(.post),
                PageLayout.csrfField(context),
                .button(.id("rotate-secret"), .type(.submit), .class("secondary"), .text(context.pick(ko: "비밀번호 새로 발급", en: "Issue a new secret")))
            ),
            .p(.a(.class("button"), .href("/market/sell"), .text(context.pick(ko: "상품 올리기", en: "Sell a product"))))
        ))
    }

    // MARK: Sell and edit

    func sellForm(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        guard try await vendors.vendor(ofAccount: try account.requireID(), on: req.db) != nil else {
            return req.redirect(to: "/market/vendor", redirectType: .normal)
        }
        return ProductFormPage.render(context, mode: .sell, draft: Market.ProductDraft(), errors: [:])
    }

    func sell(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        guard let vendor = try await vendors.vendor(ofAccount: try account.requireID(), on: req.db) else {
            return req.redirect(to: "/market/vendor", redirectType: .normal)
        }
        let parts = try req.multipartParts()
        func text(_ name: String) -> String { parts.first { $0.name == name }.map { String(buffer: $0.body) } ?? "" }
        let images = parts.filter { $0.name == "images" && $0.body.readableBytes > 0 }.map { Data(buffer: $0.body) }
        let draft = Market.ProductDraft(
            name: text("name"), description: text("description"), price: text("price"), currency: text("currency"),
            discountedPrice: text("discounted_price"), stock: text("stock"), imageCount: images.count
        )
        var errors = Market.ProductRules.dotori.violations(of: draft)
        if errors.isEmpty {
            do {
                let product = try await catalog.create(by: vendor, params: Market.ProductParams(draft: draft), images: images, rules: .dotori, on: req.db)
                return req.redirect(to: "/market/products/\(try product.requireID())", redirectType: .normal)
            } catch ProductError.images {
                errors[.images] = .unreadableImage
            } catch let ProductError.invalid(found) {
                errors = found
            }
        }
        return ProductFormPage.render(context, mode: .sell, draft: draft, errors: errors, status: .badRequest)
    }

    func editForm(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let (product, _) = try await owned(req, account: account)
        let detail = presenter.detail(product)
        return ProductFormPage.render(context, mode: .edit(id: detail.id, images: detail.images), draft: Market.ProductDraft(editing: detail), errors: [:])
    }

    struct EditForm: Content {
        var name: String?
        var description: String?
        var price: String?
        var currency: String?
        var discounted_price: String?
        var stock: String?
    }

    func edit(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let (product, vendor) = try await owned(req, account: account)
        let form = try req.content.decode(EditForm.self)
        let draft = Market.ProductDraft(
            name: form.name ?? "", description: form.description ?? "", price: form.price ?? "", currency: form.currency ?? "",
            discountedPrice: form.discounted_price ?? "", stock: form.stock ?? "", imageCount: product.images.count
        )
        let errors = Market.ProductRules.dotori.violations(of: draft, checkImages: false)
        guard errors.isEmpty else {
            return ProductFormPage.render(context, mode: .edit(id: try product.requireID(), images: presenter.detail(product).images), draft: draft, errors: errors, status: .badRequest)
        }
        _ = try await catalog.update(product, by: vendor, params: Market.ProductParams(draft: draft), rules: .dotori, on: req.db)
        return req.redirect(to: "/market/products/\(try product.requireID())", redirectType: .normal)
    }

    func confirmDelete(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let (product, _) = try await owned(req, account: account)
        let id = try product.requireID()
        return PageLayout.render(title: context.pick(ko: "상품 삭제", en: "Delete product"), context: context, .group(
            MarketViews.nav(context, current: "mine"),
            .h1(.text(context.pick(ko: "‘\(product.name)’을(를) 삭제할까요?", en: "Delete “\(product.name)”?"))),
            .p(.class("hint"), .text(context.pick(ko: "삭제하면 되돌릴 수 없어요.", en: "This cannot be undone."))),
            .form(
                .id("delete-form"), .action("/market/products/\(id)/delete"), .method(.post), .class("inline-actions"),
                PageLayout.csrfField(context),
                .button(.id("confirm-delete"), .type(.submit), .class("danger"), .text(context.pick(ko: "삭제하기", en: "Delete"))),
                .a(.class("button secondary"), .href("/market/products/\(id)"), .text(context.pick(ko: "취소", en: "Cancel")))
            )
        ))
    }

    func delete(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let (product, vendor) = try await owned(req, account: account)
        try await catalog.delete(product, by: vendor, on: req.db)
        return req.redirect(to: "/market/mine", redirectType: .normal)
    }

    /// The product of `:id` when the signed-in account is its vendor; 404 otherwise, so other
    /// people's products cannot be probed.
    private func owned(_ req: Request, account: Account) async throws -> (Product, Vendor) {
        guard let id = req.parameters.get("id").flatMap(Int.init),
              let vendor = try await vendors.vendor(ofAccount: try account.requireID(), on: req.db)
        else { throw Abort(.notFound) }
        let product = try await catalog.find(id, on: req.db)
        guard product.$vendor.id == vendor.id else { throw ProductError.notOwner }
        return (product, vendor)
    }

    // MARK: Lists

    func mine(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let vendor = try await vendors.vendor(ofAccount: try account.requireID(), on: req.db)
        let page = try await catalog.products(ofVendor: vendor, page: MarketViews.pageNumber(req), size: MarketViews.listPageSize, on: req.db)
        let products = page.products.map(presenter.listed)
        return PageLayout.render(title: context.pick(ko: "내 상품", en: "My products"), context: context, .group(
            MarketViews.nav(context, current: "mine"),
            .h1(.text(context.pick(ko: "내 상품", en: "My products"))),
            .if(products.isEmpty, MarketViews.emptyState(context.pick(ko: "아직 올린 상품이 없어요.", en: "You have not listed anything yet."))),
            .ul(.id("my-products"), .class("row-list"), .forEach(products) { product in
                .li(
                    .data(named: "id", value: String(product.id)),
                    .a(.href("/market/products/\(product.id)"), .text(product.name)),
                    .span(.class("hint"), .text(MarketViews.price(product.bargainPrice, product.currency))),
                    .a(.class("button secondary small"), .href("/market/products/\(product.id)/edit"), .text(context.pick(ko: "수정", en: "Edit"))),
                    .a(.class("button danger small"), .href("/market/products/\(product.id)/delete"), .text(context.pick(ko: "삭제", en: "Delete")))
                )
            }),
            MarketViews.pager(page, path: "/market/mine", context)
        ))
    }

    func likes(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let page = try await ProductLikes(clock: catalog.clock).likedProducts(
            by: try account.requireID(), page: MarketViews.pageNumber(req), size: MarketViews.listPageSize, catalog: catalog, on: req.db
        )
        let products = page.products.map(presenter.listed)
        return PageLayout.render(title: context.pick(ko: "좋아요", en: "Likes"), context: context, .group(
            MarketViews.nav(context, current: "likes"),
            .h1(.text(context.pick(ko: "좋아요한 상품", en: "Products you like"))),
            .if(products.isEmpty, MarketViews.emptyState(context.pick(ko: "좋아요한 상품이 없어요.", en: "Nothing liked yet."))),
            .div(.id("liked-products"), .class("products grid"), MarketViews.cards(products, context: context)),
            MarketViews.pager(page, path: "/market/likes", context)
        ))
    }
}
