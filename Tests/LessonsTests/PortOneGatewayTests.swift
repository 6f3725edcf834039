import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// A local stand-in for PortOne's REST API v1 (`https://api.iamport.kr`), speaking its documented
/// shapes: `POST /users/getToken` and `GET /payments/{imp_uid}`, every answer `{code, message, response}`.
final class FakePortOne: Sendable {
    struct Payment: Sendable {
        let merchantUID: String
        let amount: Int
        let status: String
    }

    static let apiKey = "test_imp_key"
    static let apiSecret = "test_imp_secret"

    let app: Application
    let state = State()

    actor State {
        var payments: [String: Payment] = [:]
        var tokensIssued = 0
        var lookups = 0
        /// Set to make the next lookup find its token revoked, as a real expiry would.
        var revokeTokens = false
        func add(_ impUID: String, _ payment: Payment) { payments[impUID] = payment }
        func issue() -> String {
            tokensIssued += 1
            revokeTokens = false
            return "token-\(tokensIssued)"
        }
        func lookUp(_ impUID: String, token: String?) -> (Bool, Payment?) {
            lookups += 1
            return (!revokeTokens && token == "token-\(tokensIssued)", payments[impUID])
        }
        func revoke() { revokeTokens = true }
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
}
