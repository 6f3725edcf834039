import Foundation
import Media
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import VaporTesting

/// A signed-in person of the lessons app, for tests that need several.
struct LessonsUser {
    let id: String
    let token: String
    let nick: String
}

extension TestSprout {
    func signUp(_ nick: String, teacher: Bool = false) async throws -> LessonsUser {
        let email = "\(nick)@sprout.test"
        try await join(email: email, nick: nick, phoneNum: teacher ? "1" : "0")
        let login = try await login(email: email)
        return LessonsUser(id: login.userID, token: login.accessToken, nick: nick)
    }

    /// A call as `user`; `body` is raw JSON text, for the shapes a Codable type would not produce.
    func call(_ method: HTTPMethod, _ path: String, as user: LessonsUser, json: (any Encodable)? = nil, body: String? = nil) async throws -> TestingHTTPResponse {
        var headers = lessonsHeaders(["Authorization": user.token])
        if body != nil { headers["Content-Type"] = "application/json" }
        return try await send(method, "v1/" + path, headers: headers, json: json, body: body)
    }

    func createPost(as user: LessonsUser, _ request: Lessons.PostRequest) async throws -> Lessons.Post {
        let response = try await call(.POST, "posts", as: user, json: request)
        #expect(response.status.code == 200, "\(response.body.string)")
        return try response.decode(Lessons.Post.self)
    }

    func lesson(by user: LessonsUser, title: String = "Violin 1:1", price: Int? = 50_000, content: String = "Weekly #바이올린 #취미레슨", files: [String] = []) async throws -> Lessons.Post {
        try await createPost(as: user, Lessons.PostRequest(
            title: title, price: price, content: content, content1: "바이올린", content2: "서울", content3: "취미",
            content4: "", content5: "", productID: Lessons.ProductID.lesson, files: files
        ))
    }

    func post(_ postID: String, as user: LessonsUser) async throws -> Lessons.Post {
        let response = try await call(.GET, "posts/\(postID)", as: user)
        #expect(response.status.code == 200, "\(response.body.string)")
        return try response.decode(Lessons.Post.self)
    }

    func list(_ path: String, as user: LessonsUser) async throws -> Lessons.PostList {
        let response = try await call(.GET, path, as: user)
        #expect(response.status.code == 200, "\(response.body.string)")
        return try response.decode(Lessons.PostList.self)
    }

    func upload(_ files: [Data], as user: LessonsUser, name: String = "files") async throws -> TestingHTTPResponse {
        var body = MultipartBody()
        for (index, file) in files.enumerated() {
            body.add(name: name, filename: "IMG_\(index).jpg", contentType: "image/jpg", file)
        }
        return try await send(.POST, "v1/posts/files", headers: lessonsHeaders(["Authorization": user.token, "Content-Type": body.contentType]), body: body.bytes)
    }

    /// Files under an upload area, to prove refused or deleted uploads leave nothing behind.
    func storedFiles(in area: String) -> [String] {
        let folder = dataDirectory.appendingPathComponent("uploads/\(area)")
        return (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }
}

enum LessonsFixtures {
    static let jpeg = try! ImagePipeline.jpeg(rgb: [UInt8](repeating: 120, count: 48 * 32 * 3), width: 48, height: 32)

    static func fixture(_ name: String) -> Data {
        try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/images/\(name)"))
    }
}

extension UInt {
    var asInt: Int { Int(self) }
}
