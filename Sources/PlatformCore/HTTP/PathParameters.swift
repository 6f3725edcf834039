import SproutAPI
import Vapor

extension PathTemplate {
    /// The route Vapor matches: each `{name}` a parameter the handler reads through this path
    /// (`parameters(in:)`), a last `{name...}` Vapor's catch-all.
    public var components: [PathComponent] {
        segments.map { segment in
            switch segment {
            case .constant(let text): .constant(text)
            case .parameter(let name): .parameter(name)
            case .remainder: .catchall
            }
        }
    }

    /// The typed values of the request's `{…}` segments, read under the names this path gives
    /// them, so a handler asks its route's definition rather than naming a segment itself: rename
    /// `{id}` and the handler still reads it. A last `{name...}` is the rest of the path, its
    /// segments joined by `/`. Nil when one is missing or does not read as its type (`"abc"`, or
    /// a number too large for an `Int`); the handler answers that as it answers no such thing.
    public func parameters(in request: Request) -> Parameters? {
        var texts: [String] = []
        for segment in segments {
            switch segment {
            case .constant:
                continue
            case .parameter(let name):
                guard let text = request.parameters.get(name) else { return nil }
                texts.append(text)
            case .remainder:
                texts.append(request.parameters.getCatchall().joined(separator: "/"))
            }
        }
        return parameters(fromValues: texts)
    }
}

extension APIRoute {
    /// The typed values of the request's `{…}` segments (see `PathTemplate.parameters(in:)`).
    public func parameters(in request: Request) -> Parameters? {
        pathTemplate.parameters(in: request)
    }
}
