import Foundation
import Vapor

/// Twilio Programmable Messaging: `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`,
/// form fields `To`, `Body` and either `From` (a Twilio number) or `MessagingServiceSid`
/// (`MG…`), HTTP Basic auth with the account SID and auth token. Twilio answers 201 with the
/// message (`sid`, `status`) or an error `{code, message, more_info, status}`.
public struct TwilioSMSSender: SMSSender {
    public struct Credentials: Sendable, Equatable {
        public var accountSID: String
        public var authToken: String
        /// A sending number in E.164, or a Messaging Service SID (`MG…`).
        public var from: String
        /// `https://api.twilio.com`; tests point it at a local fake.
        public var baseURL: String

        public init(accountSID: String, authToken: String, from: String, baseURL: String = "https://api.twilio.com") {
            self.accountSID = accountSID
            self.authToken = authToken
            self.from = from
            self.baseURL = baseURL
        }
    }

    let credentials: Credentials
    let client: @Sendable () -> any Client
    /// What the text says around the code.
    let message: @Sendable (String) -> String

    public init(credentials: Credentials, client: @escaping @Sendable () -> any Client, message: @escaping @Sendable (String) -> String = TwilioSMSSender.defaultMessage) {
        self.credentials = credentials
        self.client = client
        self.message = message
    }

    /// Korean first, as the SeSAC Study apps were; the code leads so phones can offer to fill it.
    public static let defaultMessage: @Sendable (String) -> String = { code in "[Sprout] 인증번호 \(code) — verification code" }

    struct Failure: Decodable {
        let code: Int?
        let message: String?
    }

    public func send(code: String, to phoneNumber: String) async throws {
        let sid = credentials.accountSID.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
        let uri = URI(string: "\(credentials.baseURL)/2010-04-01/Accounts/\(sid)/Messages.json")
        let sender = credentials.from.hasPrefix("MG") ? "MessagingServiceSid" : "From"
        let form = [("To", phoneNumber), (sender, credentials.from), ("Body", message(code))]
        let response: ClientResponse
        do {
            response = try await client().post(uri) { request in
                request.headers.basicAuthorization = BasicAuthorization(username: credentials.accountSID, password: credentials.authToken)
                request.headers.contentType = .urlEncodedForm
                request.body = ByteBuffer(string: Self.formEncoded(form))
            }
        } catch {
            throw PhoneSignInError.smsNotSent("Twilio could not be reached: \(error)")
        }
        guard (200..<300).contains(response.status.code) else {
            let failure = response.body.flatMap { try? JSONDecoder().decode(Failure.self, from: $0) }
            throw PhoneSignInError.smsNotSent("Twilio answered \(response.status.code) (code \(failure?.code.map(String.init) ?? "-"): \(failure?.message ?? "no message"))")
        }
    }

    /// `application/x-www-form-urlencoded`, with `+` in `To` written as `%2B` (a literal `+`
    /// would reach Twilio as a space).
    /// RFC 3986's unreserved characters, ASCII only (`CharacterSet.alphanumerics` would let
    /// Hangul through unencoded).
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func formEncoded(_ fields: [(String, String)]) -> String {
        fields.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")"
        }.joined(separator: "&")
    }
}
