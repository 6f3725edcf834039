import Foundation
@testable import Lessons
import Platform
import PlatformCore
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// A local stand-in for PortOne's REST API v1 (`https://api.iamport.kr`), speaking its documented
/// shapes: `POST /users/getToken`, `GET /payments/{imp_uid}` and `POST /payments/cancel`, every
/// answer `{code, message, response}`. A cancel PortOne refuses is HTTP 200 with a `code` other than 0.
final class FakePortOne: Sendable {
    struct Payment: Sendable {
        let merchantUID: String
        let amount: Int
        var status: String
        /// What cancels returned of it so far (PortOne's `cancel_amount`).
        var cancelled = 0
    }

    /// A cancel request as it arrived, with the token it carried.
    struct CancelRequest: Sendable, Equatable {
        let impUID: String
        let amount: Int?
        let checksum: Int?
        let reason: String?
        let token: String?
    }

    enum CancelOutcome: Sendable {
        case unauthorized
        case refused(String)
        case cancelled(Payment)
    }

    static let apiKey = "test_imp_key"
    static let apiSecret = "test_imp_secret"
    static let alreadyCancelled = "이미 전액취소된 주문입니다."
    static let checksumMismatch = "[취소실패] 취소가능잔액(checksum)이 일치하지 않습니다."
    static let noSuchPayment = "취소할 결제건이 존재하지 않습니다."

    let app: Application
    let state = State()

    actor State {
        var payments: [String: Payment] = [:]
        var tokensIssued = 0
        var lookups = 0
        var cancels: [CancelRequest] = []
        /// Set to make the next lookup find its token revoked, as a real expiry would.
        var revokeTokens = false
        /// Set to refuse every token, new ones too: a key revoked on PortOne's console.
        var refusesEveryToken = false
        /// Set to answer cancels with a bare 500, as a gateway in trouble does.
        var failsCancels = false
        func add(_ impUID: String, _ payment: Payment) { payments[impUID] = payment }
        func issue() -> String {
            tokensIssued += 1
            revokeTokens = false
            return "token-\(tokensIssued)"
        }
        func lookUp(_ impUID: String, token: String?) -> (Bool, Payment?) {
            lookups += 1
            return (isCurrent(token), payments[impUID])
        }
        func revoke() { revokeTokens = true }
        func refuseEveryToken() { refusesEveryToken = true }
        func failCancels() { failsCancels = true }
        /// Cancelled whole outside Sprout, on PortOne's console.
        func cancelOnConsole(_ impUID: String) {
            guard var payment = payments[impUID] else { return }
            payment.cancelled = payment.amount
            payment.status = "cancelled"
            payments[impUID] = payment
        }

        /// PortOne's cancel: `amount` left out or 0 cancels what is left; `checksum`, when sent,
        /// must be what is left before this cancel.
        func cancel(_ request: CancelRequest) -> CancelOutcome {
            cancels.append(request)
            guard isCurrent(request.token) else { return .unauthorized }
            guard var payment = payments[request.impUID] else { return .refused(FakePortOne.noSuchPayment) }
            let left = payment.amount - payment.cancelled
            guard payment.status == "paid", left > 0 else { return .refused(FakePortOne.alreadyCancelled) }
            if let checksum = request.checksum, checksum != left { return .refused(FakePortOne.checksumMismatch) }
            let amount = request.amount.flatMap { $0 > 0 ? $0 : nil } ?? left
            guard amount <= left else { return .refused(FakePortOne.checksumMismatch) }
            payment.cancelled += amount
            if payment.cancelled == payment.amount { payment.status = "cancelled" }
            payments[request.impUID] = payment
            return .cancelled(payment)
        }

        private func isCurrent(_ token: String?) -> Bool {
            !revokeTokens && !refusesEveryToken && token == "token-\(tokensIssued)"
        }
    }

