@testable import OpenAPIDocuments
@testable import Platform
import SproutAPI
import Testing
import Vapor

/// A documented body is read only in the media types its operation lists.
@Suite struct RequestMediaTypeTests {
    let json = APIOperation.Body.json(Lessons.LoginRequest.self)

    @Test func aListedMediaTypePassesWithAnyParametersAndCase() throws {
        try json.admit(["Content-Type": "application/json; charset=utf-8", "Content-Length": "2"])
        try json.admit(["Content-Type": "Application/JSON", "Content-Length": "2"])
        try APIOperation.Body.jsonOrForm(Lessons.LoginRequest.self).admit(["Content-Type": "application/x-www-form-urlencoded", "Content-Length": "3"])
    }

    @Test func anotherMediaTypeWithABodyIsRefusedWith415() {
        for headers: HTTPHeaders in [
            ["Content-Type": "application/x-www-form-urlencoded", "Content-Length": "9"],
            ["Content-Type": "text/plain", "Transfer-Encoding": "chunked"],
            ["Content-Type": "multipart/form-data; boundary=b", "Content-Length": "40"],
        ] {
            let refusal = #expect(throws: Abort.self) { try json.admit(headers) }
            #expect(refusal?.status == .unsupportedMediaType)
            #expect(refusal?.reason.contains("application/json") == true)
        }
    }

    /// Dotori sends a multipart Content-Type on bodiless requests; those have nothing to refuse.
    @Test func noBodyOrNoContentTypeIsLeftToTheDecoders() throws {
        try json.admit(["Content-Type": "multipart/form-data; boundary=dotori"])
        try json.admit(["Content-Type": "multipart/form-data; boundary=dotori", "Content-Length": "0"])
        try json.admit(["Content-Length": "12"])
    }
}
