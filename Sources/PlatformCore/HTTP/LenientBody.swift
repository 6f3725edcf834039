import Vapor

extension Request {
    /// Decodes the body whatever the client labelled it: JSON, form-encoded or multipart as
    /// declared, and JSON when the `Content-Type` is missing or generic (`text/plain`,
    /// `application/octet-stream`), as the Express servers these clients were written for did.
    public func decodeBody<Body: Decodable>(_ type: Body.Type) throws -> Body {
        switch headers.contentType {
        case .some(let mediaType) where mediaType == .urlEncodedForm || mediaType == .formData || mediaType == .json:
            return try content.decode(Body.self)
        default:
            guard let buffer = body.data else { throw Abort(.badRequest, reason: "missing body") }
            guard !NULFreeText.jsonHasNUL(buffer.readableBytesView) else { throw NULFreeText.refusal }
            return try JSONDecoder().decode(Body.self, from: buffer)
        }
    }
}
