import Platform
import SproutAPI
import Vapor

/// The pages of a signed-in person: become a vendor, sell, edit and delete, my products, likes.
struct SellerPages: Sendable {
    let catalog: ProductCatalog
    let vendors: VendorDirectory
    let likes: ProductLikes
    let uploadBodyLimit: ByteCount
    let presenter = MarketPresenter(baseURL: "")

    func register(on pages: any RoutesBuilder) {
        pages.get(MarketPaths.vendor, use: vendorPage)
        pages.post(MarketPaths.vendor, use: becomeVendor)
        pages.post(MarketPaths.vendorSecret, use: rotateSecret)
        pages.get(MarketPaths.sell, use: sellForm)
        pages.post(MarketPaths.sell, upTo: uploadBodyLimit, use: sell)
        pages.get(MarketPaths.edit, use: editForm)
        pages.post(MarketPaths.edit, upTo: uploadBodyLimit, use: edit)
        pages.get(MarketPaths.delete, use: confirmDelete)
        pages.post(MarketPaths.delete, use: delete)
        pages.post(MarketPaths.saleState, use: markSaleState)
        pages.get(MarketPaths.mine, use: mine)
        pages.get(MarketPaths.likes, use: likes)
    }

    // MARK: Vendor

    func vendorPage(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let vendor = try await vendors.vendor(ofAccount: try account.requireID(), on: req.db)
        let next = try req.queryFields(ReturnTo.self).next.map(LocalPath.sanitized)
        return SellerViews.vendor(context, vendor: vendor, secret: nil, name: "", error: nil, next: next)
    }

    struct VendorForm: Content {
        var name: String?
        var next: String?
    }

    func becomeVendor(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let form = (try? req.content.decode(VendorForm.self)) ?? VendorForm()
        let name = form.name ?? ""
        let next = form.next.map(LocalPath.sanitized)
        do {
            let (vendor, secret) = try await vendors.register(accountID: try account.requireID(), name: name, on: req.db)
            // Sent here by the sell form: back to it. The app credentials page stays one tap away
            // (a new secret can be issued there at any time).
            if let next { return req.redirect(to: next, redirectType: .normal) }
            return SellerViews.vendor(context, vendor: vendor, secret: secret, name: "", error: nil)
        } catch let error as VendorError {
            let message = switch error {
            case .nameTaken: context.pick(ko: "이미 쓰이는 이름이에요.", en: "That name is taken.")
            case .alreadyAVendor: context.pick(ko: "이미 판매자예요.", en: "You are a vendor already.")
            default: context.pick(ko: "이름은 2~30자로 지어 주세요.", en: "Use 2 to 30 characters.")
            }
            let vendor = try await vendors.vendor(ofAccount: try account.requireID(), on: req.db)
            return SellerViews.vendor(context, vendor: vendor, secret: nil, name: name, error: message, next: next, status: error == .invalidName ? .badRequest : .conflict)
        }
    }

    func rotateSecret(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        guard let vendor = try await vendors.vendor(ofAccount: try account.requireID(), on: req.db) else {
            return req.redirect(to: MarketPaths.vendor.link, redirectType: .normal)
        }
        let secret = try await vendors.rotateSecret(of: vendor, on: req.db)
        return SellerViews.vendor(context, vendor: vendor, secret: secret, name: "", error: nil)
    }

    // MARK: Sell and edit

    func sellForm(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        guard try await vendors.vendor(ofAccount: try account.requireID(), on: req.db) != nil else {
            return req.redirect(to: MarketPaths.vendor(returningTo: MarketPaths.sell.link), redirectType: .normal)
        }
        return ProductFormPage.render(context, mode: .sell, draft: Market.ProductDraft(), category: .other, errors: [:])
    }

    func sell(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        guard let vendor = try await vendors.vendor(ofAccount: try account.requireID(), on: req.db) else {
            return req.redirect(to: MarketPaths.vendor.link, redirectType: .normal)
        }
        let parts = try req.multipartParts()
        func text(_ name: String) -> String { parts.first { $0.name == name }?.text ?? "" }
        let images = parts.filter { $0.name == "images" && $0.body.readableBytes > 0 }.map { Data(buffer: $0.body) }
        // A neighbour sells one second-hand item, in won: the form asks neither.
        let draft = Market.ProductDraft(
            name: text("name"), description: text("description"), price: text("price"), currency: Market.Currency.krw.rawValue,
            discountedPrice: text("discounted_price"), stock: "1", imageCount: images.count
        )
        let allowsOffers = !text("allows_offers").isEmpty
        let category = ProductCategory(choice: text("category"))
        var errors = Market.ProductRules.dotori.violations(of: draft)
        if errors.isEmpty, let category {
            do {
                let product = try await catalog.create(by: vendor, params: Market.ProductParams(draft: draft), images: images, category: category,
                                                       rules: .dotori, on: req.db)
                if allowsOffers { try await catalog.setAllowsOffers(true, of: product, by: vendor, on: req.db) }
                return req.redirect(to: MarketPaths.product(try product.requireID(), done: BrowseViews.Done.listed), redirectType: .normal)
            } catch let ProductError.images(refusal) {
                errors[.images] = .photo(refusal)
            } catch let ProductError.invalid(found) {
                errors = found
            }
        }
        return ProductFormPage.render(context, mode: .sell, draft: draft, category: category, errors: errors, allowsOffers: allowsOffers, status: .badRequest)
    }

