import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// `/v1/user/shop…`: spec §5.
struct StudyShopController: Sendable {
    let profiles: StudyProfiles
    let shop: SesacShop
    let uids: PhoneUIDs

    func register(on routes: DocumentedRoutes) {
        routes.onStudy(Study.Routes.shopInfo, doc: StudyDocs.op("My profile, for the shop's owned badges", [200: "User JSON (27 fields)", 406: "Not signed up"]), use: myInfo)
        routes.onStudy(Study.Routes.buy, body: .collect(maxSize: ByteCount(value: SesacShop.receiptLength * 2)), doc: StudyDocs.op(
            "Record an App Store purchase", form: [
                .init("receipt", required: true, .string(maxLength: SesacShop.receiptLength), "Base64 of the app receipt"),
                .init("product", required: true, .string(), "The product id just bought"),
            ],
            [200: "Granted: the item joins the collection", 201: "Invalid receipt, no purchase of the product in it, or a purchase already granted to someone else", 406: "Not signed up"]
        ), use: buy)
        routes.onStudy(Study.Routes.chooseItems, doc: StudyDocs.op(
            "Show a face and a background", form: [.init("sesac", required: true, .integer(0...4)), .init("background", required: true, .integer(0...7))],
            [200: "Saved", 201: "An item is not owned (구매가 필요한 아이템이 있어요)", 406: "Not signed up"]
        ), use: choose)
    }

    func myInfo(_ req: Request) async throws -> StudyReply {
        try .json(StudyPresenter.user(try await profiles.profile(try req.studyCaller.uid, on: req.db), sealedBy: uids))
    }

    func buy(_ req: Request) async throws -> StudyReply {
        let status: Study.ShopPurchaseStatus = switch try await shop.buy(try req.studyCaller.uid, form: req.studyForm(), on: req.db) {
        case .granted: .granted
        case .invalidReceipt: .invalidReceipt
        }
        return .text(String(describing: status), status: status.rawValue)
    }

    func choose(_ req: Request) async throws -> StudyReply {
        let status: Study.ShopItemStatus = switch try await shop.choose(try req.studyCaller.uid, form: req.studyForm(), on: req.db) {
        case .saved: .saved
        case .notOwned: .notOwned
        }
        return .text(String(describing: status), status: status.rawValue)
    }
}
