import Foundation

/// Builds `multipart/form-data` bodies byte by byte, so tests can send exactly the framing a
/// given client sends (a part with or without its own Content-Type, repeated names).
public struct MultipartBody {
    public let boundary: String
    private var data = Data()

    public init(boundary: String = "Boundary-\(UUID().uuidString)") { self.boundary = boundary }

    public mutating func add(name: String, filename: String? = nil, contentType: String? = nil, _ content: Data) {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\""
        if let filename { head += "; filename=\"\(filename)\"" }
        head += "\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        data.append(Data((head + "\r\n").utf8))
        data.append(content)
        data.append(Data("\r\n".utf8))
    }

    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    public var bytes: Data { data + Data("--\(boundary)--\r\n".utf8) }
}