    init() async throws {
        app = try await Application.make(.testing)
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        let state = state
        app.post("users", "getToken") { req async throws -> Response in
            struct Credentials: Content { let imp_key: String?; let imp_secret: String? }
            let body = try req.content.decode(Credentials.self)
            guard body.imp_key == Self.apiKey, body.imp_secret == Self.apiSecret else {
                return try Self.answer(.unauthorized, code: -1, message: "imp_key, imp_secret 파라메터가 올바르지 않습니다.", response: nil as String?)
            }
            let now = Int(Date().timeIntervalSince1970)
            return try Self.answer(.ok, code: 0, message: nil, response: TokenBody(access_token: await state.issue(), now: now, expired_at: now + 1800))
        }
        app.get("payments", ":imp_uid") { req async throws -> Response in
            let impUID = req.parameters.get("imp_uid") ?? ""
            let (authorized, payment) = await state.lookUp(impUID, token: req.headers.first(name: .authorization))
            guard authorized else { return try Self.answer(.unauthorized, code: -1, message: "Unauthorized", response: nil as String?) }
            guard let payment else { return try Self.answer(.notFound, code: -1, message: "존재하지 않는 결제정보입니다.", response: nil as String?) }
            return try Self.answer(.ok, code: 0, message: nil, response: PaymentBody(
                imp_uid: impUID, merchant_uid: payment.merchantUID, amount: payment.amount, status: payment.status,
                name: "lesson", paid_at: payment.status == "paid" ? 1_700_000_000 : 0, pay_method: "card", pg_provider: "html5_inicis"
            ))
        }
        app.post("payments", "cancel") { req async throws -> Response in
            struct Cancel: Content { let imp_uid: String?; let amount: Int?; let checksum: Int?; let reason: String? }
            if await state.failsCancels { return Response(status: .internalServerError, body: .init(string: "<html>502 Bad Gateway</html>")) }
            let body = try req.content.decode(Cancel.self)
            let request = CancelRequest(impUID: body.imp_uid ?? "", amount: body.amount, checksum: body.checksum, reason: body.reason,
                                        token: req.headers.first(name: .authorization))
            switch await state.cancel(request) {
            case .unauthorized:
                return try Self.answer(.unauthorized, code: -1, message: "Unauthorized", response: nil as String?)
            case let .refused(message):
                return try Self.answer(.ok, code: -1, message: message, response: nil as String?)
            case let .cancelled(payment):
                return try Self.answer(.ok, code: 0, message: nil, response: CancelledBody(
                    imp_uid: request.impUID, merchant_uid: payment.merchantUID, amount: payment.amount, cancel_amount: payment.cancelled,
                    status: payment.status, name: "lesson", paid_at: 1_700_000_000, cancelled_at: 1_700_000_600, cancel_reason: request.reason ?? "",
                    pay_method: "card", pg_provider: "html5_inicis"
                ))
            }
        }
        try await app.server.start()
    }

    struct TokenBody: Encodable {
        let access_token: String
        let now: Int
        let expired_at: Int
    }

    struct PaymentBody: Encodable {
        let imp_uid: String
        let merchant_uid: String
        let amount: Int
        let status: String
        let name: String
        let paid_at: Int
        let pay_method: String
        let pg_provider: String
    }

    /// The payment after a cancel: `status` is `cancelled` once nothing is left, `paid` after a partial one.
    struct CancelledBody: Encodable {
        let imp_uid: String
        let merchant_uid: String
        let amount: Int
        let cancel_amount: Int
        let status: String
        let name: String
        let paid_at: Int
        let cancelled_at: Int
        let cancel_reason: String
        let pay_method: String
        let pg_provider: String
    }

    struct Envelope<Body: Encodable>: Encodable {
        let code: Int
        let message: String?
        let response: Body?
    }

    static func answer<Body: Encodable>(_ status: HTTPResponseStatus, code: Int, message: String?, response: Body?) throws -> Response {
        let reply = Response(status: status)
        try reply.content.encode(Envelope(code: code, message: message, response: response), as: .json)
        return reply
    }

    var baseURL: String { "http://127.0.0.1:\(app.http.server.shared.localAddress?.port ?? 0)" }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

@Suite struct PortOneGatewayTests {
    func withPortOne(key: String = FakePortOne.apiKey, _ test: (TestSprout, FakePortOne) async throws -> Void) async throws {
        let fake = try await FakePortOne()
        do {
            let settings = ["SPROUT_PAYMENTS": "portone", "PORTONE_API_KEY": key, "PORTONE_API_SECRET": FakePortOne.apiSecret, "PORTONE_API_URL": fake.baseURL + "/"]
            try await withSprout(configure: { $0.environment = EnvironmentReader(settings) }) { sprout in
                try await test(sprout, fake)
            }
        } catch {
            try await fake.stop()
            throw error
        }
        try await fake.stop()
    }

