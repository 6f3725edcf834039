import Vapor

/// Vapor's `FormDataDecoder` behind `MultipartPreflight`. Bodies are decoded by their declared
/// `Content-Type`, so any route that reads `req.content` (JSON routes and the CSRF check included)
/// hands a body labelled multipart to MultipartKit; installed as the multipart decoder, this
/// refuses the bodies that would trap it, and answers the parser's syntax errors as a 400.
public struct GuardedFormDataDecoder: ContentDecoder {
    private let decoder = FormDataDecoder()

    public init() {}

    /// Makes this the decoder for every `multipart/form-data` body in the process.
    public static func install() {
        ContentConfiguration.global.use(decoder: GuardedFormDataDecoder(), for: .formData)
    }

    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(D.self, from: body, headers: headers, userInfo: [:])
    }

    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]) throws -> D {
        guard let boundary = headers.contentType?.parameters["boundary"] else { throw Abort(.unsupportedMediaType) }
        try MultipartPreflight.requireSafe(body, boundary: boundary)
        do {
            return try decoder.decode(D.self, from: body, headers: headers, userInfo: userInfo)
        } catch let error as DecodingError {
            throw error
        } catch let error as any AbortError {
            throw error
        } catch {
            // The parser's own syntax error: the body is malformed, which is the client's mistake.
            throw MultipartPreflight.malformed
        }
    }
}
