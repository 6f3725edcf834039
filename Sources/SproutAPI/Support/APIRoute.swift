import Foundation

/// One operation of a contract, defined once: its method, its path with typed parameters, the
/// query it reads, its JSON body, its answer and the credential it needs. The server registers
/// its handler against this value and documents it from it (`DocumentedRoutes.on(_:)`), and
/// SproutKit builds its call from it (`Endpoint(_:_:)`), so neither writes the path again.
///
/// `Parameters` is what fills the path's `{…}` segments (see `PathTemplate`); `Body` is the JSON
/// request body (`NoBody` for none, `FormFields` or `MultipartParts` for the others); `Answer` is the
/// successful answer (`NotJSON` for a file, a stream or a status alone).
public struct APIRoute<Parameters, Body, Answer>: Sendable {
    public let method: APIMethod
    public let pathTemplate: PathTemplate<Parameters>
    /// The query parameters the operation reads, by name.
    public let query: [String]
    public let credential: APICredential

    /// The public initialisers below take the template as text: `api/conversations/{conversation}/messages`.
    init(_ method: APIMethod, _ template: PathTemplate<Parameters>, query: [String], credential: APICredential) {
        self.method = method
        pathTemplate = template
        self.query = query
        self.credential = credential
    }

    /// The path for `parameters`, without a leading slash.
    public func path(_ parameters: Parameters) -> String { pathTemplate.path(parameters) }

    /// The path as OpenAPI writes it: `/api/conversations/{conversation}/messages`.
    public var template: String { pathTemplate.template }
}

extension APIRoute where Parameters == Void {
    public init(_ method: APIMethod, _ template: String, query: [String] = [], credential: APICredential) {
        self.init(method, PathTemplate(template), query: query, credential: credential)
    }

    public var path: String { path(()) }
}

extension APIRoute where Parameters: LosslessStringConvertible & Sendable {
    public init(_ method: APIMethod, _ template: String, query: [String] = [], credential: APICredential) {
        self.init(method, PathTemplate(template), query: query, credential: credential)
    }
}

extension APIRoute {
    public init<First: LosslessStringConvertible & Sendable, Second: LosslessStringConvertible & Sendable>(
        _ method: APIMethod, _ template: String, query: [String] = [], credential: APICredential
    ) where Parameters == (First, Second) {
        self.init(method, PathTemplate(template), query: query, credential: credential)
    }
}

/// The HTTP methods the contracts use.
public enum APIMethod: String, Sendable, CaseIterable {
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
}

/// What proves who is calling.
public enum APICredential: String, Sendable {
    case none
    /// `Authorization: Bearer` with an access token from `/api/auth` (a refreshable session).
    case bearer
    /// LSLP's `SesacKey` API key alone (joining, signing in).
    case lslpKey
    /// LSLP's `SesacKey` with the bare access token in `Authorization` (a refreshable session).
    case lslpSession
    /// Study's `idtoken` header: the raw ID token from phone sign-in.
    case studyIDToken
    /// The market's `identifier` header naming a vendor (its secret travels in the body).
    case vendorIdentifier
    /// `Authorization: Bearer` with the operator's `SPROUT_METRICS_TOKEN`: a scraper, not a person.
    case operatorToken

    /// Whether the call carries the signed-in session's token, which a client refreshes on expiry.
    public var carriesSession: Bool {
        switch self {
        case .bearer, .lslpSession, .studyIDToken: true
        case .none, .lslpKey, .vendorIdentifier, .operatorToken: false
        }
    }
}

/// The body of an operation that takes none.
public struct NoBody: Codable, Sendable, Equatable {
    public init() {}
}

/// A body or answer that is not JSON (Server-Sent Events, a file, Engine.IO's text packets, a
/// status alone).
public struct NotJSON: UntypedBody {}

/// A JSON body or answer whose type SproutAPI does not hold, because each side keeps its own:
/// the health report is the server's alone; Google's bodies the phone sign-in emulator writes
/// (seconds as strings) and SproutKit reads leniently (strings or numbers).
public struct UntypedJSON: UntypedBody {}

/// A body of form fields (`application/x-www-form-urlencoded`), which the document lists.
public struct FormFields: UntypedBody {}

/// A multipart body (files, or JSON beside files), which the document lists.
public struct MultipartParts: UntypedBody {}

/// A body that is one file's bytes, of the content type the document lists (a CSV export).
public struct FileBytes: UntypedBody {}

/// A body whose shape the route names but SproutAPI does not type (form fields, multipart parts,
/// JSON it does not hold, bytes): a client assembles it itself. Every other body is a Codable
/// type, which a client hands over as it is and which is sent as JSON.
public protocol UntypedBody: Sendable {}

/// Any operation, whatever its types: what a catalogue of a contract's operations lists.
public struct AnyAPIRoute: Sendable, Hashable {
    public let method: String
    public let template: String
    public let query: [String]
    public let credential: APICredential
    /// Whether the path has as many `{…}` segments as its parameters have values.
    public let isWellFormed: Bool

    public init<Parameters, Body, Answer>(_ route: APIRoute<Parameters, Body, Answer>) {
        method = route.method.rawValue
        template = route.template
        query = route.query
        credential = route.credential
        isWellFormed = route.pathTemplate.isWellFormed
    }
}