    @Test func validationAsksPortOneAndReusesItsToken() async throws {
        try await withPortOne { sprout, fake in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let lesson = try await sprout.lesson(by: teacher, price: 50_000)
            await fake.state.add("imp_100", .init(merchantUID: "ios_key_1700000000", amount: 50_000, status: "paid"))
            await fake.state.add("imp_101", .init(merchantUID: "ios_key_1700000001", amount: 50_000, status: "paid"))
            await fake.state.add("imp_200", .init(merchantUID: "ios_key_1700000002", amount: 50_000, status: "cancelled"))
            await fake.state.add("imp_300", .init(merchantUID: "ios_key_1700000003", amount: 40_000, status: "paid"))

            let paid = try await sprout.call(.POST, "payments/validation", as: student, json: Lessons.PaymentValidationRequest(impUID: "imp_100", postID: lesson.postID))
            #expect(paid.status.code == 200, "\(paid.body.string)")
            let receipt = try paid.decode(Lessons.Receipt.self)
            #expect(receipt.merchantUID == "ios_key_1700000000" && receipt.paidAt == "2023-11-14T22:13:20.000Z")
            #expect(try await sprout.call(.POST, "payments/validation", as: student, json: Lessons.PaymentValidationRequest(impUID: "imp_101", postID: lesson.postID)).status.code == 200)
            for impUID in ["imp_200", "imp_300", "imp_unknown"] {
                let refused = try await sprout.call(.POST, "payments/validation", as: student, json: Lessons.PaymentValidationRequest(impUID: impUID, postID: lesson.postID))
                #expect(refused.status.code == 400, "\(impUID)")
            }
            #expect(await fake.state.tokensIssued == 1, "one token serves every lookup until it nears expiry")
            #expect(try await sprout.call(.POST, "sandbox/payments", as: student, json: Lessons.SandboxCheckoutRequest(postID: lesson.postID, amount: 1)).status.code == 444,
                    "no sandbox checkout when PortOne is the gateway")
        }
    }

    @Test func aRevokedTokenIsFetchedAgainOnce() async throws {
        try await withPortOne { sprout, fake in
            let user = try await sprout.signUp("kim")
            let lesson = try await sprout.lesson(by: user, price: 10)
            await fake.state.add("imp_1", .init(merchantUID: "m1", amount: 10, status: "paid"))
            await fake.state.add("imp_2", .init(merchantUID: "m2", amount: 10, status: "paid"))
            #expect(try await sprout.call(.POST, "payments/validation", as: user, json: Lessons.PaymentValidationRequest(impUID: "imp_1", postID: lesson.postID)).status.code == 200)
            await fake.state.revoke()
            #expect(try await sprout.call(.POST, "payments/validation", as: user, json: Lessons.PaymentValidationRequest(impUID: "imp_2", postID: lesson.postID)).status.code == 200)
            #expect(await fake.state.tokensIssued == 2)
        }
    }

    @Test func wrongCredentialsAreAServerErrorAndRecordNothing() async throws {
        try await withPortOne(key: "wrong") { sprout, fake in
            let user = try await sprout.signUp("kim")
            let lesson = try await sprout.lesson(by: user, price: 10)
            await fake.state.add("imp_1", .init(merchantUID: "m1", amount: 10, status: "paid"))
            let response = try await sprout.call(.POST, "payments/validation", as: user, json: Lessons.PaymentValidationRequest(impUID: "imp_1", postID: lesson.postID))
            #expect(response.status.code == 500)
            #expect(try sprout.message(response) == "서버 오류가 발생했습니다.")
            #expect(try await sprout.call(.GET, "payments/me", as: user).decode(Lessons.ReceiptList.self).data.isEmpty)
        }
    }
    // MARK: - Refunds: `POST /payments/cancel`

    /// A gateway of the test's own on the fake, for what the API cannot tell apart: every failed
    /// refund is its 502, however the gateway failed.
    func directGateway(_ sprout: TestSprout, _ fake: FakePortOne, baseURL: String? = nil) -> PortOneGateway {
        PortOneGateway(credentials: .init(apiKey: FakePortOne.apiKey, apiSecret: FakePortOne.apiSecret, baseURL: baseURL ?? fake.baseURL),
                       client: sprout.app.client, clock: sprout.clock.clock)
    }

