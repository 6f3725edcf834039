import MarketAPI
import OpenAPIRuntime
import Testing

@Suite(.enabled(if: RunningSprout.isConfigured)) struct MarketClientTests {
    @Test func becomesAVendorAndPagesTheProducts() async throws {
        let url = try RunningSprout.url()
        let client = MarketAPI.Client(serverURL: url, transport: RunningSprout.transport, middlewares: [try await SproutAccount.bearer()])
        let name = RunningSprout.unique("gen")
        let vendor = try await client.postApiMarketVendor(body: .json(.init(name: name))).ok.body.json
        #expect(vendor.name == name && vendor.secret?.isEmpty == false)
        #expect(try await client.getApiMarketVendor().ok.body.json.identifier == vendor.identifier)

        let page = try await client.getApiProducts(query: .init(page_no: 1, items_per_page: 10)).ok.body.json
        #expect(page.pageNo == 1 && page.page_no == 1 && page.pages.count <= 10)

        let anonymous = MarketAPI.Client(serverURL: url, transport: RunningSprout.transport)
        #expect(try await anonymous.getApiMarketVendor().unauthorized.body.json.error)
        #expect(try await anonymous.getApiProductsById(path: .init(id: "999999")).notFound.body.json.error)
    }
}
