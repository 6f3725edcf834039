import Foundation
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// An answer in the study contract's style: a status code that carries the meaning (2xx codes are
/// business results), with a JSON body for the user, search and state endpoints and a short text
/// body everywhere else. Clients read action answers with `responseString`; the original server's
/// were not JSON, and a client that decodes one as a state must fail to.
struct StudyReply: AsyncResponseEncodable {
    let status: HTTPStatus
    let body: Body

    enum Body {
        case json(Data)
        case text(String)
    }

    static func json<Value: Encodable>(_ value: Value, status: HTTPStatus = .ok) throws -> StudyReply {
        StudyReply(status: status, body: .json(try WireJSON.encoder().encode(value)))
    }

    static func text(_ text: String, status: Int) -> StudyReply {
        StudyReply(status: HTTPStatus(statusCode: status), body: .text(text))
    }

    func encodeResponse(for request: Request) async throws -> Response {
        var headers = HTTPHeaders()
        switch body {
        case let .json(data):
            headers.contentType = .json
            return Response(status: status, headers: headers, body: .init(data: data))
        case let .text(text):
            headers.contentType = .plainText
            return Response(status: status, headers: headers, body: .init(string: text))
        }
    }
}
