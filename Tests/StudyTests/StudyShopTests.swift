import Foundation
import Platform
import SproutAPI
@testable import Study
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

@Suite("Study: the shop")
struct StudyShopTests {
    func receipt(_ product: String, _ transaction: String) -> String {
        SandboxReceiptVerifier.receipt(for: StorePurchase(productID: product, transactionID: transaction))
    }

    func buy(_ sprout: TestSprout, _ person: StudyPerson, receipt: String, product: String) async throws -> UInt {
        try await sprout.shopBuy(person, receipt: receipt, product: product)
    }

    func me(_ sprout: TestSprout, _ person: StudyPerson) async throws -> Study.User {
        try await sprout.shopMe(person)
    }

    @Test("buying grants the item once, the same purchase again is still mine, and another account cannot replay it")
    func purchases() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyPerson("+821033330001", nick: "상점손님")
            let b = try await sprout.studyPerson("+821033330002", nick: "다른손님")
            let mint = "com.memolease.sesac1.sprout2"
            #expect(try await buy(sprout, a, receipt: receipt(mint, "1000001"), product: mint) == 200)
            var user = try await me(sprout, a)
            #expect(user.sesacCollection == [0, 2] && user.transactionId == ["1000001"])
            #expect(try await buy(sprout, a, receipt: receipt(mint, "1000001"), product: mint) == 200, "a retry after a lost answer")
            user = try await me(sprout, a)
            #expect(user.sesacCollection == [0, 2] && user.transactionId == ["1000001"])
            #expect(try await buy(sprout, b, receipt: receipt(mint, "1000001"), product: mint) == 201, "a replay")
            let gold = "com.memolease.sesac1.sprout4"
            #expect(try await buy(sprout, a, receipt: receipt(gold, "1000001"), product: gold) == 201, "my old transaction under another product")
            #expect(try await me(sprout, a).sesacCollection == [0, 2])
            #expect(try await me(sprout, b).sesacCollection == [0])

