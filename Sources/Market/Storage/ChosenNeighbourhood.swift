import Fluent
import Foundation

/// One of the (at most two) 동 an account chose as its 동네 (`MyNeighbourhoods`).
final class ChosenNeighbourhood: Model, @unchecked Sendable {
    static let schema = "market_neighbourhoods"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "account_id") var accountID: String
    /// A code of the platform's place list (`Neighbourhoods`).
    @Field(key: "dong_code") var dongCode: String
    /// 0 or 1, in the order chosen.
    @Field(key: "position") var position: Int
    /// When the browser's position was last found near its centre.
    @OptionalField(key: "verified_at") var verifiedAt: Date?
    /// The one browsing and listing start from; exactly one of an account's rows.
    @Field(key: "current") var current: Bool
    /// A `NeighbourhoodRange`, the same on each of an account's rows.
    @Field(key: "range") var range: String

    init() {}

    init(accountID: String, dongCode: String, position: Int, verifiedAt: Date?, current: Bool, range: NeighbourhoodRange) {
        self.accountID = accountID
        self.dongCode = dongCode
        self.position = position
        self.verifiedAt = verifiedAt
        self.current = current
        self.range = range.rawValue
    }
}
