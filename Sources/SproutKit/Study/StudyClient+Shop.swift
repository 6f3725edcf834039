import Foundation
import SproutAPI

extension StudyClient {
    /// `GET v1/user/shop/myinfo`: the User JSON, for the owned badges after a purchase.
    public func shopInfo() async throws -> Study.User {
        let response = try await exchange(Study.Routes.shopInfo)
        try Self.expectOK(response)
        return try Self.decode(Study.User.self, response)
    }

    /// `POST v1/user/shop/ios` after StoreKit reports `.purchased`: the base64 app receipt and the
    /// product just bought. 201: the receipt is invalid, or its purchase was granted to someone else.
    public func buy(receipt: String, product: String) async throws -> Study.ShopPurchaseStatus {
        try Self.status(Study.ShopPurchaseStatus.self, try await exchange(Study.Routes.buy, form: StudyForm([("receipt", receipt), ("product", product)])))
    }

    /// `POST v1/user/shop/item`: shows the face and background; 201 when one is not owned.
    public func chooseItems(sesac: Int, background: Int) async throws -> Study.ShopItemStatus {
        let form = StudyForm([("sesac", String(sesac)), ("background", String(background))])
        return try Self.status(Study.ShopItemStatus.self, try await exchange(Study.Routes.chooseItems, form: form))
    }
}