    func failure(of body: () async throws -> Void) async -> (any Error)? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    func isUnavailable(_ error: (any Error)?) -> Bool {
        if case .unavailable? = error as? GatewayError { return true }
        return false
    }

    func paidEnrolment(_ sprout: TestSprout, paying impUID: String, for lesson: Lessons.Post, as student: LessonsUser) async throws -> Lessons.Enrolment {
        let paid = try await sprout.call(.POST, "payments/validation", as: student, json: Lessons.PaymentValidationRequest(impUID: impUID, postID: lesson.postID))
        #expect(paid.status.code == 200, "\(paid.body.string)")
        let mine = try await sprout.lessonsAPI(.GET, "enrolments", as: student).decode(Lessons.EnrolmentList.self).enrolments
        return try #require(mine.first { $0.postID == lesson.postID && $0.role == "student" })
    }

    @Test func endingAnEnrolmentCancelsThePaymentAtPortOne() async throws {
        try await withPortOne { sprout, fake in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let lesson = try await sprout.lesson(by: teacher, price: 90_000)
            await fake.state.add("imp_100", .init(merchantUID: "ios_key_1700000000", amount: 90_000, status: "paid"))
            let enrolment = try await paidEnrolment(sprout, paying: "imp_100", for: lesson, as: student)
            #expect(enrolment.refundQuote == 90_000)

            let refund = try await sprout.lessonsAPI(.POST, "enrolments/\(enrolment.enrolmentID)/refund", as: student)
            #expect(refund.status.code == 200, "\(refund.body.string)")
            let ended = try refund.decode(Lessons.Enrolment.self)
            #expect(ended.state == .refunded && ended.refundedAmount == 90_000)
            let sent = await fake.state.cancels
            #expect(sent.count == 1)
            #expect(sent.first?.impUID == "imp_100" && sent.first?.amount == 90_000 && sent.first?.checksum == 90_000, "\(sent)")
            #expect(sent.first?.reason?.isEmpty == false, "PortOne is told why")
            #expect(sent.first?.token == "token-1", "the token the lookup fetched serves the cancel")
            #expect(await fake.state.tokensIssued == 1)
            let payment = await fake.state.payments["imp_100"]
            #expect(payment?.status == "cancelled" && payment?.cancelled == 90_000)
        }
    }

    @Test func aCancelPortOneRefusesChangesNothing() async throws {
        try await withPortOne { sprout, fake in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let lesson = try await sprout.lesson(by: teacher, price: 90_000)
            await fake.state.add("imp_101", .init(merchantUID: "ios_key_1700000001", amount: 90_000, status: "paid"))
            let enrolment = try await paidEnrolment(sprout, paying: "imp_101", for: lesson, as: student)
            await fake.state.cancelOnConsole("imp_101")

            let refund = try await sprout.lessonsAPI(.POST, "enrolments/\(enrolment.enrolmentID)/refund", as: student)
            #expect(refund.status.code == 502, "\(refund.body.string)")
            let after = try await sprout.lessonsAPI(.GET, "enrolments/\(enrolment.enrolmentID)", as: student).decode(Lessons.Enrolment.self)
            #expect(after.state == .active && after.refundedAmount == nil && after.refundQuote == 90_000, "nothing changed, so it may be asked again")
            #expect(await fake.state.cancels.count == 1)
        }
    }

    @Test func partialCancelsLeaveThePaymentPaidUntilNothingIsLeft() async throws {
        try await withPortOne { sprout, fake in
            let gateway = directGateway(sprout, fake)
            await fake.state.add("imp_1", .init(merchantUID: "m1", amount: 90_000, status: "paid"))
            try await gateway.refund(impUID: "imp_1", amount: 60_750, refundable: 90_000, reason: "수강생이 수강을 종료", on: sprout.app.db)
            let partly = await fake.state.payments["imp_1"]
            #expect(partly?.cancelled == 60_750 && partly?.status == "paid", "a partial cancel keeps the payment paid")
            try await gateway.refund(impUID: "imp_1", amount: 29_250, refundable: 29_250, reason: "남은 금액", on: sprout.app.db)
            let whole = await fake.state.payments["imp_1"]
            #expect(whole?.cancelled == 90_000 && whole?.status == "cancelled")
            let sent = await fake.state.cancels
            #expect(sent.map(\.amount) == [60_750, 29_250] && sent.map(\.checksum) == [90_000, 29_250], "the checksum is what was left before each")
            #expect(await fake.state.tokensIssued == 1)
        }
    }

