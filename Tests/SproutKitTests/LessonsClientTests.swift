import Foundation
import SproutAPI
import SproutKit
import Testing

/// Samples of every answer the lessons contract gives, for a transport to reply with.
enum LessonsSamples {
    static let person = Lessons.Person(userID: "u1", nick: "Kim", profileImage: "")
    static let comment = Lessons.Comment(commentID: "c1", content: "Great!", createdAt: "2024-08-28T05:12:33.120Z", creator: person)
    static func post(_ id: String) -> Lessons.Post {
        Lessons.Post(postID: id, productID: Lessons.ProductID.lesson, title: "Violin \(id)", price: 50000, content: "#바이올린", content1: "바이올린",
                     content2: "서울", content3: "취미", content4: "", content5: "", createdAt: "2024-08-28T05:12:33.120Z", creator: person,
                     files: [], likes: [], likes2: [], buyers: [], hashTags: ["바이올린"], comments: [comment])
    }
    static let summary = Lessons.UserSummary(userID: "u1", email: "kim@sprout.test", nick: "Kim")
    static let login = Lessons.LoginResponse(userID: "u1", email: "kim@sprout.test", nick: "Kim", profileImage: "", accessToken: "fresh-access", refreshToken: "fresh-refresh")
    static let myProfile = Lessons.MyProfile(userID: "u1", email: "kim@sprout.test", nick: "Kim", phoneNum: "1", birthDay: "", profileImage: "",
                                             followers: [], following: [], posts: ["p1"])
    static let profile = Lessons.UserProfile(userID: "u2", nick: "Lee", profileImage: "", followers: [], following: [], posts: [])
    static let follow = Lessons.FollowStatus(nick: "Kim", opponentNick: "Lee", followingStatus: true)
    static let receipt = Lessons.Receipt(buyerID: "u1", postID: "p1", merchantUID: "m1", productName: "Violin", price: 50000, paidAt: "2024-08-28T05:12:33.120Z")
    static let checkout = Lessons.SandboxCheckout(impUID: "imp_1", merchantUID: "m1", success: true, status: "paid")
}

@Suite struct LessonsClientTests {
    static let base = URL(string: "http://sprout.test")!