    func editForm(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let (product, _) = try await owned(req, at: MarketPaths.edit, account: account)
        let detail = presenter.detail(product)
        return ProductFormPage.render(context, mode: .edit(id: detail.id, images: detail.images, kept: detail.images.map(\.id)),
                                      draft: Market.ProductDraft(editing: detail), category: ProductCategory(rawValue: product.category) ?? .other, errors: [:],
                                      allowsOffers: product.allowsOffers)
    }

    /// Saves the fields and the photos as arranged: kept in the order chosen, removed, added.
    /// Nothing changes unless all of it is valid and every new photo is taken.
    func edit(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let (product, vendor) = try await owned(req, at: MarketPaths.edit, account: account)
        let submission = try ProductEditSubmission(req, current: ProductCatalog.orderedImages(of: product).compactMap(\.id),
                                                   category: ProductCategory(rawValue: product.category) ?? .other, keeping: product)
        var errors = Market.ProductRules.dotori.violations(of: submission.draft)
        if errors.isEmpty, let category = submission.category {
            do {
                let arranged = submission.photos.changes(product)
                    ? try await catalog.arrangePhotos(of: product, by: vendor, submission.photos, rules: .dotori, on: req.db) : product
                let updated = try await catalog.update(arranged, by: vendor, params: Market.ProductParams(draft: submission.draft), category: category,
                                                       rules: .dotori, on: req.db)
                try await catalog.setAllowsOffers(submission.allowsOffers, of: updated, by: vendor, on: req.db)
                return req.redirect(to: MarketPaths.product(try product.requireID(), done: BrowseViews.Done.saved), redirectType: .normal)
            } catch let ProductError.images(refusal) {
                errors[.images] = .photo(refusal)
            } catch let ProductError.invalid(found) {
                errors = found
            }
        }
        let mode = ProductFormPage.Mode.edit(id: try product.requireID(), images: presenter.detail(product).images, kept: submission.photos.kept)
        return ProductFormPage.render(context, mode: mode, draft: submission.draft, category: submission.category, errors: errors,
                                      allowsOffers: submission.allowsOffers, status: .badRequest)
    }

    func confirmDelete(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let (product, _) = try await owned(req, at: MarketPaths.delete, account: account)
        return SellerViews.confirmDelete(context, id: try product.requireID(), name: product.name)
    }

    func delete(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let (product, vendor) = try await owned(req, at: MarketPaths.delete, account: account)
        try await catalog.delete(product, by: vendor, on: req.db)
        return req.redirect(to: MarketPaths.mine.link, redirectType: .normal)
    }

    func markSaleState(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let (product, vendor) = try await owned(req, at: MarketPaths.saleState, account: account)
        guard let state = (try? req.content.get(String.self, at: "state")).flatMap(SaleState.init) else {
            throw Abort(.badRequest, reason: "state must be selling, reserved or sold")
        }
        try await catalog.setSaleState(state, of: product, by: vendor, on: req.db)
        return req.redirect(to: MarketPaths.product(try product.requireID(), done: BrowseViews.Done.marked), redirectType: .normal)
    }

    /// The product `path` names when the signed-in account is its vendor; 404 otherwise, so
    /// other people's products cannot be probed.
    private func owned(_ req: Request, at path: PagePath<Int>, account: Account) async throws -> (Product, Vendor) {
        guard let id = path.parameters(in: req),
              let vendor = try await vendors.vendor(ofAccount: try account.requireID(), on: req.db)
        else { throw Abort(.notFound) }
        let product = try await catalog.find(id, on: req.db)
        guard product.$vendor.id == vendor.id else { throw ProductError.notOwner }
        return (product, vendor)
    }

    // MARK: Lists

    /// One tab of my products (판매중 by default, or what `?tab=` names), with every tab's count.
    func mine(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let vendor = try await vendors.vendor(ofAccount: try account.requireID(), on: req.db)
        let tab = try req.queryFields(MyProductsQuery.self).tab ?? .selling
        let page = try await catalog.products(ofVendor: vendor, tab: tab, page: MarketViews.pageNumber(req), size: MarketViews.listPageSize, on: req.db)
        let counts = try await catalog.tabCounts(ofVendor: vendor, on: req.db)
        let interest = try await ProductInterest(clock: catalog.clock).counts(of: page.products.compactMap(\.id), on: req.db)
        let removed = Set(page.products.filter { $0.removedAt != nil }.compactMap(\.id))
        return SellerViews.myProducts(context, tab: tab, counts: counts, page: page, products: page.products.map(presenter.listed),
                                      states: ProductCatalog.saleStates(of: page.products), interest: interest, removed: removed)
    }

    func likes(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let page = try await likes.likedProducts(
            by: try account.requireID(), page: MarketViews.pageNumber(req), size: MarketViews.listPageSize, catalog: catalog, on: req.db
        )
        let interest = try await ProductInterest(clock: catalog.clock).counts(of: page.products.compactMap(\.id), on: req.db)
        return SellerViews.likes(context, page: page, products: page.products.map(presenter.listed), states: ProductCatalog.saleStates(of: page.products),
                                 interest: interest)
    }
}

/// The tab of my products, and the page within it.
struct MyProductsQuery: Codable {
    var tab: Market.MyProductsTab?
    var page: Int?
}
