import Fluent
import Foundation
import Platform
import PlatformCore
import Vapor

/// PortOne (iamport) REST API v1: `POST /users/getToken` with the REST API key and secret, then
/// `GET /payments/{imp_uid}` and `POST /payments/cancel` with the token in `Authorization`. Every answer is
/// `{code, message, response}`; `code` 0 is success. Tokens last 30 minutes and are reused until
/// a minute before `expired_at`.
struct PortOneGateway: PaymentGateway {
    struct Credentials: Sendable, Equatable {
        var apiKey: String
        var apiSecret: String
        var baseURL: String
    }

    let credentials: Credentials
    let client: any Client
    let clock: WallClock
    let tokens = TokenCache()

    actor TokenCache {
        var current: (token: String, expiresAt: Date)?

        func valid(at now: Date) -> String? {
            guard let current, current.expiresAt.timeIntervalSince(now) > 60 else { return nil }
            return current.token
        }

        func store(_ token: String, expiresAt: Date) { current = (token, expiresAt) }
        func forget() { current = nil }
    }

    struct Envelope<Body: Decodable>: Decodable {
        let code: Int
        let message: String?
        let response: Body?
    }

    struct TokenBody: Decodable {
        let access_token: String
        let expired_at: Int
    }

    struct PaymentBody: Decodable {
        let imp_uid: String
        let merchant_uid: String
        let amount: Double
        let status: String
        let name: String?
        let paid_at: Int?
    }

    func payment(impUID: String, on db: any Database) async throws -> GatewayPayment? {
        var token = try await accessToken()
        var response = try await lookUp(impUID, token: token)
        if response.status == .unauthorized {
            await tokens.forget()
            token = try await accessToken()
            response = try await lookUp(impUID, token: token)
        }
        if response.status == .notFound { return nil }
        guard response.status == .ok, let envelope = try? response.content.decode(Envelope<PaymentBody>.self, using: JSONDecoder()) else {
            throw GatewayError.unavailable("PortOne answered \(response.status.code) to the payment lookup")
        }
        guard envelope.code == 0, let body = envelope.response else { return nil }
        // An amount no Int can hold is an answer this gateway cannot mean; it must not trap.
        guard let amount = Int(exactly: body.amount.rounded()) else {
            throw GatewayError.unavailable("PortOne answered an amount out of range")
        }
        return GatewayPayment(
            impUID: body.imp_uid, merchantUID: body.merchant_uid, amount: amount,
            status: GatewayPayment.Status(rawValue: body.status) ?? .failed, name: body.name ?? "",
            paidAt: body.paid_at.flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil }
        )
    }

    /// `POST /payments/cancel` with `imp_uid`, `amount` (a partial cancel when less than what is
    /// left), `checksum` (what is left before it, which PortOne checks against its books) and
    /// `reason`. A `code` other than 0 is PortOne refusing (already cancelled, a wrong checksum).
    func refund(impUID: String, amount: Int, refundable: Int, reason: String, on db: any Database) async throws {
        struct Cancel: Content {
            let imp_uid: String
            let amount: Int
            let checksum: Int
            let reason: String
        }
        let body = Cancel(imp_uid: impUID, amount: amount, checksum: refundable, reason: reason)
        var response = try await cancel(body, token: try await accessToken())
        if response.status == .unauthorized {
            await tokens.forget()
            response = try await cancel(body, token: try await accessToken())
        }
        guard response.status == .ok, let envelope = try? response.content.decode(Envelope<PaymentBody>.self, using: JSONDecoder()) else {
            throw GatewayError.unavailable("PortOne answered \(response.status.code) to the cancel")
        }
        guard envelope.code == 0 else { throw GatewayError.refused(envelope.message ?? "PortOne refused the cancel") }
    }

    private func cancel(_ body: some Content, token: String) async throws -> ClientResponse {
        try await reaching { try await client.post(URI(string: "\(credentials.baseURL)/payments/cancel")) { request in
            request.headers.replaceOrAdd(name: .authorization, value: token)
            try request.content.encode(body, as: .json)
        } }
    }

    private func lookUp(_ impUID: String, token: String) async throws -> ClientResponse {
        let escaped = impUID.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "_-"))) ?? ""
        return try await reaching { try await client.get(URI(string: "\(credentials.baseURL)/payments/\(escaped)")) { request in
            request.headers.replaceOrAdd(name: .authorization, value: token)
        } }
    }

    private func accessToken() async throws -> String {
        if let token = await tokens.valid(at: clock.now()) { return token }
        let response = try await reaching { try await client.post(URI(string: "\(credentials.baseURL)/users/getToken")) { request in
            try request.content.encode(["imp_key": credentials.apiKey, "imp_secret": credentials.apiSecret], as: .json)
        } }
        guard response.status == .ok, let envelope = try? response.content.decode(Envelope<TokenBody>.self, using: JSONDecoder()),
              envelope.code == 0, let body = envelope.response
        else { throw GatewayError.unavailable("PortOne refused the API key (HTTP \(response.status.code))") }
        await tokens.store(body.access_token, expiresAt: Date(timeIntervalSince1970: TimeInterval(body.expired_at)))
        return body.access_token
    }

    /// A call PortOne's host never answered (refused, reset, timed out) is the gateway unavailable:
    /// the payment desk then says so instead of failing with the client's own error.
    private func reaching(_ call: () async throws -> ClientResponse) async throws -> ClientResponse {
        do {
            return try await call()
        } catch {
            throw GatewayError.unavailable("PortOne could not be reached: \(type(of: error))")
        }
    }
}
