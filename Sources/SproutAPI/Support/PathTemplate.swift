import Foundation

/// A path whose `{name}` segments typed values fill: where an API operation (`APIRoute`) or a web
/// page (Platform's `PagePath`) is found. Written once, it gives the server its route and every
/// caller its link, so the two cannot drift apart.
///
/// `Parameters` fills the `{…}` segments in order: `Void` for none, one value that prints as text
/// (`String`, `Int`), or a pair of them.
public struct PathTemplate<Parameters>: Sendable {
    public let segments: [APIPathSegment]
    /// How many values `Parameters` holds.
    public let arity: Int
    private let values: @Sendable (Parameters) -> [String]
    /// The inverse of `values`: given exactly `arity` texts, the parameters they spell, or nil.
    private let parse: @Sendable ([String]) -> Parameters?

    /// `template` is the path without a leading slash, a parameter written `{name}`:
    /// `api/conversations/{conversation}/messages`. A last `{name...}` takes the rest of the path.
    init(_ template: String, arity: Int, values: @escaping @Sendable (Parameters) -> [String],
         parse: @escaping @Sendable ([String]) -> Parameters?) {
        segments = template.split(separator: "/").map { piece in
            guard piece.hasPrefix("{"), piece.hasSuffix("}") else { return .constant(String(piece)) }
            let name = piece.dropFirst().dropLast()
            return name.hasSuffix("...") ? .remainder(String(name.dropLast(3))) : .parameter(String(name))
        }
        self.arity = arity
        self.values = values
        self.parse = parse
    }

    /// The parameters a request's `{…}` segments hold, given as texts in the template's order:
    /// nil when there are not `arity` of them or one does not read as its type (`"abc"` or a
    /// number too large for an `Int`). The server reads a handler's values through this, so a
    /// handler cannot ask for a segment by a name its path does not have.
    public func parameters(fromValues texts: [String]) -> Parameters? {
        texts.count == arity ? parse(texts) : nil
    }

    /// The path for `parameters`, without a leading slash, the values as given (a client's URL
    /// layer encodes them).
    public func path(_ parameters: Parameters) -> String {
        filled(values(parameters), encoded: false)
    }

    /// The path for `parameters` with a leading slash and each value percent-encoded, as a link
    /// in a page is written.
    public func encodedPath(_ parameters: Parameters) -> String {
        "/" + filled(values(parameters), encoded: true)
    }

    /// The path as OpenAPI writes it: `/api/conversations/{conversation}/messages`.
    public var template: String {
        "/" + segments.map { segment in
            switch segment {
            case .constant(let text): text
            case .parameter(let name), .remainder(let name): "{\(name)}"
            }
        }.joined(separator: "/")
    }

    /// Whether the path has as many `{…}` segments as `Parameters` has values, and only its last
    /// segment takes the rest of a path.
    public var isWellFormed: Bool {
        let filled = segments.count { if case .constant = $0 { false } else { true } }
        let remainders = segments.dropLast().count { if case .remainder = $0 { true } else { false } }
        return !segments.isEmpty && filled == arity && remainders == 0
    }

    private func filled(_ values: [String], encoded: Bool) -> String {
        var remaining = values[...]
        return segments.map { segment in
            let value = remaining.first ?? ""
            switch segment {
            case .constant(let text): return text
            case .parameter:
                remaining = remaining.dropFirst()
                return encoded ? value.addingPercentEncoding(withAllowedCharacters: .pathSegmentAllowed) ?? "" : value
            case .remainder:
                remaining = remaining.dropFirst()
                return encoded ? value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "" : value
            }
        }.joined(separator: "/")
    }
}

extension PathTemplate where Parameters == Void {
    public init(_ template: String) {
        self.init(template, arity: 0, values: { _ in [] }, parse: { _ in .some(()) })
    }
}

// `Sendable`: the closure that fills a template is kept, so the parameters' types must be safe to
// carry with it.
extension PathTemplate where Parameters: LosslessStringConvertible & Sendable {
    public init(_ template: String) {
        self.init(template, arity: 1, values: { [String($0)] }, parse: { texts in texts.first.flatMap { Parameters($0) } })
    }
}

extension PathTemplate {
    public init<First: LosslessStringConvertible & Sendable, Second: LosslessStringConvertible & Sendable>(_ template: String)
        where Parameters == (First, Second) {
        self.init(template, arity: 2, values: { [String($0.0), String($0.1)] }, parse: { texts in
            guard texts.count == 2, let first = First(texts[0]), let second = Second(texts[1]) else { return nil }
            return (first, second)
        })
    }
}

/// A piece of a path: fixed text, a `{name}` a parameter fills, or a last `{name...}` that takes
/// the rest of the path.
public enum APIPathSegment: Sendable, Hashable {
    case constant(String)
    case parameter(String)
    case remainder(String)
}

extension CharacterSet {
    /// What a path segment holds unencoded: the path's characters but `/`.
    static let pathSegmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
}
