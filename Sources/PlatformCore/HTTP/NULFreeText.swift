import Foundation
import Vapor

/// PostgreSQL keeps no NUL (U+0000) in text: a string holding one fails its write, and the request
/// with it, as a 500. The JSON and form decoders refuse such a string where it is read, with a
/// `DecodingError`, which every contract answers as its own 400. (Query strings are read, never
/// stored; searches drop control characters where they fold their text.)
public enum NULFreeText {
    /// Makes these the decoders for JSON and URL-encoded bodies.
    public static func install() {
        ContentConfiguration.global.use(decoder: JSONBodies(), for: .json)
        ContentConfiguration.global.use(decoder: FormBodies(), for: .urlEncodedForm)
    }

    public static let reason = "A text holds a NUL character (U+0000), which cannot be stored."
    public static let refusal = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: reason))

    /// Whether JSON text spells a NUL: `\u0000` outside an escaped backslash (a raw NUL byte is
    /// already invalid JSON).
    public static func jsonHasNUL(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\") else { continue }
            guard let escaped = iterator.next(), escaped == UInt8(ascii: "u") else { continue }
            var hex: [UInt8] = []
            while hex.count < 4, let digit = iterator.next() { hex.append(digit) }
            if hex == Array("0000".utf8) { return true }
        }
        return false
    }

    /// Whether form-encoded text holds a NUL, raw or as `%00`.
    static func formHasNUL(_ text: some StringProtocol) -> Bool {
        text.utf8.contains(0) || text.contains("%00")
    }

    struct JSONBodies: ContentDecoder {
        func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
            try decode(D.self, from: body, headers: headers, userInfo: [:])
        }

        func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]) throws -> D {
            guard !NULFreeText.jsonHasNUL(body.readableBytesView) else { throw NULFreeText.refusal }
            return try JSONDecoder().decode(D.self, from: body, headers: headers, userInfo: userInfo)
        }
    }

    struct FormBodies: ContentDecoder {
        private let decoder = URLEncodedFormDecoder()

        func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
            try decode(D.self, from: body, headers: headers, userInfo: [:])
        }

        func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]) throws -> D {
            guard !NULFreeText.formHasNUL(body.getString(at: body.readerIndex, length: body.readableBytes) ?? "") else { throw NULFreeText.refusal }
            return try decoder.decode(D.self, from: body, headers: headers, userInfo: userInfo)
        }
    }
}
