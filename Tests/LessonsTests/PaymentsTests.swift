import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct PaymentsTests {
    func checkout(_ sprout: TestSprout, _ postID: String, amount: Int, outcome: Lessons.SandboxCheckoutRequest.Outcome = .paid, as user: LessonsUser) async throws -> Lessons.SandboxCheckout {
        let response = try await sprout.call(.POST, "sandbox/payments", as: user, json: Lessons.SandboxCheckoutRequest(postID: postID, amount: amount, outcome: outcome))
        #expect(response.status.code == 200, "\(response.body.string)")
        return try response.decode(Lessons.SandboxCheckout.self)
    }

    func validate(_ sprout: TestSprout, _ impUID: String, _ postID: String, price: Int? = nil, as user: LessonsUser) async throws -> (Int, Data) {
        let response = try await sprout.call(.POST, "payments/validation", as: user, json: Lessons.PaymentValidationRequest(impUID: impUID, postID: postID, price: price))
        return (Int(response.status.code), Data(buffer: response.body))
    }

    @Test func aSandboxPaymentValidatesOnceAndRecordsTheBuyerOnce() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let lesson = try await sprout.lesson(by: teacher, price: 50_000)
            let paid = try await checkout(sprout, lesson.postID, amount: 50_000, as: student)
            #expect(paid.success && paid.impUID.hasPrefix("imp_"))

            let (status, body) = try await validate(sprout, paid.impUID, lesson.postID, as: student)
            #expect(status == 200)
            let json = try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
            #expect(Set(json.keys) == ["buyer_id", "post_id", "merchant_uid", "productName", "price", "paidAt"])
            let receipt = try JSONDecoder().decode(Lessons.Receipt.self, from: body)
            #expect(receipt.buyerID == student.id && receipt.price == 50_000 && receipt.productName == lesson.title && receipt.merchantUID == paid.merchantUID)

            let (again, message) = try await validate(sprout, paid.impUID, lesson.postID, as: student)
            #expect(again == 409)
            #expect(try JSONDecoder().decode(Lessons.Message.self, from: message).message.isEmpty == false)

            let secondPayment = try await checkout(sprout, lesson.postID, amount: 50_000, as: student)
            #expect(try await validate(sprout, secondPayment.impUID, lesson.postID, as: student).0 == 200)
            #expect(try await sprout.post(lesson.postID, as: teacher).buyers == [student.id])
            let mine = try await sprout.call(.GET, "payments/me", as: student).decode(Lessons.ReceiptList.self)
            #expect(mine.data.count == 2 && mine.data.allSatisfy { $0.postID == lesson.postID })
            #expect(try await sprout.call(.GET, "payments/me", as: teacher).decode(Lessons.ReceiptList.self).data.isEmpty)
        }
    }

    /// A checkout is tied to its buyer and its lesson: nobody else can take the purchase, and it
    /// cannot pay for another lesson of the same price.
    @Test func onlyTheBuyerValidatesAPaymentAndOnlyForItsLesson() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let buyer = try await sprout.signUp("lee")
            let thief = try await sprout.signUp("park")
            let lesson = try await sprout.lesson(by: teacher, title: "Violin", price: 50_000)
            let other = try await sprout.lesson(by: teacher, title: "Cello", price: 50_000)
            let paid = try await checkout(sprout, lesson.postID, amount: 50_000, as: buyer)

            #expect(try await validate(sprout, paid.impUID, lesson.postID, as: thief).0 == 403)
            #expect(try await validate(sprout, paid.impUID, other.postID, as: buyer).0 == 400)
            #expect(try await sprout.post(other.postID, as: teacher).buyers.isEmpty)
            #expect(try await sprout.call(.GET, "payments/me", as: thief).decode(Lessons.ReceiptList.self).data.isEmpty)

            #expect(try await validate(sprout, paid.impUID, lesson.postID, as: buyer).0 == 200, "the buyer still gets it")
            #expect(try await sprout.post(lesson.postID, as: teacher).buyers == [buyer.id])
        }
    }

    @Test func unpaidUnknownOrWrongAmountsRecordNothing() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let lesson = try await sprout.lesson(by: teacher, price: 50_000)
            let cancelled = try await checkout(sprout, lesson.postID, amount: 50_000, outcome: .cancelled, as: student)
            #expect(!cancelled.success)
            let failed = try await checkout(sprout, lesson.postID, amount: 50_000, outcome: .failed, as: student)
            let cheap = try await checkout(sprout, lesson.postID, amount: 100, as: student)
            for impUID in [cancelled.impUID, failed.impUID, cheap.impUID, "imp_000000000000"] {
                #expect(try await validate(sprout, impUID, lesson.postID, as: student).0 == 400, "\(impUID)")
            }
            #expect(try await validate(sprout, cheap.impUID, lesson.postID, price: 100, as: student).0 == 400, "the client's price only counts for posts without one")
            #expect(try await validate(sprout, cheap.impUID, "66c5aaaaaaaaaaaaaaaaaaaa", as: student).0 == 410)
            let missing = try await sprout.call(.POST, "payments/validation", as: student, body: #"{"imp_uid": "imp_1"}"#)
            #expect(missing.status.code == 400)
            #expect(try await sprout.post(lesson.postID, as: teacher).buyers.isEmpty)
            #expect(try await sprout.call(.GET, "payments/me", as: student).decode(Lessons.ReceiptList.self).data.isEmpty)
        }
    }

    @Test func aPostWithoutAPriceTakesTheClientsPrice() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let post = try await sprout.lesson(by: teacher, price: nil)
            let paid = try await checkout(sprout, post.postID, amount: 9_000, as: student)
            #expect(try await validate(sprout, paid.impUID, post.postID, as: student).0 == 400, "no price anywhere")
            #expect(try await validate(sprout, paid.impUID, post.postID, price: 8_000, as: student).0 == 400)
            #expect(try await validate(sprout, paid.impUID, post.postID, price: 9_000, as: student).0 == 200)
        }
    }

    @Test func racingValidationsOfOneImpUIDRecordItOnce() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let lesson = try await sprout.lesson(by: teacher, price: 1_000)
            let paid = try await checkout(sprout, lesson.postID, amount: 1_000, as: student)
            let codes = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<6 { group.addTask { try await validate(sprout, paid.impUID, lesson.postID, as: student).0 } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(codes.sorted() == [200, 409, 409, 409, 409, 409])
            #expect(try await sprout.call(.GET, "payments/me", as: student).decode(Lessons.ReceiptList.self).data.count == 1)
        }
    }

    @Test func theSandboxCheckoutChecksItsInput() async throws {
        try await withSprout { sprout in
            let user = try await sprout.signUp("kim")
            let lesson = try await sprout.lesson(by: user, price: nil)
            #expect(try await sprout.call(.POST, "sandbox/payments", as: user, body: #"{"post_id": "\#(lesson.postID)"}"#).status.code == 400)
            #expect(try await sprout.call(.POST, "sandbox/payments", as: user, body: #"{"post_id": "\#(lesson.postID)", "amount": -5}"#).status.code == 400)
            #expect(try await sprout.call(.POST, "sandbox/payments", as: user, body: #"{"post_id": "nope", "amount": 5}"#).status.code == 410)
            #expect(try await sprout.call(.POST, "sandbox/payments", as: user, body: #"{"post_id": "\#(lesson.postID)", "amount": 5, "outcome": "stolen"}"#).status.code == 400)
        }
    }
}
