import Foundation
import SproutAPI
import Vapor

extension Request {
    /// The request's parameters as one form: the urlencoded body every study client sends, a JSON
    /// object read the same way (arrays as repeated keys) for clients that send one, and, for GET
    /// and DELETE, the query string (`?=` is an empty query).
    ///
    /// A value holding a control character other than a tab or a line break is refused (501):
    /// number parsing would read up to a NUL and take the prefix, SQLite would store text cut
    /// at it, and PostgreSQL refuses it outright.
    func studyForm() throws(StudyError) -> StudyForm {
        var pairs: [(String, String)] = []
        if let buffer = body.data, buffer.readableBytes > 0 {
            let bytes = Data(buffer.readableBytesView)
            // Only a body that opens with `{` can be the JSON object looked for, and that is checked
            // first: parsing `Content-Type` cost more than the rest of a search's form.
            if Self.opensObject(bytes), headers.contentType == .json,
               let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] {
                pairs += Self.pairs(fromJSON: object)
            } else {
                pairs += StudyForm(parsing: String(decoding: bytes, as: UTF8.self)).pairs
            }
        }
        pairs += StudyForm(parsing: url.query ?? "").pairs
        for (key, value) in pairs where value.unicodeScalars.contains(where: Self.isRefusedControl) {
            throw StudyError.invalid(StudyField(rawValue: key) ?? .form)
        }
        return StudyForm(pairs.filter { !$0.0.isEmpty })
    }

    private static func opensObject(_ bytes: Data) -> Bool {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    private static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && !["\t", "\n", "\r"].contains(scalar)
    }

    private static func pairs(fromJSON object: [String: Any]) -> [(String, String)] {
        object.sorted { $0.key < $1.key }.flatMap { key, value -> [(String, String)] in
            let values = (value as? [Any]) ?? [value]
            return values.compactMap { element in
                switch element {
                case let string as String: (key, string)
                case let number as NSNumber: (key, number.stringValue)
                default: nil
                }
            }
        }
    }
}
