import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct ProductFormViewModelTests {
    func model(_ transport: TestTransport = TestTransport { _ in HTTPResponse(status: 500) }) -> ProductFormViewModel {
        ProductFormViewModel(market: MarketClient(baseURL: URL(string: "http://market.test")!, transport: transport), identifier: "id-1")
    }

    static let photo = ImageUpload(filename: "a.jpeg", data: Data([0xFF, 0xD8, 0xFF]))

    @Test func errorsAppearOnSubmitThenFollowEachChange() async {
        let model = model()
        model.nameChanged("Oa")
        #expect(model.fieldErrors.isEmpty, "nothing is shown before the first submit")
        await model.submitTapped(secret: "s")
        #expect(model.fieldErrors == [.images: .tooFew(minimum: 1), .name: .tooShort(minimum: 3), .price: .required,
                                      .stock: .required, .description: .required])
        model.nameChanged("Oak")
        #expect(model.fieldErrors[.name] == nil)
        model.priceChanged("1000")
        model.discountedPriceChanged("2000")
        #expect(model.fieldErrors[.discountedPrice] == .discountAbovePrice)
        model.descriptionChanged("too short")
        #expect(model.fieldErrors[.description] == .tooShort(minimum: 10))
    }

    @Test func photosStopAtFive() {
        let model = model()
        model.imagesPicked(Array(repeating: Self.photo, count: 4))
        model.imagesPicked([Self.photo, Self.photo])
        #expect(model.images.count == 5)
        #expect(model.alert == "사진은 최대 5장까지 첨부할 수 있어요")
        model.imageRemoved(at: 0)
        #expect(model.draft.imageCount == 4)
    }

    @Test func aValidFormIsSentOnceAndRoutes() async throws {
        let detail = Market.ProductDetail(id: 77, vendorID: 1, name: "Oak chair", description: "Solid oak chair", thumbnail: "", currency: .krw,
                                          price: 30000, bargainPrice: 30000, discountedPrice: 0, stock: 1, createdAt: "", issuedAt: "", images: [],
                                          vendors: .init(id: 1, name: "acorn77", createdAt: "", issuedAt: ""))
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: try JSONEncoder().encode(detail)) }
        let model = model(transport)
        model.imagesPicked([Self.photo])
        model.nameChanged("Oak chair")
        model.priceChanged("30,000")
        model.stockChanged("1")
        model.descriptionChanged("Solid oak chair")
        await model.submitTapped(secret: "top-secret")
        #expect(model.fieldErrors.isEmpty)
        #expect(model.route == .registered(productID: 77))
        let request = try #require(transport.requests.first)
        #expect(request.header("identifier") == "id-1")
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        #expect(body.contains(#""secret":"top-secret""#) && body.contains(#""price":30000"#))
        #expect(body.components(separatedBy: #"name="images""#).count == 2)
    }

    @Test func aRefusedSubmitAlertsAndStays() async {
        let model = model()
        model.imagesPicked([Self.photo])
        model.nameChanged("Oak chair")
        model.priceChanged("30000")
        model.stockChanged("1")
        model.descriptionChanged("Solid oak chair")
        await model.submitTapped(secret: "wrong")
        #expect(model.route == nil && model.alert != nil && !model.isSubmitting)
    }
}
