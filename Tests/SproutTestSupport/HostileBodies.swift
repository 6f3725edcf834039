import Foundation

/// Bodies that once stopped the whole process inside MultipartKit's parser, for every route that
/// reads a body to answer with a 4xx instead.
public enum HostileBodies {
    public struct Body: Sendable, CustomStringConvertible {
        public let contentType: String
        public let bytes: Data
        public var description: String { "\(contentType) \(bytes.map { String(format: "%02x", $0) }.joined())" }
    }

    public static let multipart: [Body] = [
        // A byte ≥ 0x80 in a part-header name: the parser indexed a 128-entry table with it.
        Body(contentType: "multipart/form-data; boundary=B", bytes: Data("--B\r\n".utf8) + [0x80] + Data("\r\n\r\nv\r\n--B--".utf8)),
        Body(contentType: "multipart/form-data; boundary=B", bytes: Data("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n이름: x\r\n\r\nv\r\n--B--".utf8)),
        // An empty boundary: the parser's precondition.
        Body(contentType: "multipart/form-data; boundary=", bytes: Data("--\r\nA: b\r\n\r\nv\r\n----".utf8)),
        Body(contentType: "multipart/form-data; boundary=\"\"", bytes: Data("--\r\nA: b\r\n\r\nv\r\n----".utf8)),
    ]
}

extension HostileBodies {
    /// Malformed bodies the parser reads without trapping but refuses with its own syntax error,
    /// which must reach the client as a 4xx, not a 500.
    public static let malformedMultipart: [Body] = [
        Body(contentType: "multipart/form-data; boundary=B", bytes: Data("--B\r\nContent-Dis\nposition: form-data; name=\"email\"\r\n\r\nx\r\n--B--\r\n".utf8)),
        Body(contentType: "multipart/form-data; boundary=B", bytes: Data("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n--B\r\n\r\nx\r\n--B--\r\n".utf8)),
        Body(contentType: "multipart/form-data; boundary=B", bytes: Data("--B\r\nCont\0ent: x\r\n\r\nx\r\n--B--\r\n".utf8)),
    ]
}
