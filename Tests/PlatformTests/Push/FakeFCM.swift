import CryptoExtras
import Foundation
import JWTKit
import Platform
import PlatformCore
import Testing
import Vapor

/// The key the fake trusts, made once per test run (the suite needs no key file on disk).
let fcmTestKey = Result { try _RSA.Signing.PrivateKey(keySize: .bits2048) }

/// A local stand-in for Google's two endpoints: the OAuth token endpoint (`POST /token`, the
/// JWT-bearer grant, checking the assertion's RS256 signature with the public half of
/// `fcmTestKey` and its claims against the injected clock) and FCM HTTP v1's
/// `POST /v1/projects/{project}/messages:send` (checking the bearer token it issued, recording
/// each message, answering scripted errors in Google's JSON shape).
final class FakeFCM: Sendable {
    static let projectID = "sprout-push-test"
    static let clientEmail = "firebase-adminsdk@sprout-push-test.iam.gserviceaccount.com"
    static let keyID = "test-key-1"

    struct Sent: Decodable, Equatable, Sendable {
        struct Message: Decodable, Equatable, Sendable {
            let token: String
            let notification: [String: String]
            let data: [String: String]?
            let apns: APNs?
        }

        struct APNs: Decodable, Equatable, Sendable {
            struct Payload: Decodable, Equatable, Sendable { let aps: [String: String] }
            let payload: Payload
        }

        let message: Message
    }

    struct Reply: Sendable {
        let status: HTTPResponseStatus
        let body: String
        var headers: [(String, String)] = []

        static func fcmError(_ status: HTTPResponseStatus, _ code: String, message: String = "error") -> Reply {
            Reply(status: status, body: """
            {"error":{"code":\(status.code),"message":"\(message)","status":"\(code)","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"\(code)"}]}}
            """)
        }
    }

    actor State {
        var tokenFetches = 0
        var sendAttempts = 0
        var sent: [Sent] = []
        var validTokens: Set<String> = []
        var scripted: [Reply] = []
        var tokenDelay: Duration = .zero

        func issue() -> String {
            tokenFetches += 1
            let token = "ya29.fake-\(tokenFetches)"
            validTokens.insert(token)
            return token
        }

        func revokeAll() { validTokens = [] }
        func script(_ replies: [Reply]) { scripted += replies }
        func slowTokens(_ delay: Duration) { tokenDelay = delay }
        func attempt() { sendAttempts += 1 }
        func record(_ message: Sent) { sent.append(message) }
        func nextScripted() -> Reply? { scripted.isEmpty ? nil : scripted.removeFirst() }
    }

    struct Claims: JWTPayload {
        let iss: String
        let scope: String
        let aud: String
        let iat: Int
        let exp: Int
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    let app: Application
    let state = State()

    init(clock: ManualClock) async throws {
        app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        let state = state
        let keys = await JWTKeyCollection().add(rsa: try Insecure.RSA.PublicKey(backing: fcmTestKey.get().publicKey), digestAlgorithm: .sha256)
        app.post("token") { req async throws -> Response in
            struct Grant: Content { let grant_type: String?; let assertion: String? }
            let grant = try req.content.decode(Grant.self)
            guard grant.grant_type == "urn:ietf:params:oauth:grant-type:jwt-bearer", let assertion = grant.assertion else {
                return try Self.json(.badRequest, ["error": "unsupported_grant_type", "error_description": "Invalid grant_type"])
            }
            guard let claims = try? await keys.verify(assertion, as: Claims.self) else {
                return try Self.json(.badRequest, ["error": "invalid_grant", "error_description": "Invalid JWT Signature."])
            }
            let now = Int(clock.now.timeIntervalSince1970)
            guard claims.iss == Self.clientEmail, claims.scope == "https://www.googleapis.com/auth/firebase.messaging",
                  claims.aud == Self.baseURL(req.application) + "/token", claims.iat == now, claims.exp == now + 3600
            else {
                return try Self.json(.badRequest, ["error": "invalid_grant", "error_description": "Invalid JWT claims."])
            }
            try await Task.sleep(for: await state.tokenDelay)
            let token = await state.issue()
            struct Issued: Encodable { let access_token: String; let expires_in: Int; let token_type: String }
            return try Self.json(.ok, Issued(access_token: token, expires_in: 3599, token_type: "Bearer"))
        }
        app.post("v1", "projects", ":project", "messages:send") { req async throws -> Response in
            await state.attempt()
            guard let bearer = req.headers.bearerAuthorization?.token, await state.validTokens.contains(bearer) else {
                return Self.reply(Reply(status: .unauthorized, body: #"{"error":{"code":401,"message":"Request had invalid authentication credentials.","status":"UNAUTHENTICATED"}}"#))
            }
            guard req.parameters.get("project") == Self.projectID else {
                return Self.reply(Reply(status: .notFound, body: #"{"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND"}}"#))
            }
            if let scripted = await state.nextScripted() { return Self.reply(scripted) }
            await state.record(try JSONDecoder().decode(Sent.self, from: Data(buffer: req.body.data ?? ByteBuffer())))
            return try Self.json(.ok, ["name": "projects/\(Self.projectID)/messages/0:1500415314455276%31bd1c9631bd1c96"])
        }
        try await app.server.start()
    }

    static func baseURL(_ app: Application) -> String { "http://127.0.0.1:\(app.http.server.shared.localAddress?.port ?? 0)" }
    var baseURL: String { Self.baseURL(app) }

    /// A service account key file as the Firebase console downloads it, pointing at this fake.
    func serviceAccountJSON(key: String? = nil) throws -> String {
        let pem = try key ?? fcmTestKey.get().pkcs8PEMRepresentation
        let fields = [
            "type": "service_account", "project_id": Self.projectID, "private_key_id": Self.keyID, "private_key": pem,
            "client_email": Self.clientEmail, "client_id": "1234567890", "token_uri": baseURL + "/token",
        ]
        return String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
    }

    func sender(clock: ManualClock, key: String? = nil) throws -> FCMPushSender {
        let account = try FCMServiceAccount(json: Data(serviceAccountJSON(key: key).utf8))
        let client = app.client
        return FCMPushSender(credentials: .init(serviceAccount: account, baseURL: baseURL), client: { client }, clock: clock.clock)
    }

    static func json(_ status: HTTPResponseStatus, _ body: some Encodable) throws -> Response {
        let data = try JSONEncoder().encode(body)
        return reply(Reply(status: status, body: String(decoding: data, as: UTF8.self)))
    }

    static func reply(_ reply: Reply) -> Response {
        var headers = HTTPHeaders([("Content-Type", "application/json; charset=UTF-8")])
        for (name, value) in reply.headers { headers.add(name: name, value: value) }
        return Response(status: reply.status, headers: headers, body: .init(string: reply.body))
    }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

/// Runs `test` with a fake FCM and a sender pointed at it, stopping the fake whatever happens.
func withFakeFCM(_ test: (FakeFCM, FCMPushSender, ManualClock) async throws -> Void) async throws {
    let clock = ManualClock()
    let fake = try await FakeFCM(clock: clock)
    do {
        try await test(fake, try fake.sender(clock: clock), clock)
    } catch {
        try await fake.stop()
        throw error
    }
    try await fake.stop()
}
