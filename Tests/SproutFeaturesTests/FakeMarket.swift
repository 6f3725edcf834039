import Foundation
import SproutAPI
import SproutKit
import Synchronization

/// A scripted market server for view-model tests: `count` products, newest first, served as
/// contract pages; it records every request and can be told to fail or to insert a product.
final class FakeMarket: Sendable {
    struct State {
        var products: [Market.ListedProduct]
        var failing = false
        var liked: Set<Int> = []
        var refuseLikes = false
    }

    final class Box: Sendable {
        let value: Mutex<State>
        init(_ state: State) { value = Mutex(state) }
    }

    let box: Box
    let transport: TestTransport
    let client: MarketClient

    init(count: Int, signedIn: Bool = true) {
        let box = Box(State(products: (1...max(count, 1)).reversed().map(FakeMarket.product).filter { _ in count > 0 }))
        self.box = box
        transport = TestTransport { request in FakeMarket.answer(request, box) }
        client = MarketClient(
            baseURL: URL(string: "http://market.test")!, transport: transport,
            session: AuthSession(tokens: signedIn ? AuthTokens(accessToken: "a", refreshToken: "r") : nil)
        )
    }

    var pagesRequested: [Int] {
        transport.requests.filter { $0.url.path == "/api/products" }.compactMap { request in
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "page_no" }?.value.flatMap(Int.init)
        }
    }

    func insertNewest() {
        box.value.withLock { $0.products.insert(Self.product($0.products.count + 1000), at: 0) }
    }

    static func product(_ id: Int) -> Market.ListedProduct {
        Market.ListedProduct(id: id, vendorID: 1, vendorName: "acorn77", name: "Item \(id)", description: "", thumbnail: "http://market.test/t.jpg",
                             currency: .krw, price: 1000, bargainPrice: 1000, discountedPrice: 0, stock: 1,
                             createdAt: "2026-01-01T00:00:00", issuedAt: "2026-01-01T00:00:00")
    }

    static func answer(_ request: HTTPRequest, _ box: Box) -> HTTPResponse {
        box.value.withLock { state in
            if state.failing { return HTTPResponse(status: 500) }
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            func int(_ name: String) -> Int { items.first { $0.name == name }?.value.flatMap(Int.init) ?? 1 }
            let path = request.url.path
            if path == "/api/products" {
                let (number, size) = (int("page_no"), int("items_per_page"))
                let slice = Array(state.products.dropFirst((number - 1) * size).prefix(size))
                let page = Market.Page(pageNo: number, itemsPerPage: size, totalCount: state.products.count, pages: slice)
                return HTTPResponse(status: 200, body: try! JSONEncoder().encode(page))
            }
            if path.hasPrefix("/api/market/likes/"), let id = Int(path.split(separator: "/").last ?? "") {
                if state.refuseLikes { return HTTPResponse(status: 500) }
                switch request.method {
                case .put: state.liked.insert(id)
                case .delete: state.liked.remove(id)
                default: break
                }
                return HTTPResponse(status: 200, body: try! JSONEncoder().encode(Market.LikeStatus(productID: id, liked: state.liked.contains(id))))
            }
            return HTTPResponse(status: 404)
        }
    }
}
