import Foundation
import SproutAPI

/// Phone sign-in for SeSAC Study (spec §6) over the Firebase Auth REST surface: Sprout serves the
/// Firebase Auth emulator's paths on its own host (`/identitytoolkit.googleapis.com/v1/…`,
/// `/securetoken.googleapis.com/v1/token`), so the same client talks to Sprout, to the emulator,
/// or, with `firebase(apiKey:)`, to Firebase itself.
///
/// The flow: `sendVerificationCode(to:)` → the `sessionInfo` (the iOS SDK's verification id) →
/// `signIn(sessionInfo:code:)` → tokens for `StudySession`. `refresher` renews the ID token.
public struct PhoneAuthClient: Sendable {
    /// A completed phone sign-in (`accounts:signInWithPhoneNumber`).
    public struct SignedIn: Sendable, Equatable, Decodable {
        public var idToken: String
        public var refreshToken: String
        /// Seconds the ID token lives.
        public var expiresIn: Int
        /// The account's uid (Firebase's `localId`).
        public var localId: String
        public var isNewUser: Bool
        /// E.164: `+821012345678`.
        public var phoneNumber: String

        public init(idToken: String, refreshToken: String, expiresIn: Int, localId: String, isNewUser: Bool, phoneNumber: String) {
            self.idToken = idToken
            self.refreshToken = refreshToken
            self.expiresIn = expiresIn
            self.localId = localId
            self.isNewUser = isNewUser
            self.phoneNumber = phoneNumber
        }

        public var tokens: StudyTokens { StudyTokens(idToken: idToken, refreshToken: refreshToken, uid: localId) }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            idToken = try container.decode(String.self, forKey: .idToken)
            refreshToken = try container.decode(String.self, forKey: .refreshToken)
            expiresIn = try LenientSeconds.decode(container, .expiresIn)
            localId = try container.decode(String.self, forKey: .localId)
            isNewUser = try container.decodeIfPresent(Bool.self, forKey: .isNewUser) ?? false
            phoneNumber = try container.decodeIfPresent(String.self, forKey: .phoneNumber) ?? ""
        }

