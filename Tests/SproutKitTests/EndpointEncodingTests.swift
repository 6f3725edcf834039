import Foundation
import SproutAPI
import SproutKit
import Testing

@Suite struct EndpointEncodingTests {
    let client = APIClient(baseURL: URL(string: "http://sprout.test")!, contract: .study, transport: TestTransport { _ in HTTPResponse(status: 200, body: Data("{}".utf8)) })

    func sent(_ endpoint: Endpoint<Data>) async throws -> HTTPRequest {
        let transport = TestTransport { _ in HTTPResponse(status: 200) }
        let client = APIClient(baseURL: URL(string: "http://sprout.test")!, contract: .study, transport: transport, fixedHeaders: [("X-Fixed", "1")])
        _ = try await client.transmit(endpoint, accessToken: endpoint.requiresAuthentication ? "access" : nil)
        return try #require(transport.requests.first)
    }

    @Test func formBodiesRepeatKeysWithoutBrackets() async throws {
        let request = try await sent(Endpoint(method: .post, path: "v1/queue", body: .form([
            ("studylist", "swift"), ("studylist", "알고리즘"), ("long", "126.9"), ("note", "a&b c"),
        ])) { $0 })
        #expect(request.header("content-type") == "application/x-www-form-urlencoded")
        #expect(String(decoding: request.body ?? Data(), as: UTF8.self)
            == "studylist=swift&studylist=%EC%95%8C%EA%B3%A0%EB%A6%AC%EC%A6%98&long=126.9&note=a%26b%20c")
        #expect(request.header("x-fixed") == "1")
    }

    @Test func queriesKeepEmptyValuesAndOrder() async throws {
        let request = try await sent(Endpoint(method: .get, path: "v1/posts", query: [("next", ""), ("limit", "20"), ("product_id", "a b")]) { $0 })
        #expect(request.url.absoluteString == "http://sprout.test/v1/posts?next=&limit=20&product_id=a%20b")
        #expect(request.body == nil)
        #expect(request.header("content-type") == nil)
    }

    @Test func multipartCarriesRepeatedFilePartsAndTextParts() async throws {
        var form = MultipartForm()
        form.append(name: "params", value: #"{"name":"도토리"}"#)
        form.append(name: "images", filename: "a.jpg", contentType: "image/jpeg", data: Data([0xFF, 0xD8]))
        form.append(name: "images", filename: "b\".png", contentType: "image/png", data: Data([0x89]))
        let request = try await sent(Endpoint(method: .post, path: "api/products", body: .multipart(form)) { $0 })
        let contentType = try #require(request.header("content-type"))
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.split(separator: "=", maxSplits: 1)[1])
        let text = String(decoding: request.body ?? Data(), as: UTF8.self)
        #expect(text.hasPrefix("--\(boundary)\r\nContent-Disposition: form-data; name=\"params\"\r\n\r\n{\"name\":\"도토리\"}\r\n"))
        #expect(text.components(separatedBy: "name=\"images\"").count == 3)
        #expect(text.contains("filename=\"b%22.png\""))
        #expect(text.hasSuffix("--\(boundary)--\r\n"))
    }

    /// A route's body is its own type: the client hands over the value and it leaves as JSON; a
    /// route without one sends none (neither compiles the other way round).
    @Test func aRoutesBodyLeavesAsJSONOfItsTypeAndABodilessRouteSendsNone() async throws {
        let start = try await sent(try Endpoint(Reading.Routes.startTimer, (), body: Reading.TimerStart(bookID: "b1")) { $0 })
        #expect(start.method == .post && start.url.path == "/api/reading/timer/start")
        #expect(start.header("content-type") == "application/json")
        #expect(try JSONDecoder().decode(Reading.TimerStart.self, from: start.body ?? Data()) == Reading.TimerStart(bookID: "b1"))
        let timer = try await sent(Endpoint(Reading.Routes.timer, ()) { $0 })
        #expect(timer.method == .get && timer.body == nil && timer.header("content-type") == nil)
    }

    /// A body SproutAPI does not type is assembled by the caller and sent as it is.
    @Test func anUntypedRoutesBodyIsSentAsAssembled() async throws {
        let csv = Data("Title,Author\n".utf8)
        let request = try await sent(Endpoint(Reading.Routes.importGoodreads, (), body: .raw(csv, contentType: "text/csv")) { $0 })
        #expect(request.header("content-type") == "text/csv" && request.body == csv)
    }

    /// The photo message is `send` with another body: the one operation, at the one path.
    @Test func aPhotoMessageIsTheSendOperation() {
        #expect(Conversations.Routes.sendPhoto.template == Conversations.Routes.send.template)
        #expect(Conversations.Routes.sendPhoto.method == Conversations.Routes.send.method)
    }

    @Test func failuresKeepTheStatusAndNameTheContractCode() async throws {
        let transport = TestTransport { _ in HTTPResponse(status: 445, body: Data(#"{"message":"권한이 없습니다."}"#.utf8)) }
        let client = APIClient(baseURL: URL(string: "http://sprout.test")!, contract: .lessons, transport: transport)
        await #expect(throws: SproutError.http(status: 445, code: .notAuthor, message: "권한이 없습니다.")) {
            _ = try await client.send(Endpoint<Data>(method: .delete, path: "v1/posts/1") { $0 })
        }
    }

    @Test func contractCodesAreNamedPerContract() {
        #expect(APIErrorCode(status: 419, contract: .lessons) == .accessTokenExpired)
        #expect(APIErrorCode(status: 418, contract: .lessons) == .refreshTokenExpired)
        #expect(APIErrorCode(status: 420, contract: .lessons) == .invalidAPIKey)
        #expect(APIErrorCode(status: 410, contract: .lessons) == .notFound)
        #expect(APIErrorCode(status: 419, contract: .market) == .other(419))
        #expect(APIErrorCode(status: 503, contract: .market) == .serverError)
    }

    @Test func undecodableAnswersAreDecodingErrors() async throws {
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: Data("not json".utf8)) }
        let client = APIClient(baseURL: URL(string: "http://sprout.test")!, contract: .lessons, transport: transport)
        await #expect {
            _ = try await client.send(Endpoint<[String: String]>(method: .get, path: "x"))
        } throws: { error in
            if case SproutError.decoding = error { return true }
            return false
        }
    }
}
