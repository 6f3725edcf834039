import Foundation

/// A request body in one of the encodings the contracts use.
public enum RequestBody: Sendable {
    case none
    /// JSON, sent as `application/json`.
    case json(Data)
    /// `application/x-www-form-urlencoded`; repeated keys are written as `key=a&key=b`, without
    /// brackets, which is what the study server reads.
    case form([(name: String, value: String)])
    case multipart(MultipartForm)
    /// Bytes of a type the others do not cover (a CSV file).
    case raw(Data, contentType: String)

    /// JSON-encodes `value`.
    public static func json(_ value: some Encodable) throws -> RequestBody {
        .json(try JSONEncoder().encode(value))
    }

    /// The bytes and the `Content-Type` to send them with.
    func encoded(boundary: @autoclosure () -> String) -> (data: Data, contentType: String)? {
        switch self {
        case .none:
            return nil
        case let .json(data):
            return (data, "application/json")
        case let .form(fields):
            let text = fields.map { "\(FormEncoding.escape($0.name))=\(FormEncoding.escape($0.value))" }.joined(separator: "&")
            return (Data(text.utf8), "application/x-www-form-urlencoded")
        case let .multipart(form):
            let boundary = boundary()
            return (form.encoded(boundary: boundary), "multipart/form-data; boundary=\(boundary)")
        case let .raw(data, contentType):
            return (data, contentType)
        }
    }
}

enum FormEncoding {
    /// RFC 3986 unreserved characters pass; everything else is percent-encoded (spaces as %20).
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}

/// A `multipart/form-data` body: text fields and files, in order; a name may repeat
/// (the market sends several `images` parts, the lessons server several `files`).
public struct MultipartForm: Sendable {
    public struct Part: Sendable {
        public var name: String
        public var filename: String?
        public var contentType: String?
        public var data: Data

        public init(name: String, filename: String? = nil, contentType: String? = nil, data: Data) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.data = data
        }
    }

    public var parts: [Part]

    public init(parts: [Part] = []) { self.parts = parts }

    public mutating func append(name: String, value: String) {
        parts.append(Part(name: name, data: Data(value.utf8)))
    }

    public mutating func append(name: String, filename: String, contentType: String, data: Data) {
        parts.append(Part(name: name, filename: filename, contentType: contentType, data: data))
    }

    func encoded(boundary: String) -> Data {
        var body = Data()
        for part in parts {
            var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let filename = part.filename { disposition += "; filename=\"\(Self.quoted(filename))\"" }
            body.append(Data("--\(boundary)\r\n\(disposition)\r\n".utf8))
            if let contentType = part.contentType { body.append(Data("Content-Type: \(contentType)\r\n".utf8)) }
            body.append(Data("\r\n".utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    /// Quotes and line breaks would end the header early.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: "")
    }
}
