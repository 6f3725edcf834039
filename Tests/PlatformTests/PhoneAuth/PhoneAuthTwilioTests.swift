import Foundation
import Platform
import PlatformCore
import SproutTestSupport
import Testing
import Vapor

/// A local stand-in for Twilio's Programmable Messaging API: `POST
/// /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP Basic auth (account SID, auth
/// token) and form fields `To`, `From` or `MessagingServiceSid`, `Body`; 201 with the message, or
/// Twilio's error JSON `{code, message, more_info, status}`.
final class FakeTwilio: Sendable {
    static let accountSID = "AC0123456789abcdef0123456789abcdef"
    static let authToken = "twilio-auth-token"

    struct Message: Sendable, Equatable {
        let to: String
        let from: String?
        let messagingService: String?
        let body: String
    }

    actor Outbox {
        var messages: [Message] = []
        func add(_ message: Message) { messages.append(message) }
    }

    let app: Application
    let outbox = Outbox()

    init() async throws {
        app = try await Application.make(.testing)
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        let outbox = outbox
        app.post("2010-04-01", "Accounts", ":sid", "Messages.json") { req async throws -> Response in
            guard let auth = req.headers.basicAuthorization, auth.username == Self.accountSID, auth.password == Self.authToken,
                  req.parameters.get("sid") == Self.accountSID
            else { return try Self.failure(.unauthorized, code: 20003, message: "Authenticate") }
            guard req.headers.contentType == .urlEncodedForm else { return try Self.failure(.badRequest, code: 21000, message: "form expected") }
            struct Form: Content { let To: String?; let From: String?; let MessagingServiceSid: String?; let Body: String? }
            let form = try req.content.decode(Form.self)
            guard let to = form.To, let body = form.Body, form.From != nil || form.MessagingServiceSid != nil else {
                return try Self.failure(.badRequest, code: 21604, message: "A 'To' phone number is required.")
            }
            guard to.hasPrefix("+"), to != "+15005550001" else {
                return try Self.failure(.badRequest, code: 21211, message: "The 'To' number \(to) is not a valid phone number.")
            }
            await outbox.add(Message(to: to, from: form.From, messagingService: form.MessagingServiceSid, body: body))
            let reply = Response(status: .created)
            try reply.content.encode(["sid": "SM0123", "status": "queued", "to": to, "body": body], as: .json)
            return reply
        }
        try await app.server.start()
    }

    static func failure(_ status: HTTPResponseStatus, code: Int, message: String) throws -> Response {
        struct Failure: Content { let code: Int; let message: String; let more_info: String; let status: Int }
        let reply = Response(status: status)
        try reply.content.encode(Failure(code: code, message: message, more_info: "https://www.twilio.com/docs/errors/\(code)", status: Int(status.code)), as: .json)
        return reply
    }

    var baseURL: String { "http://127.0.0.1:\(app.http.server.shared.localAddress?.port ?? 0)" }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

@Suite struct PhoneAuthTwilioTests {
    func withTwilio(token: String = FakeTwilio.authToken, from: String = "+15005550006", _ test: (TestSprout, FakeTwilio) async throws -> Void) async throws {
        let fake = try await FakeTwilio()
        let env = ["SPROUT_SMS": "twilio", "TWILIO_ACCOUNT_SID": FakeTwilio.accountSID, "TWILIO_AUTH_TOKEN": token, "TWILIO_FROM": from, "TWILIO_BASE_URL": fake.baseURL + "/",
                   "SPROUT_SMS_COUNTRIES": "82,1"]
        do {
            try await withPhoneSprout(environment: env) { sprout in try await test(sprout, fake) }
        } catch {
            try await fake.stop()
            throw error
        }
        try await fake.stop()
    }

    @Test func theCodeGoesOutAsATextAndSignsIn() async throws {
        try await withTwilio { sprout, fake in
            let sessionInfo = try await sprout.phone.sendCode(to: "+82 10-1234-5678", clientAddress: "x", on: sprout.app.db)
            let message = try #require(await fake.outbox.messages.first)
            #expect(message.to == "+821012345678", "the + survives form encoding")
            #expect(message.from == "+15005550006" && message.messagingService == nil)
            let code = try #require(message.body.firstMatch(of: /\d{6}/).map { String($0.output) })
            #expect(message.body.contains("인증번호"))
            let session = try await sprout.phone.signIn(sessionInfo: sessionInfo, code: code, on: sprout.app.db)
            #expect(session.identity.phoneNumber == "+821012345678")
        }
    }

    @Test func aMessagingServiceSendsInsteadOfANumber() async throws {
        try await withTwilio(from: "MG0123456789") { sprout, fake in
            _ = try await sprout.phone.sendCode(to: "+821012345678", clientAddress: "x", on: sprout.app.db)
            let message = try #require(await fake.outbox.messages.first)
            #expect(message.messagingService == "MG0123456789" && message.from == nil)
        }
    }

    @Test func twilioRefusalsAreSMSFailures() async throws {
        try await withTwilio(token: "wrong") { sprout, fake in
            await #expect {
                try await sprout.phone.sendCode(to: "+821012345678", clientAddress: "x", on: sprout.app.db)
            } throws: { error in
                guard case let .smsNotSent(reason) = error as? PhoneSignInError else { return false }
                return reason.contains("401") && reason.contains("20003")
            }
            #expect(await fake.outbox.messages.isEmpty)
        }
        try await withTwilio { sprout, _ in
            await #expect {
                try await sprout.phone.sendCode(to: "+15005550001", clientAddress: "x", on: sprout.app.db)
            } throws: { error in
                guard case let .smsNotSent(reason) = error as? PhoneSignInError else { return false }
                return reason.contains("21211")
            }
        }
    }

    @Test func missingTwilioSettingsNameTheVariable() throws {
        #expect(throws: ConfigError.invalid(name: "TWILIO_AUTH_TOKEN", value: "", expected: "a value when SPROUT_SMS=twilio")) {
            try PhoneSignInSettings(environment: EnvironmentReader(["SPROUT_SMS": "twilio", "TWILIO_ACCOUNT_SID": "AC1", "TWILIO_FROM": "+1"]))
        }
        #expect(throws: ConfigError.self) { try PhoneSignInSettings(environment: EnvironmentReader(["SPROUT_SMS": "carrier-pigeon"])) }
        #expect(throws: ConfigError.self) {
            try PhoneSignInSettings(environment: EnvironmentReader(["SPROUT_SMS": "twilio", "TWILIO_ACCOUNT_SID": "AC1", "TWILIO_AUTH_TOKEN": "t", "TWILIO_FROM": "+1", "TWILIO_BASE_URL": "ftp://x"]))
        }
        #expect(throws: ConfigError.self) { try PhoneSignInSettings(environment: EnvironmentReader(["SPROUT_FIREBASE_PROJECT": "a/b"])) }
        #expect(try PhoneSignInSettings(environment: EnvironmentReader([:])) == PhoneSignInSettings())
        #expect(throws: ConfigError.self) { try SproutConfig.fromEnvironment(["SPROUT_SMS_LIMIT_PHONE": "many"]) }
        #expect(try SproutConfig.fromEnvironment([:]).phoneCodeLimits == .standard)
        #expect(try SproutConfig.fromEnvironment(["SPROUT_SMS_LIMIT_PHONE": "0", "SPROUT_SMS_LIMIT_IP": "0", "SPROUT_SMS_LIMIT_HOUR": "0"]).phoneCodeLimits == .off)
    }
}
