import Foundation
import SproutKit

/// Any JSON value, compared exactly: a body's keys, types and values, with nothing extra.
enum JSONValue: Equatable, Decodable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByDictionaryLiteral {
    case string(String), number(Double), bool(Bool), array([JSONValue]), object([String: JSONValue]), null

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(Dictionary(uniqueKeysWithValues: elements)) }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    init(_ data: Data?) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data ?? Data())
    }
}

/// One part of a `multipart/form-data` body as it went on the wire.
struct SentPart: Equatable {
    var name: String
    var filename: String?
    var contentType: String?
    var body: Data

    /// Splits `request`'s body at the boundary its Content-Type names.
    static func parts(of request: HTTPRequest) -> [SentPart] {
        guard let contentType = request.header("Content-Type"), let range = contentType.range(of: "boundary=") else { return [] }
        let delimiter = Data("--\(contentType[range.upperBound...])".utf8)
        var chunks: [Data] = []
        var body = request.body ?? Data()
        while let found = body.range(of: delimiter) {
            chunks.append(body[body.startIndex..<found.lowerBound])
            body = body[found.upperBound...]
        }
        return chunks.dropFirst().compactMap { chunk -> SentPart? in
            guard let split = chunk.range(of: Data("\r\n\r\n".utf8)) else { return nil }
            let head = String(decoding: chunk[chunk.startIndex..<split.lowerBound], as: UTF8.self)
            var content = Data(chunk[split.upperBound...])
            if content.suffix(2) == Data("\r\n".utf8) { content.removeLast(2) }
            func value(_ key: String) -> String? {
                guard let start = head.range(of: "\(key)=\"") else { return nil }
                return String(head[start.upperBound...].prefix { $0 != "\"" })
            }
            let type = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-type:") }
                .map { String($0.dropFirst("content-type:".count)).trimmingCharacters(in: .whitespaces) }
            return SentPart(name: value("name") ?? "", filename: value("filename"), contentType: type, body: content)
        }
    }
}

extension HTTPRequest {
    /// The query as the server reads it, in order, with empty values kept.
    var queryPairs: [String] {
        (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
    }
}
