import Foundation
import Vapor

/// One GET to an outside catalogue's JSON API, with its deadline. Whatever goes wrong (no answer
/// in time, a status other than 200, a body that does not read) becomes `catalogueUnavailable`;
/// the log says which provider and endpoint failed and how, never what was searched or the key
/// (both are in the address and the headers, which are not logged).
struct CatalogueRequest: Sendable {
    /// Named in the logs: "Google Books".
    let provider: String
    let client: @Sendable () -> any Client
    let timeoutSeconds: Int64
    let logger: Logger

    func json<Answer: Decodable>(_ answer: Answer.Type, _ address: String, headers: HTTPHeaders = [:], endpoint: String) async throws -> Answer {
        let response: ClientResponse
        do {
            response = try await client().get(URI(string: address), headers: headers) { $0.timeout = .seconds(timeoutSeconds) }
        } catch {
            // Transport errors name at most the host, never the path or query.
            logger.warning("\(provider) \(endpoint) unreachable: \(String(reflecting: error))")
            throw ReadingError.catalogueUnavailable(retryAfter: nil)
        }
        guard response.status == .ok, let body = response.body else {
            logger.warning("\(provider) \(endpoint) answered \(response.status.code)")
            throw ReadingError.catalogueUnavailable(retryAfter: nil)
        }
        do {
            return try JSONDecoder().decode(answer, from: Data(buffer: body))
        } catch let error as DecodingError {
            logger.warning("\(provider) \(endpoint) answered something unreadable at \(Self.path(of: error))")
            throw ReadingError.catalogueUnavailable(retryAfter: nil)
        } catch {
            logger.warning("\(provider) \(endpoint) answered something unreadable")
            throw ReadingError.catalogueUnavailable(retryAfter: nil)
        }
    }

    /// Where in the answer reading stopped (`items.0.volumeInfo.pageCount`): the keys, not the values.
    private static func path(of error: DecodingError) -> String {
        let context: DecodingError.Context? = switch error {
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context), let .dataCorrupted(context): context
        @unknown default: nil
        }
        let keys = context?.codingPath.map { $0.intValue.map { String($0) } ?? $0.stringValue } ?? []
        return keys.isEmpty ? "the top" : keys.joined(separator: ".")
    }

    /// `base` with its query written out by hand, everything but letters, digits and `-._~`
    /// escaped: Foundation's query items leave `+` as it is, which most servers read as a space, so
    /// "C++" would arrive as "C  ".
    static func address(_ base: String, _ parameters: [(String, String)]) -> String {
        base + "?" + parameters.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