            let night = "com.memolease.sesac1.background2"
            #expect(try await buy(sprout, a, receipt: receipt(night, "1000002"), product: mint) == 201, "the receipt holds no purchase of that product")
            #expect(try await buy(sprout, a, receipt: receipt(night, "1000002"), product: "com.example.other") == 201)
            #expect(try await buy(sprout, a, receipt: "bm90IGEgcmVjZWlwdA==", product: night) == 201)
            #expect(try await buy(sprout, a, receipt: receipt(night, "1000002"), product: night) == 200)
            #expect(try await me(sprout, a).backgroundCollection == [0, 2])
        }
    }

    @Test("the contract's other codes: 501 for missing or oversized values, 406 for the withdrawn, 401 without a token")
    func codes() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyPerson("+821033330003", nick: "코드손님")
            let mint = "com.memolease.sesac1.sprout2"
            #expect(try await buy(sprout, a, receipt: "", product: mint) == 501)
            #expect(try await buy(sprout, a, receipt: receipt(mint, "1"), product: "") == 501)
            #expect(try await buy(sprout, a, receipt: String(repeating: "A", count: SesacShop.receiptLength + 1), product: mint) == 501)
            #expect(try await sprout.study(.POST, "v1/user/shop/ios", nil, form: [("receipt", receipt(mint, "1")), ("product", mint)]).status.code == 401)
            #expect(try await sprout.study(.GET, "v1/user/shop/myinfo", "not-a-token").status.code == 401)
            #expect(try await sprout.study(.POST, "v1/user/shop/item", nil, form: [("sesac", "0"), ("background", "0")]).status.code == 401)
            #expect(try await sprout.study(.POST, "v1/user/withdraw", a).status.code == 200)
            #expect(try await buy(sprout, a, receipt: receipt(mint, "1"), product: mint) == 406)
            #expect(try await sprout.study(.GET, "v1/user/shop/myinfo", a).status.code == 406)
            #expect(try await sprout.study(.POST, "v1/user/shop/item", a, form: [("sesac", "0"), ("background", "0")]).status.code == 406)
            #expect(try await ShopTransaction.query(on: sprout.app.db).count() == 0, "nothing refused was stored")
        }
    }

    @Test("two accounts presenting the same purchase at once: exactly one gets it", arguments: 0..<3)
    func race(round: Int) async throws {
        try await withSprout { sprout in
            var people: [StudyPerson] = []
            for index in 0..<4 { people.append(try await sprout.studyPerson("+82103334000\(index)", nick: "경쟁\(index)")) }
            let gold = "com.memolease.sesac1.sprout4"
            let shared = receipt(gold, "race-\(round)")
            let codes = try await withThrowingTaskGroup(of: UInt.self) { group in
                for person in people { group.addTask { try await buy(sprout, person, receipt: shared, product: gold) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(codes.sorted() == [200, 201, 201, 201], "\(codes)")
            var owners = 0
            for person in people where try await me(sprout, person).sesacCollection.contains(4) { owners += 1 }
            #expect(owners == 1)
        }
    }

    @Test("one account sending two purchases at once, or one purchase twice at once: every item arrives, each transaction once", arguments: 0..<3)
    func oneAccountInParallel(round: Int) async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyPerson("+82103335000\(round)", nick: "동시\(round)")
            let purple = "com.memolease.sesac1.sprout3", stage = "com.memolease.sesac1.background4", sturdy = "com.memolease.sesac1.sprout1"
            let purchases = [(purple, "p-\(round)"), (stage, "s-\(round)"), (sturdy, "t-\(round)"), (sturdy, "t-\(round)")]
            let codes = try await withThrowingTaskGroup(of: UInt.self) { group in
                for (product, transaction) in purchases {
                    group.addTask { try await buy(sprout, a, receipt: receipt(product, transaction), product: product) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(codes == [200, 200, 200, 200], "\(codes)")
            let user = try await me(sprout, a)
            #expect(user.sesacCollection.sorted() == [0, 1, 3] && user.backgroundCollection.sorted() == [0, 4])
            #expect(user.transactionId.sorted() == ["p-\(round)", "s-\(round)", "t-\(round)"])
        }
    }

    @Test("choosing: owned items are shown, a missing one is 201, values outside the catalogue are 501 and change nothing")
    func choosing() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyPerson("+821033330005", nick: "꾸미기")
            let choose = { (sesac: String, background: String) in
                try await sprout.study(.POST, "v1/user/shop/item", a, form: [("sesac", sesac), ("background", background)]).status.code
            }
            #expect(try await choose("1", "0") == 201)
            #expect(try await choose("0", "7") == 201)
            let sturdy = "com.memolease.sesac1.sprout1"
            #expect(try await buy(sprout, a, receipt: receipt(sturdy, "t-1"), product: sturdy) == 200)
            #expect(try await choose("1", "0") == 200)
            var user = try await me(sprout, a)
            #expect(user.sesac == 1 && user.background == 0)
            for (sesac, background) in [("5", "0"), ("-1", "0"), ("1.5", "0"), ("99999999999999999999", "0"), ("1e308", "0"), ("", "0"), ("1", "8"), ("1", "abc")] {
                #expect(try await choose(sesac, background) == 501, "\(sesac), \(background)")
            }
            #expect(try await sprout.study(.POST, "v1/user/shop/item", a, form: [("sesac", "0")]).status.code == 501)
            user = try await me(sprout, a)
            #expect(user.sesac == 1 && user.background == 0)
            #expect(try await choose("0", "0") == 200)
        }
    }

    @Test func theCatalogueIsTheClients() {
        #expect(Study.ShopCatalogue.faces.count == 5 && Study.ShopCatalogue.backgrounds.count == 8)
        #expect(Study.ShopCatalogue.faces.compactMap(\.productID) == (1...4).map { "com.memolease.sesac1.sprout\($0)" })
        #expect(Study.ShopCatalogue.backgrounds.compactMap(\.productID) == (1...7).map { "com.memolease.sesac1.background\($0)" })
        #expect(Study.ShopCatalogue.faces.map(\.price) == [0, 1200, 2500, 2500, 2500])
        #expect(Study.ShopCatalogue.backgrounds.map(\.price) == [0, 1200, 1200, 1200, 2500, 2500, 2500, 2500])
    }
}

extension TestSprout {
    /// `POST /v1/user/shop/ios` as the iOS apps send it; the status code.
    func shopBuy(_ person: StudyPerson, receipt: String, product: String) async throws -> UInt {
        try await study(.POST, "v1/user/shop/ios", person, form: [("receipt", receipt), ("product", product)]).status.code
    }

    func shopMe(_ person: StudyPerson) async throws -> Study.User {
        try await study(.GET, "v1/user/shop/myinfo", person).decode(Study.User.self)
    }
}
