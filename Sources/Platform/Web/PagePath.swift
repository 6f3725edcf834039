import PlatformCore
import SproutAPI
import Vapor

/// A web page's path, defined once in its module's `…Paths` (`MarketPaths.product`): the server
/// registers the page's handlers at it and every link to the page is built from it, so a link
/// cannot drift from its route and its values and query are always encoded.
public typealias PagePath<Parameters> = PathTemplate<Parameters>

extension PathTemplate {
    /// The link for `parameters`: the path, then `query` (a pair without a value is left out) and
    /// `fragment`, each value percent-encoded.
    public func link(_ parameters: Parameters, query: [(String, String?)] = [], fragment: String? = nil) -> String {
        encodedPath(parameters) + PageQuery.encoded(query) + (fragment.map { "#" + PageQuery.escaped($0) } ?? "")
    }
}

extension PathTemplate where Parameters == Void {
    public var link: String { link(()) }

    public func link(query: [(String, String?)], fragment: String? = nil) -> String {
        link((), query: query, fragment: fragment)
    }

    public func link(query: some Encodable, fragment: String? = nil) -> String {
        link((), query: query, fragment: fragment)
    }
}

extension PathTemplate {
    /// The link with `query`, the struct of fields the page's handler reads (`queryFields`), so
    /// the link and the handler name each field once, in the struct.
    public func link(_ parameters: Parameters, query: some Encodable, fragment: String? = nil) -> String {
        encodedPath(parameters) + PageQuery.encoded(fields: query) + (fragment.map { "#" + PageQuery.escaped($0) } ?? "")
    }
}

/// A link's query string, encoded as a browser encodes a form's fields.
public enum PageQuery {
    /// `?a=1&b=x%20y`, or nothing when no pair has a value.
    public static func encoded(_ pairs: [(String, String?)]) -> String {
        let fields = pairs.compactMap { name, value in value.map { escaped(name) + "=" + escaped($0) } }
        return fields.isEmpty ? "" : "?" + fields.joined(separator: "&")
    }

    /// `link` with `fields` added to its query, before its `#fragment`: for a link that may already
    /// carry a query of its own (a `next` path).
    public static func adding(_ fields: some Encodable, to link: String) -> String {
        let (base, fragment) = link.firstIndex(of: "#").map { (String(link[..<$0]), String(link[$0...])) } ?? (link, "")
        let query = encoded(fields: fields)
        return base + (base.contains("?") ? "&" + query.dropFirst() : query) + fragment
    }

    /// `?a=1&b=x%20y` from a struct of query fields (see `QueryFieldsEncoder`).
    public static func encoded(fields: some Encodable) -> String {
        do {
            return encoded(try QueryFieldsEncoder().pairs(fields).map { ($0, $1) })
        } catch {
            // Only a struct that is not flat fails, whatever its values: a mistake every test of the page meets.
            assertionFailure("\(type(of: fields)) is not a flat struct of query fields: \(error)")
            return ""
        }
    }

    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// The unreserved characters and `/`, which a query may hold as it is: a `next` path stays
    /// readable (`/login?next=/market/sell`), as the links were before.
    private static let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
}

extension RoutesBuilder {
    /// Registers a page's `GET` handler at its defined path.
    @discardableResult
    public func get<Parameters, Response: AsyncResponseEncodable>(
        _ page: PagePath<Parameters>, use handler: @escaping @Sendable (Request) async throws -> Response
    ) -> Route {
        on(.GET, page.components, use: handler)
    }

    /// Registers a form's `POST` handler at its defined path.
    @discardableResult
    public func post<Parameters, Response: AsyncResponseEncodable>(
        _ page: PagePath<Parameters>, use handler: @escaping @Sendable (Request) async throws -> Response
    ) -> Route {
        on(.POST, page.components, use: handler)
    }

    /// Registers the `POST` of a form that carries files, its body collected up to `limit`
    /// (which the CSRF check, reading the form first, is told too).
    @discardableResult
    public func post<Parameters, Response: AsyncResponseEncodable>(
        _ page: PagePath<Parameters>, upTo limit: ByteCount, use handler: @escaping @Sendable (Request) async throws -> Response
    ) -> Route {
        on(.POST, page.components, body: .collect(maxSize: limit), use: handler).acceptingBodies(upTo: limit)
    }
}
