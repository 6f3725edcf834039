import Foundation

/// What a body that did not decode lacks, by field, in an API's words rather than Foundation's
/// (`No such key 'name' at path ''…`), for every contract that answers `{error, reason}`.
public enum DecodingProblem {
    public static func reason(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case let .keyNotFound(key, context): return "\(field(context.codingPath + [key])): required"
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return context.codingPath.isEmpty ? "The body must be a JSON object." : "\(field(context.codingPath)): not the expected type"
        case let .dataCorrupted(context) where context.debugDescription == NULFreeText.reason:
            return NULFreeText.reason
        case let .dataCorrupted(context) where !context.codingPath.isEmpty:
            return "\(field(context.codingPath)): cannot be read"
        default:
            return "The body is not JSON, or holds a number too large for its field."
        }
    }
}