    @Test func aCancelPortOneRefusesIsGatewayRefused() async throws {
        try await withPortOne { sprout, fake in
            let gateway = directGateway(sprout, fake)
            let db = sprout.app.db
            await fake.state.add("imp_1", .init(merchantUID: "m1", amount: 90_000, status: "paid"))
            await #expect(throws: GatewayError.refused(FakePortOne.checksumMismatch), "PortOne's books say more is left than Sprout's") {
                try await gateway.refund(impUID: "imp_1", amount: 10_000, refundable: 80_000, reason: "x", on: db)
            }
            #expect(await fake.state.payments["imp_1"]?.cancelled == 0)
            try await gateway.refund(impUID: "imp_1", amount: 90_000, refundable: 90_000, reason: "x", on: db)
            await #expect(throws: GatewayError.refused(FakePortOne.alreadyCancelled), "cancelled whole already") {
                try await gateway.refund(impUID: "imp_1", amount: 90_000, refundable: 90_000, reason: "x", on: db)
            }
            await #expect(throws: GatewayError.refused(FakePortOne.noSuchPayment)) {
                try await gateway.refund(impUID: "imp_unknown", amount: 1, refundable: 1, reason: "x", on: db)
            }
            #expect(await fake.state.payments["imp_1"]?.cancelled == 90_000)
        }
    }

    @Test func anExpiredTokenIsFetchedAgainOnceForACancel() async throws {
        try await withPortOne { sprout, fake in
            let gateway = directGateway(sprout, fake)
            let db = sprout.app.db
            await fake.state.add("imp_1", .init(merchantUID: "m1", amount: 90_000, status: "paid"))
            try await gateway.refund(impUID: "imp_1", amount: 10_000, refundable: 90_000, reason: "1", on: db)
            await fake.state.revoke()
            try await gateway.refund(impUID: "imp_1", amount: 10_000, refundable: 80_000, reason: "2", on: db)
            #expect(await fake.state.tokensIssued == 2)
            #expect(await fake.state.cancels.map(\.token) == ["token-1", "token-1", "token-2"], "refused once, then sent again with a new token")
            #expect(await fake.state.payments["imp_1"]?.cancelled == 20_000, "each cancel counted once")

            await fake.state.refuseEveryToken()
            let error = await failure { try await gateway.refund(impUID: "imp_1", amount: 10_000, refundable: 70_000, reason: "3", on: db) }
            #expect(isUnavailable(error), "a new token refused too is the gateway unavailable: \(String(describing: error))")
            #expect(await fake.state.tokensIssued == 3, "one new token, not a loop")
            #expect(await fake.state.cancels.count == 5)
            #expect(await fake.state.payments["imp_1"]?.cancelled == 20_000)
        }
    }

    @Test func anUnreachableOrBrokenGatewayIsUnavailable() async throws {
        try await withPortOne { sprout, fake in
            // Nothing listens on port 1.
            let nowhere = directGateway(sprout, fake, baseURL: "http://127.0.0.1:1")
            let unreachable = await failure { try await nowhere.refund(impUID: "imp_1", amount: 1, refundable: 1, reason: "x", on: sprout.app.db) }
            #expect(isUnavailable(unreachable), "nothing listening: \(String(describing: unreachable))")

            await fake.state.add("imp_1", .init(merchantUID: "m1", amount: 10_000, status: "paid"))
            await fake.state.failCancels()
            let gateway = directGateway(sprout, fake)
            let broken = await failure { try await gateway.refund(impUID: "imp_1", amount: 10_000, refundable: 10_000, reason: "x", on: sprout.app.db) }
            #expect(isUnavailable(broken), "an HTML 500: \(String(describing: broken))")
            #expect(await fake.state.payments["imp_1"]?.cancelled == 0)
        }
    }
}