    /// Sends one call through a signed-in client whose server answers `answer`, and returns what
    /// went on the wire with what the call returned.
    func sent<T>(
        answer: some Encodable, signedIn: Bool = true, _ call: (LessonsClient) async throws -> T
    ) async throws -> (request: HTTPRequest, result: T, client: LessonsClient) {
        let body = try JSONEncoder().encode(answer)
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: body) }
        let client = LessonsClient(
            baseURL: Self.base, apiKey: "key", transport: transport,
            session: AuthSession(tokens: signedIn ? AuthTokens(accessToken: "access", refreshToken: "refresh") : nil)
        )
        let result = try await call(client)
        #expect(transport.requests.count == 1)
        return (try #require(transport.requests.first), result, client)
    }

    func expect(_ request: HTTPRequest, _ method: HTTPMethod, _ path: String, query: [String] = [], signedIn: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(request.method == method, sourceLocation: sourceLocation)
        #expect(request.url.path == path, sourceLocation: sourceLocation)
        #expect(request.queryPairs == query, sourceLocation: sourceLocation)
        #expect(request.header("SesacKey") == "key", sourceLocation: sourceLocation)
        #expect(request.header("Authorization") == (signedIn ? "access" : nil), "the bare token, no Bearer", sourceLocation: sourceLocation)
    }

    func expectJSON(_ request: HTTPRequest, _ body: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(request.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
        #expect(try JSONValue(request.body) == body, sourceLocation: sourceLocation)
    }

    func expectNoBody(_ request: HTTPRequest, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(request.body == nil && request.header("Content-Type") == nil, sourceLocation: sourceLocation)
    }

    // MARK: Users and auth

    @Test func joinSendsTheRoleFlagAsPhoneNumWithoutAToken() async throws {
        let (request, result, _) = try await sent(answer: LessonsSamples.summary, signedIn: false) {
            try await $0.join(Lessons.JoinRequest(email: "kim@sprout.test", password: "pw123", nick: "Kim", phoneNum: "1"))
        }
        expect(request, .post, "/v1/users/join", signedIn: false)
        try expectJSON(request, ["email": "kim@sprout.test", "password": "pw123", "nick": "Kim", "phoneNum": "1"])
        #expect(result == LessonsSamples.summary)
    }

    @Test func emailValidation() async throws {
        let (request, result, _) = try await sent(answer: Lessons.Message(message: "사용 가능한 이메일입니다."), signedIn: false) {
            try await $0.validateEmail("kim@sprout.test")
        }
        expect(request, .post, "/v1/validation/email", signedIn: false)
        try expectJSON(request, ["email": "kim@sprout.test"])
        #expect(result.message == "사용 가능한 이메일입니다.")
    }

    @Test func loginKeepsTheTokens() async throws {
        let (request, _, client) = try await sent(answer: LessonsSamples.login, signedIn: false) {
            try await $0.login(email: "kim@sprout.test", password: "pw123")
        }
        expect(request, .post, "/v1/users/login", signedIn: false)
        try expectJSON(request, ["email": "kim@sprout.test", "password": "pw123"])
        #expect(await client.session.tokens == AuthTokens(accessToken: "fresh-access", refreshToken: "fresh-refresh"))
        await client.logout()
        #expect(await client.session.tokens == nil)
    }

    @Test func myProfileAndWithdraw() async throws {
        let (profile, result, _) = try await sent(answer: LessonsSamples.myProfile) { try await $0.myProfile() }
        expect(profile, .get, "/v1/users/me/profile")
        expectNoBody(profile)
        #expect(result.phoneNum == "1")
        let (withdraw, _, client) = try await sent(answer: LessonsSamples.summary) { try await $0.withdraw() }
        expect(withdraw, .get, "/v1/users/withdraw")
        #expect(await client.session.tokens == nil, "a withdrawn account has no session")
    }

    @Test func someonesProfileAndFollow() async throws {
        let (profile, _, _) = try await sent(answer: LessonsSamples.profile) { try await $0.profile(userID: "u2") }
        expect(profile, .get, "/v1/users/u2/profile")
        let (follow, status, _) = try await sent(answer: LessonsSamples.follow) { try await $0.follow(userID: "u2") }
        expect(follow, .post, "/v1/follow/u2")
        expectNoBody(follow)
        #expect(status.followingStatus)
        let (unfollow, _, _) = try await sent(answer: LessonsSamples.follow) { try await $0.unfollow(userID: "u2") }
        expect(unfollow, .delete, "/v1/follow/u2")
    }

    @Test func profileEditIsMultipartWithTextPartsAndTheProfileImage() async throws {
        let photo = ImageUpload(filename: "me.png", contentType: "image/png", data: Data([0x89, 0x50]))
        let (request, _, _) = try await sent(answer: LessonsSamples.myProfile) {
            try await $0.editProfile(nick: "새싹", phoneNum: "0", birthDay: "20000101", image: photo)
        }
        expect(request, .put, "/v1/users/me/profile")
        #expect(request.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(SentPart.parts(of: request) == [
            SentPart(name: "nick", body: Data("새싹".utf8)),
            SentPart(name: "phoneNum", body: Data("0".utf8)),
            SentPart(name: "birthDay", body: Data("20000101".utf8)),
            SentPart(name: "profile", filename: "me.png", contentType: "image/png", body: photo.data),
        ])
        let (nickOnly, _, _) = try await sent(answer: LessonsSamples.myProfile) { try await $0.editProfile(nick: "새싹") }
        #expect(SentPart.parts(of: nickOnly).map(\.name) == ["nick"], "values left nil are not sent")
    }

    // MARK: Posts

    @Test func uploadSendsOneFilesPartPerPhoto() async throws {
        let photos = (1...3).map { ImageUpload(filename: "p\($0).jpg", contentType: "image/jpg", data: Data([0xFF, 0xD8, UInt8($0)])) }
        let (request, paths, _) = try await sent(answer: Lessons.UploadedFiles(files: ["uploads/lessons/a.jpg"])) { try await $0.uploadFiles(photos) }
        expect(request, .post, "/v1/posts/files")
        #expect(SentPart.parts(of: request) == photos.map { SentPart(name: "files", filename: $0.filename, contentType: "image/jpg", body: $0.data) })
        #expect(paths == ["uploads/lessons/a.jpg"])
    }

    @Test func createAndEditSendThePostBody() async throws {
        let body = Lessons.LessonDraft(title: "Violin", price: "50000", instrument: "바이올린", region: "서울", lessonType: "취미", introduction: "#바이올린 weekly")
            .request(files: ["uploads/lessons/a.jpg"])
        let expected: JSONValue = [
            "title": "Violin", "price": 50000, "content": "#바이올린 weekly", "content1": "바이올린", "content2": "서울", "content3": "취미",
            "content4": "", "content5": "", "product_id": "allforlesson", "files": .array(["uploads/lessons/a.jpg"]),
        ]
        let (create, _, _) = try await sent(answer: LessonsSamples.post("p1")) { try await $0.createPost(body) }
        expect(create, .post, "/v1/posts")
        try expectJSON(create, expected)
        let (update, post, _) = try await sent(answer: LessonsSamples.post("p1")) { try await $0.updatePost(id: "p1", Lessons.PostRequest(title: "Cello")) }
        expect(update, .put, "/v1/posts/p1")
        try expectJSON(update, ["title": "Cello"])
        #expect(post.postID == "p1")
    }

    @Test func readAndDeleteAPost() async throws {
        let (read, post, _) = try await sent(answer: LessonsSamples.post("p1")) { try await $0.post(id: "p1") }
        expect(read, .get, "/v1/posts/p1")
        expectNoBody(read)
        #expect(post == LessonsSamples.post("p1"))
        let (delete, _, _) = try await sent(answer: Lessons.Message(message: "삭제되었습니다.")) { try await $0.deletePost(id: "p1") }
        expect(delete, .delete, "/v1/posts/p1")
        expectNoBody(delete)
    }

    @Test func everyFeedSendsItsPathAndQuery() async throws {
        let page = Lessons.PostList(data: [LessonsSamples.post("p1")], nextCursor: "0")
        let cases: [(PostFeed, String, Int?, String, [String])] = [
            (.all(productID: "allforlesson"), "", 20, "/v1/posts", ["next=", "limit=20", "product_id=allforlesson"]),
            (.all(productID: nil), "17", nil, "/v1/posts", ["next=17"]),
            (.user(id: "u1", productID: "allforlesson"), "", 10, "/v1/posts/users/u1", ["next=", "limit=10", "product_id=allforlesson"]),
            (.hashtag("#바이올린", productID: "allforlesson"), "", 5, "/v1/posts/hashtags", ["next=", "limit=5", "product_id=allforlesson", "hashTag=바이올린"]),
            (.liked, "", 30, "/v1/posts/likes/me", ["next=", "limit=30"]),
            (.liked2, "", nil, "/v1/posts/likes-2/me", ["next="]),
        ]
        for (feed, next, limit, path, query) in cases {
            let (request, list, _) = try await sent(answer: page) { try await $0.posts(feed, next: next, limit: limit) }
            expect(request, .get, path, query: query)
            expectNoBody(request)
            #expect(list == page)
        }
    }

    @Test func aHashtagIsSentPercentEncodedWithoutTheHash() async throws {
        let (request, _, _) = try await sent(answer: Lessons.PostList(data: [], nextCursor: "0")) {
            try await $0.posts(.hashtag("##클래식 작곡", productID: nil))
        }
        #expect(request.url.query == "next=&hashTag=%ED%81%B4%EB%9E%98%EC%8B%9D%20%EC%9E%91%EA%B3%A1")
    }

    @Test func imagesAreFetchedUnderV1WithTheTokenAsRawBytes() async throws {
        let bytes = Data([0xFF, 0xD8, 0xFF, 0xE0])
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: bytes) }
        let client = LessonsClient(baseURL: Self.base, apiKey: "key", transport: transport,
                                   session: AuthSession(tokens: AuthTokens(accessToken: "access", refreshToken: "refresh")))
        #expect(try await client.image(at: "uploads/lessons/a.jpg") == bytes)
        #expect(try await client.image(at: "/uploads/lessons/a.jpg") == bytes)
        for request in transport.requests { expect(request, .get, "/v1/uploads/lessons/a.jpg") }
    }

    // MARK: Comments and likes

    @Test func commentsAreWrittenEditedAndDeleted() async throws {
        let (write, comment, _) = try await sent(answer: LessonsSamples.comment) { try await $0.comment("Great!", on: "p1") }
        expect(write, .post, "/v1/posts/p1/comments")
        try expectJSON(write, ["content": "Great!"])
        #expect(comment == LessonsSamples.comment)
        let (edit, _, _) = try await sent(answer: LessonsSamples.comment) { try await $0.editComment("c1", on: "p1", content: "Even better") }
        expect(edit, .put, "/v1/posts/p1/comments/c1")
        try expectJSON(edit, ["content": "Even better"])
        let (delete, _, _) = try await sent(answer: Lessons.Message(message: "삭제되었습니다.")) { try await $0.deleteComment("c1", on: "p1") }
        expect(delete, .delete, "/v1/posts/p1/comments/c1")
        expectNoBody(delete)
    }

    @Test func likeAndLike2SendTheWantedState() async throws {
        let (like, status, _) = try await sent(answer: Lessons.LikeStatus(likeStatus: true)) { try await $0.setLike(true, postID: "p1") }
        expect(like, .post, "/v1/posts/p1/like")
        try expectJSON(like, ["like_status": true])
        #expect(status.likeStatus)
        let (like2, _, _) = try await sent(answer: Lessons.LikeStatus(likeStatus: false)) { try await $0.setLike2(false, postID: "p1") }
        expect(like2, .post, "/v1/posts/p1/like-2")
        try expectJSON(like2, ["like_status": false])
    }

    // MARK: Payments

    @Test func sandboxCheckoutThenValidationThenHistory() async throws {
        let (checkout, window, _) = try await sent(answer: LessonsSamples.checkout) {
            try await $0.sandboxCheckout(postID: "p1", amount: 50000, outcome: .cancelled)
        }
        expect(checkout, .post, "/v1/sandbox/payments")
        try expectJSON(checkout, ["post_id": "p1", "amount": 50000, "outcome": "cancelled"])
        #expect(window.impUID == "imp_1")
        let (validation, receipt, _) = try await sent(answer: LessonsSamples.receipt) { try await $0.validatePayment(impUID: "imp_1", postID: "p1") }
        expect(validation, .post, "/v1/payments/validation")
        try expectJSON(validation, ["imp_uid": "imp_1", "post_id": "p1"])
        #expect(receipt == LessonsSamples.receipt)
        let (priced, _, _) = try await sent(answer: LessonsSamples.receipt) { try await $0.validatePayment(impUID: "imp_1", postID: "p1", price: 50000) }
        try expectJSON(priced, ["imp_uid": "imp_1", "post_id": "p1", "price": 50000])
        let (history, receipts, _) = try await sent(answer: Lessons.ReceiptList(data: [LessonsSamples.receipt])) { try await $0.payments() }
        expect(history, .get, "/v1/payments/me")
        #expect(receipts == [LessonsSamples.receipt])
    }

    // MARK: Auth across every call

    @Test func signedInCallsNeedASessionAndSendNothingWithout() async throws {
        let transport = TestTransport { _ in HTTPResponse(status: 200) }
        let client = LessonsClient(baseURL: Self.base, apiKey: "key", transport: transport)
        await #expect(throws: SproutError.notSignedIn) { try await client.uploadFiles([]) }
        await #expect(throws: SproutError.notSignedIn) { try await client.posts(.liked2) }
        await #expect(throws: SproutError.notSignedIn) { try await client.validatePayment(impUID: "i", postID: "p") }
        await #expect(throws: SproutError.notSignedIn) { try await client.image(at: "uploads/a.jpg") }
        #expect(transport.requests.isEmpty)
    }

    /// The published app skipped its interceptor for uploads, so a 419 there failed; here the
    /// upload is refreshed and re-sent whole, like every other signed-in call.
    @Test func anUploadWithAnExpiredTokenIsRefreshedAndResentOnce() async throws {
        let transport = TestTransport { request in
            switch (request.url.path, request.header("Authorization")) {
            case ("/v1/auth/refresh", _): HTTPResponse(status: 200, body: Data(#"{"accessToken":"access-2"}"#.utf8))
            case (_, "access-2"): HTTPResponse(status: 200, body: Data(#"{"files":["uploads/lessons/a.jpg"]}"#.utf8))
            default: HTTPResponse(status: 419, body: Data(#"{"message":"액세스 토큰이 만료되었습니다."}"#.utf8))
            }
        }
        let client = LessonsClient(baseURL: Self.base, apiKey: "key", transport: transport,
                                   session: AuthSession(tokens: AuthTokens(accessToken: "access-1", refreshToken: "refresh")))
        let photo = ImageUpload(filename: "a.jpg", data: Data([0xFF, 0xD8]))
        #expect(try await client.uploadFiles([photo]) == ["uploads/lessons/a.jpg"])
        let requests = transport.requests
        #expect(requests.map(\.url.path) == ["/v1/posts/files", "/v1/auth/refresh", "/v1/posts/files"])
        #expect(requests[1].header("Authorization") == "access-1" && requests[1].header("Refresh") == "refresh" && requests[1].header("SesacKey") == "key")
        #expect(SentPart.parts(of: requests[2]) == [SentPart(name: "files", filename: "a.jpg", contentType: "image/jpeg", body: photo.data)])
    }

    @Test func failuresCarryTheContractCode() async throws {
        let transport = TestTransport { _ in HTTPResponse(status: 445, body: Data(#"{"message":"권한이 없습니다."}"#.utf8)) }
        let client = LessonsClient(baseURL: Self.base, apiKey: "key", transport: transport,
                                   session: AuthSession(tokens: AuthTokens(accessToken: "access", refreshToken: "refresh")))
        await #expect(throws: SproutError.http(status: 445, code: .notAuthor, message: "권한이 없습니다.")) {
            try await client.deleteComment("c1", on: "p1")
        }
    }
}