        enum CodingKeys: String, CodingKey { case idToken, refreshToken, expiresIn, localId, isNewUser, phoneNumber }
    }

    /// A renewed ID token (`securetoken …/v1/token`, snake_case keys).
    public struct Refreshed: Sendable, Equatable, Decodable {
        public var idToken: String
        public var refreshToken: String
        public var expiresIn: Int
        public var userID: String

        public init(idToken: String, refreshToken: String, expiresIn: Int, userID: String) {
            self.idToken = idToken
            self.refreshToken = refreshToken
            self.expiresIn = expiresIn
            self.userID = userID
        }

        public var tokens: StudyTokens { StudyTokens(idToken: idToken, refreshToken: refreshToken, uid: userID) }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            idToken = try container.decode(String.self, forKey: .idToken)
            refreshToken = try container.decode(String.self, forKey: .refreshToken)
            expiresIn = try LenientSeconds.decode(container, .expiresIn)
            userID = try container.decode(String.self, forKey: .userID)
        }

        enum CodingKeys: String, CodingKey {
            case idToken = "id_token", refreshToken = "refresh_token", expiresIn = "expires_in", userID = "user_id"
        }
    }

    let identityToolkit: APIClient
    let secureToken: APIClient
    let apiKey: String?

    /// - Parameters:
    ///   - identityToolkit: the root that `v1/accounts:…` hangs off.
    ///   - secureToken: the root that `v1/token` hangs off.
    ///   - apiKey: sent as `?key=` when set (Firebase requires it; Sprout and the emulator do not).
    public init(identityToolkit: URL, secureToken: URL, apiKey: String? = nil, transport: any Transport = URLSessionTransport()) {
        self.identityToolkit = APIClient(baseURL: identityToolkit, contract: .study, transport: transport)
        self.secureToken = APIClient(baseURL: secureToken, contract: .study, transport: transport)
        self.apiKey = apiKey
    }

    /// The emulator's layout on `baseURL`: Sprout's own host, or a Firebase Auth emulator.
    public init(emulatorHost baseURL: URL, apiKey: String? = nil, transport: any Transport = URLSessionTransport()) {
        self.init(
            identityToolkit: baseURL.appendingPathComponent(PhoneAuth.Host.identityToolkit.rawValue),
            secureToken: baseURL.appendingPathComponent(PhoneAuth.Host.secureToken.rawValue),
            apiKey: apiKey, transport: transport
        )
    }

    /// Firebase's production hosts.
    public static func firebase(apiKey: String, transport: any Transport = URLSessionTransport()) -> PhoneAuthClient {
        PhoneAuthClient(identityToolkit: google(.identityToolkit), secureToken: google(.secureToken), apiKey: apiKey, transport: transport)
    }

    private static func google(_ host: PhoneAuth.Host) -> URL {
        URL(string: "https://" + host.rawValue)!
    }

    /// `PhoneAuth.Routes.sendVerificationCode` with `{phoneNumber}` in E.164 (see
    /// `KoreanPhoneNumber.e164`); answers the `sessionInfo` to sign in with.
    public func sendVerificationCode(to phoneNumber: String) async throws -> String {
        let answer: SessionInfo = try await call(PhoneAuth.Routes.sendVerificationCode, body: try .json(["phoneNumber": phoneNumber]))
        return answer.sessionInfo
    }

    /// `PhoneAuth.Routes.signInWithPhoneNumber` with `{sessionInfo, code}`.
    public func signIn(sessionInfo: String, code: String) async throws -> SignedIn {
        try await call(PhoneAuth.Routes.signInWithPhoneNumber, body: try .json(["sessionInfo": sessionInfo, "code": code]))
    }

    /// `PhoneAuth.Routes.token` with `grant_type=refresh_token&refresh_token=…`.
    public func refresh(refreshToken: String) async throws -> Refreshed {
        try await call(PhoneAuth.Routes.token, body: .form([("grant_type", "refresh_token"), ("refresh_token", refreshToken)]))
    }

    /// Renews a `StudySession`'s tokens; a refused refresh token ends the session
    /// (`SproutError.sessionExpired`), anything else (offline, 5xx) keeps it.
    public var refresher: StudySession.Refresher {
        { tokens in
            do {
                return try await refresh(refreshToken: tokens.refreshToken).tokens
            } catch let error as PhoneAuthError {
                switch error {
                case .refreshTokenRejected: throw SproutError.sessionExpired
                case let .other(status, _) where (400..<500).contains(status): throw SproutError.sessionExpired
                default: throw error
                }
            }
        }
    }

    /// Calls `route` on the root of its Google host, at the path it has there.
    private func call<Body: UntypedBody, Answer: Decodable & Sendable>(_ route: APIRoute<Void, Body, UntypedJSON>, body: RequestBody) async throws -> Answer {
        guard let (host, path) = PhoneAuth.Routes.onHost(route) else { throw SproutError.transport("\(route.template) is the emulator's own") }
        let client = host == .identityToolkit ? identityToolkit : secureToken
        let endpoint = Endpoint<Answer>(method: route.method, path: path, query: apiKey.map { [("key", $0)] } ?? [], body: body)
        let response = try await client.transmit(endpoint, accessToken: nil)
        guard (200..<300).contains(response.status) else { throw PhoneAuthError(status: response.status, body: response.body) }
        do {
            return try endpoint.decode(response.body)
        } catch {
            throw SproutError.decoding(String(describing: error))
        }
    }

    private struct SessionInfo: Decodable, Sendable { let sessionInfo: String }
}

/// Firebase writes seconds as a JSON string (`"3600"`); an emulator might write a number.
enum LenientSeconds {
    static func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Int {
        if let number = try? container.decode(Int.self, forKey: key) { return number }
        if let text = try container.decodeIfPresent(String.self, forKey: key) {
            guard let number = Int(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a number of seconds: \(text)")
            }
            return number
        }
        return 0
    }
}
