import Fluent
import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Dotori Market (도토리 마켓): the open-market contract at `/healthChecker` and `/api/products`,
/// Sprout's vendor and likes endpoints under `/api/market`, and the `/market` pages.
public struct MarketModule: AppModule {
    let platform: PlatformServices
    let catalog: ProductCatalog
    let vendors: VendorDirectory
    let likes: ProductLikes
    let trades: TradeDesk
    /// The contract's product pages and details, read again only after a write to what they show.
    let answers: AnswerCache<MarketRead>

    public init(context: ModuleContext) throws {
        assets = try ModuleAssets(module: "market", bundle: .module, names: ["market.css", "market.js"])
        let platform = context.platform
        self.platform = platform
        answers = AnswerCache(MarketRead.group, versions: platform.readVersions)
        catalog = ProductCatalog(files: platform.files, images: context.images, ids: platform.ids, clock: platform.clock,
                                 neighbourhoods: MyNeighbourhoods(places: platform.neighbourhoods, clock: platform.clock),
                                 keywordAlerts: KeywordAlerts(places: platform.neighbourhoods, notifications: platform.notifications, clock: platform.clock))
        vendors = VendorDirectory(ids: platform.ids, clock: platform.clock)
        likes = ProductLikes(clock: platform.clock, notifications: platform.notifications)
        trades = TradeDesk(catalog: catalog, vendors: vendors, messenger: platform.messenger, notifications: platform.notifications, clock: platform.clock)
    }

    public let name = "market"

    public var conversationSubjects: (any ConversationSubjects)? { ProductConversations(catalog: catalog, trades: trades, appointments: platform.appointments) }

    public var moderatedContent: (any ModeratedContent)? { MarketModeration(removal: ProductRemoval(catalog: catalog, clock: platform.clock)) }

    public let assets: ModuleAssets?

    public var migrations: [any Migration] {
        [CreateVendor(), CreateProduct(), CreateProductImage(), CreateProductLike(), IndexMarketForeignKeys(), AddProductSaleState(),
         CountMarketReads(), AddProductCategoryAndViews(), AddTrades(),
         AddNeighbourhoods(), AddOffersAndMannerTags(), AddProductRemoval()]
    }

    public let apiDocument = APIDocument(
        name: "market", title: "Dotori Market (open market) API",
        summary: "The yagom-academy open-market contract (2022b shape, 2022a requests accepted) and Sprout's vendor, likes and my-products endpoints.",
        errors: .json(ErrorBody.self),
        credentials: [.key("identifier", "The vendor's identifier"), .bearer("An access token from /api/auth/login")],
        mediaTypeRefusal: 400
    )

    public var hubTile: HubTile {
        HubTile(app: name, icon: .acorn, title: ("도토리 마켓", "Dotori Market"),
                summary: ("사고 싶은 물건, 팔고 싶은 물건", "Buy and sell things near you"), path: MarketPaths.browse.link)
    }

    public var accountShortcuts: [AccountShortcut] {
        [AccountShortcut(MarketPaths.mine.link, .tag, ko: "내가 파는 상품", en: "Products I sell"),
         AccountShortcut(MarketPaths.likes.link, .heart, ko: "좋아요한 상품", en: "Products I like"),
         AccountShortcut(MarketPaths.purchases.link, .shoppingBag, ko: "구매내역", en: "What I bought")]
    }

    /// Unknown paths under the contract's prefixes answer its `{ "error": true, "reason": … }` 404.
    public var mountPoints: [MountPoint] {
        Market.Routes.mountPoints.map {
            MountPoint($0, middleware: [MarketErrorMiddleware()], error: Abort(.notFound))
        }
    }

    public func registerRoutes(on routes: any RoutesBuilder, pages: any RoutesBuilder) throws {
        let root = DocumentedRoutes(routes, document: apiDocument)
        let api = root.grouped(MarketErrorMiddleware(), platform.ipRateLimit)
        ProductsController(catalog: catalog, vendors: vendors, answers: answers, publicURL: platform.config.publicBaseURL, uploadBodyLimit: platform.uploadBodyLimit)
            .register(on: api, root: root)
        let signedIn = api.grouped(AccountTokenAuthenticator(tokens: platform.tokens), platform.accountRateLimit)
        AccountMarketController(catalog: catalog, vendors: vendors, likes: likes, clock: platform.clock, publicURL: platform.config.publicBaseURL)
            .register(on: signedIn)
        TradesController(trades: trades, vendors: vendors).register(public: api, signedIn: signedIn)
        OffersController(offers: trades.offers).register(on: signedIn)
        let bumps = ProductBumps(catalog: catalog, clock: platform.clock), hiding = ProductHiding(catalog: catalog)
        ProductControlsController(bumps: bumps, hiding: hiding).register(on: signedIn)
        let nearby = NearbyProducts(neighbourhoods: catalog.neighbourhoods)
        NeighbourhoodsController(neighbourhoods: catalog.neighbourhoods, nearby: nearby, publicURL: platform.config.publicBaseURL).register(on: signedIn)
        KeywordsController(alerts: catalog.keywordAlerts).register(on: signedIn)
        let pages = pages.grouped(MarketPageErrors())
        NeighbourhoodPages(neighbourhoods: catalog.neighbourhoods).register(on: pages)
        KeywordPages(alerts: catalog.keywordAlerts, nearby: nearby).register(on: pages)
        BrowsePages(catalog: catalog, vendors: vendors, likes: likes, trades: trades).register(on: pages)
        OfferPages(catalog: catalog, trades: trades).register(on: pages)
        SellerPages(catalog: catalog, vendors: vendors, likes: likes, uploadBodyLimit: platform.uploadBodyLimit).register(on: pages)
        ListingControlPages(bumps: bumps, hiding: hiding).register(on: pages)
        PurchasePages(catalog: catalog, trades: trades).register(on: pages)
    }

    public func seedDemoData(on db: any Database, demo: DemoAccounts) async throws {
        try await MarketDemoData(catalog: catalog, vendors: vendors).load(on: db, demo: demo)
    }
}
