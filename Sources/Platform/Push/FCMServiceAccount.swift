import Foundation
import JWT

/// A Google service account key, the JSON file the Firebase console's "Generate new private key"
/// downloads: `type: service_account`, `project_id`, `private_key_id`, `private_key` (an RSA key
/// in PKCS #8 PEM), `client_email`, `token_uri`, and fields Sprout has no use for.
public struct FCMServiceAccount: Sendable, Equatable, CustomStringConvertible {
    public var projectID: String
    public var clientEmail: String
    /// Sent as the assertion's `kid`, so Google picks the right key when an account has several.
    public var privateKeyID: String?
    /// Where the signed assertion is exchanged for an access token; also the assertion's `aud`.
    /// A test writes its fake's address here.
    public var tokenURI: String
    let privateKey: Insecure.RSA.PrivateKey

    public static let defaultTokenURI = "https://oauth2.googleapis.com/token"

    /// Why a key file was refused; the message never quotes the key.
    public struct Invalid: Error, Equatable {
        public let problem: String
    }

    private struct File: Decodable {
        let type: String?
        let project_id: String?
        let private_key_id: String?
        let private_key: String?
        let client_email: String?
        let token_uri: String?
    }

    public init(json: Data) throws(Invalid) {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: json)
        } catch {
            throw Invalid(problem: "not a JSON object with string fields")
        }
        guard file.type == nil || file.type == "service_account" else { throw Invalid(problem: "type is not service_account") }
        guard let projectID = file.project_id, !projectID.isEmpty else { throw Invalid(problem: "no project_id") }
        guard let clientEmail = file.client_email, !clientEmail.isEmpty else { throw Invalid(problem: "no client_email") }
        guard let pem = file.private_key, let key = try? Insecure.RSA.PrivateKey(pem: pem) else {
            throw Invalid(problem: "private_key is not an RSA private key in PEM")
        }
        let tokenURI = file.token_uri ?? Self.defaultTokenURI
        guard tokenURI.hasPrefix("https://") || tokenURI.hasPrefix("http://") else { throw Invalid(problem: "token_uri is not an http(s) URL") }
        self.projectID = projectID
        self.clientEmail = clientEmail
        self.privateKeyID = file.private_key_id
        self.tokenURI = tokenURI
        self.privateKey = key
    }

    /// Names the account without its key, should settings ever be logged.
    public var description: String { "service account \(clientEmail) (project \(projectID))" }
}
