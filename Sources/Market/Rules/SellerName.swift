import Fluent
import Platform

/// How the market names a seller on every page and in its conversations: the person, as
/// conversations name everyone, with their shop beside them ("이학생 · oakwood").
struct SellerName: Sendable, Equatable {
    let person: String
    let shop: String

    var spoken: String {
        person.isEmpty || person == shop ? shop : "\(person) · \(shop)"
    }
}

extension VendorDirectory {
    func sellerName(of vendor: Vendor, on db: any Database) async throws -> SellerName {
        SellerName(person: try await Account.find(vendor.$account.id, on: db)?.displayName ?? "", shop: vendor.name)
    }
}
