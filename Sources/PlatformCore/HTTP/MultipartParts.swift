import MultipartKit
import Vapor

extension Request {
    /// The parts of a `multipart/form-data` body in order, with their headers, so a handler can
    /// read repeated names (`images`, `files`) and parts whose declared type is missing or wrong.
    /// A file part without a byte is no file: clients send one when nothing was picked (a
    /// profile edit that keeps the photo), so it is left out, on every route of every contract.
    /// Throws 400 when the body is not multipart or not well formed.
    public func multipartParts() throws -> [MultipartPart] {
        guard let contentType = headers.contentType, contentType.type == "multipart",
              let boundary = contentType.parameters["boundary"], !boundary.isEmpty
        else { throw Abort(.badRequest, reason: "Expected a multipart/form-data body.") }
        guard let body = body.data else { throw Abort(.badRequest, reason: "The body is empty.") }
        try MultipartPreflight.requireSafe(body, boundary: boundary)
        var parts: [MultipartPart] = []
        var current = MultipartPart(body: ByteBuffer())
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in current.headers.add(name: name, value: value) }
        parser.onBody = { chunk in current.body.writeBuffer(&chunk) }
        parser.onPartComplete = {
            parts.append(current)
            current = MultipartPart(body: ByteBuffer())
        }
        do {
            try parser.execute(body)
        } catch {
            throw MultipartPreflight.malformed
        }
        guard !parts.isEmpty else { throw Abort(.badRequest, reason: "The multipart body has no parts.") }
        return parts.filter { $0.filename == nil || $0.body.readableBytes > 0 }
    }
}

extension MultipartPart {
    /// A text field's value, without the NULs no database column can keep (`NULFreeText`); a
    /// file's bytes are read from `body`.
    public var text: String {
        String(decoding: body.readableBytesView.filter { $0 != 0 }, as: UTF8.self)
    }
}
