import Foundation
import SproutAPI
import SproutKit
import Testing

/// Samples of the study contract's answers.
enum StudySamples {
    static let user = Study.User(
        id: "637a1f0c9b1e8a0012ab34cd", uid: "uid-me", phoneNumber: "+821012345678", email: "me@sprout.test", fcmToken: "fcm",
        nick: "새싹이", birth: "1998-03-01T00:00:00.000Z", gender: 1, study: "Swift", comment: ["시간 약속을 잘 지켜요"],
        reputation: [0, 1, 0, 0, 2, 0, 0, 0, 0], sesac: 0, sesacCollection: [0], background: 0, backgroundCollection: [0],
        purchaseToken: [], transactionId: [], reviewedBefore: [], reportedNum: 0, reportedUser: [], dodgepenalty: 0, dodgeNum: 0,
        ageMin: 18, ageMax: 65, searchable: 1, createdAt: "2022-11-20T12:34:56.789Z"
    )
    static let nearby = Study.QueueUser(uid: "uid-2", nick: "고래밥", lat: 37.517819, long: 126.886145, reputation: [1, 0, 0, 0, 0, 0, 0, 0, 0],
                                        studylist: ["swift", "algorithm"], reviews: ["친절해요"], gender: 0, sesac: 1, background: 3)
    static let search = Study.SearchResult(fromQueueDB: [nearby], fromQueueDBRequested: [], fromRecommend: ["SwiftUI"])

    static func json(_ value: some Encodable) -> Data { try! JSONEncoder().encode(value) }
    static func text(_ text: String) -> Data { Data(text.utf8) }
}

@Suite struct StudyClientTests {
    static let base = URL(string: "http://sprout.test")!

    /// Sends one call through a signed-in client whose server answers `status` with `body`.
    func sent<T>(
        _ status: Int, _ body: Data = Data("ok".utf8), _ call: (StudyClient) async throws -> T
    ) async throws -> (request: HTTPRequest, result: T) {
        let transport = TestTransport { _ in HTTPResponse(status: status, body: body) }
        let client = StudyClient(baseURL: Self.base, transport: transport,
                                 session: StudySession(tokens: StudyTokens(idToken: "id-1", refreshToken: "refresh-1", uid: "uid-me")))
        let result = try await call(client)
        #expect(transport.requests.count == 1)
        return (try #require(transport.requests.first), result)
    }

    /// The outcome a call reads from `status`, whatever went out.
    func outcome<T>(_ status: Int, _ body: Data = Data("ok".utf8), _ call: (StudyClient) async throws -> T) async throws -> T {
        try await sent(status, body, call).result
    }

    func expect(_ request: HTTPRequest, _ method: HTTPMethod, _ path: String, form: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(request.method == method, sourceLocation: sourceLocation)
        #expect(request.url.path == path, sourceLocation: sourceLocation)
        #expect(request.url.query == nil, sourceLocation: sourceLocation)
        #expect(request.header("idtoken") == "id-1", "the raw token, no Bearer", sourceLocation: sourceLocation)
        #expect(request.header("Authorization") == nil, sourceLocation: sourceLocation)
        if let form {
            #expect(request.header("Content-Type") == "application/x-www-form-urlencoded", sourceLocation: sourceLocation)
            #expect(String(decoding: request.body ?? Data(), as: UTF8.self) == form, sourceLocation: sourceLocation)
        } else {
            #expect(request.body == nil && request.header("Content-Type") == nil, sourceLocation: sourceLocation)
        }
    }

    // MARK: Request shapes

    @Test func userEndpointsSendTheirFormsWithTheIDToken() async throws {
        var (request, _) = try await sent(200, StudySamples.json(StudySamples.user)) { try await $0.user() }
        expect(request, .get, "/v1/user")

        let signup = Study.Signup(phoneNumber: "+821012345678", fcmToken: "f:c m", nick: "새싹 이", birth: "2000-01-01T00:00:00.000Z",
                                  email: "a+b@sprout.test", gender: .man)
        (request, _) = try await sent(200, StudySamples.json(StudySamples.user)) { try await $0.signUp(signup) }
        expect(request, .post, "/v1/user", form: "phoneNumber=%2B821012345678&FCMtoken=f%3Ac%20m&nick=%EC%83%88%EC%8B%B9%20%EC%9D%B4"
            + "&birth=2000-01-01T00%3A00%3A00.000Z&email=a%2Bb%40sprout.test&gender=1")
        #expect(request.body == Data(signup.form.encoded.utf8), "the bytes of StudyForm.encoded")

        (request, _) = try await sent(200) { try await $0.withdraw() }
        expect(request, .post, "/v1/user/withdraw")

        let page = Study.MyPage(searchable: true, ageMin: 20, ageMax: 40, gender: .woman, study: "알고리즘")
        (request, _) = try await sent(200) { try await $0.updateMyPage(page) }
        expect(request, .put, "/v1/user/mypage", form: "searchable=1&ageMin=20&ageMax=40&gender=0&study=%EC%95%8C%EA%B3%A0%EB%A6%AC%EC%A6%98")

        (request, _) = try await sent(200) { try await $0.updateFCMToken("token:1") }
        expect(request, .put, "/v1/user/update_fcm_token", form: "FCMtoken=token%3A1")

        (request, _) = try await sent(200) { try await $0.report("uid-2", reasons: [1, 0, 1], comment: "no show") }
        expect(request, .post, "/v1/user/report", form: "otheruid=uid-2&reportedReputation=1&reportedReputation=0&reportedReputation=1&comment=no%20show")
    }

    @Test func queueEndpointsRepeatArrayKeysWithoutBrackets() async throws {
        let entry = Study.QueueEntry(lat: 37.517819, long: 126.886145, studylist: ["swift", "코딩 테스트"])
        var (request, _) = try await sent(200) { try await $0.enterQueue(entry) }
        expect(request, .post, "/v1/queue", form: "lat=37.517819&long=126.886145&studylist=swift&studylist=%EC%BD%94%EB%94%A9%20%ED%85%8C%EC%8A%A4%ED%8A%B8")
        #expect(request.body == Data(entry.form.encoded.utf8))

        (request, _) = try await sent(200) { try await $0.enterQueue(Study.QueueEntry(lat: 1, long: 2, studylist: [])) }
        expect(request, .post, "/v1/queue", form: "lat=1.0&long=2.0&studylist=anything")

        (request, _) = try await sent(200) { try await $0.stopSearching() }
        expect(request, .delete, "/v1/queue")

        (request, _) = try await sent(200, StudySamples.json(StudySamples.search)) { try await $0.search(lat: 37.5, long: 126.9) }
        expect(request, .post, "/v1/queue/search", form: "lat=37.5&long=126.9")

        (request, _) = try await sent(201) { try await $0.queueState() }
        expect(request, .get, "/v1/queue/myQueueState")

        (request, _) = try await sent(200) { try await $0.requestStudy(with: "uid-2") }
        expect(request, .post, "/v1/queue/studyrequest", form: "otheruid=uid-2")

        (request, _) = try await sent(200) { try await $0.acceptStudy(with: "uid-2") }
        expect(request, .post, "/v1/queue/studyaccept", form: "otheruid=uid-2")

        (request, _) = try await sent(200) { try await $0.dodge("uid-2") }
        expect(request, .post, "/v1/queue/dodge", form: "otheruid=uid-2")

        (request, _) = try await sent(200) { try await $0.rate(Study.Rating(otheruid: "uid-2", reputation: [1, 0, 0, 0, 0, 1], comment: "좋아요")) }
        expect(request, .post, "/v1/queue/rate/uid-2",
               form: "otheruid=uid-2&reputation=1&reputation=0&reputation=0&reputation=0&reputation=0&reputation=1&comment=%EC%A2%8B%EC%95%84%EC%9A%94")
    }

    // MARK: Statuses → outcomes

    @Test func userReadsSignedUpOrNotSignedUp() async throws {
        #expect(try await outcome(200, StudySamples.json(StudySamples.user)) { try await $0.user() } == .signedUp(StudySamples.user))
        #expect(try await outcome(406, StudySamples.text("미가입 회원")) { try await $0.user() } == .notSignedUp)
    }

    @Test func signupReadsEachStatus() async throws {
        let signup = Study.Signup(phoneNumber: "+821012345678", fcmToken: "", nick: "n", birth: "2000-01-01T00:00:00.000Z", email: "a@b.co", gender: .woman)
        #expect(try await outcome(200, StudySamples.json(StudySamples.user)) { try await $0.signUp(signup) } == .created(StudySamples.user))
        #expect(try await outcome(201) { try await $0.signUp(signup) } == .alreadySignedUp)
        #expect(try await outcome(202) { try await $0.signUp(signup) } == .unusableNick)
    }

    @Test func aTextSignupAnswerIsFollowedByReadingTheUser() async throws {
        let transport = TestTransport { request in
            request.method == .post ? HTTPResponse(status: 200, body: StudySamples.text("OK")) : HTTPResponse(status: 200, body: StudySamples.json(StudySamples.user))
        }
        let client = StudyClient(baseURL: Self.base, transport: transport, session: StudySession(tokens: StudyTokens(idToken: "id-1", refreshToken: "r", uid: "u")))
        let signup = Study.Signup(phoneNumber: "+821012345678", fcmToken: "", nick: "n", birth: "2000-01-01T00:00:00.000Z", email: "a@b.co", gender: .woman)
        #expect(try await client.signUp(signup) == .created(StudySamples.user))
        #expect(transport.requests.map { "\($0.method.rawValue) \($0.url.path)" } == ["POST /v1/user", "GET /v1/user"])
    }

    @Test func withdrawingSignsOutAndA406IsAnOutcome() async throws {
        let transport = TestTransport { _ in HTTPResponse(status: 200, body: StudySamples.text("OK")) }
        let session = StudySession(tokens: StudyTokens(idToken: "id-1", refreshToken: "r", uid: "u"))
        let client = StudyClient(baseURL: Self.base, transport: transport, session: session)
        #expect(try await client.withdraw() == .withdrawn)
        #expect(await session.tokens == nil)
        #expect(try await outcome(406) { try await $0.withdraw() } == .notSignedUp)
    }

    @Test func queueEntryReadsEachPenalty() async throws {
        let entry = Study.QueueEntry(lat: 1, long: 2, studylist: [])
        for (status, expected) in [(200, Study.QueueEntryStatus.waiting), (201, .reportedTooOften), (203, .dodgePenalty1), (204, .dodgePenalty2), (205, .dodgePenalty3)] {
            #expect(try await outcome(status) { try await $0.enterQueue(entry) } == expected)
        }
        await #expect(throws: SproutError.http(status: 202, code: .other(202), message: nil)) {
            try await outcome(202) { try await $0.enterQueue(entry) }
        }
    }

    @Test func queueStateReadsNormalWaitingAndMatched() async throws {
        #expect(try await outcome(201, StudySamples.text("normal")) { try await $0.queueState() } == .normal)
        let waiting = #"{"dodged":0,"matched":0,"reviewed":0,"matchedNick":"","matchedUid":""}"#
        #expect(try await outcome(200, StudySamples.text(waiting)) { try await $0.queueState() } == .waiting)
        #expect(try await outcome(200, StudySamples.text(#"{"dodged":0,"matched":0,"reviewed":0}"#)) { try await $0.queueState() } == .waiting,
                "the original server left the partner out while waiting")
        let matched = StudySamples.json(Study.QueueState(dodged: 1, matched: 1, reviewed: 0, matchedNick: "고래밥", matchedUid: "uid-2"))
        #expect(try await outcome(200, matched) { try await $0.queueState() } == .matched(nick: "고래밥", uid: "uid-2", dodged: true, reviewed: false))
    }

    @Test func stopRequestAcceptAndDodgeReadEachStatus() async throws {
        #expect(try await outcome(200) { try await $0.stopSearching() } == .stopped)
        #expect(try await outcome(201) { try await $0.stopSearching() } == .notWaiting)
        for (status, expected) in [(200, Study.StudyRequestStatus.sent), (201, .requestedByOther), (202, .otherNotWaiting)] {
            #expect(try await outcome(status) { try await $0.requestStudy(with: "x") } == expected)
        }
        for (status, expected) in [(200, Study.StudyAcceptStatus.matched), (201, .otherMatchedElsewhere), (202, .otherNotWaiting), (203, .alreadyMatched)] {
            #expect(try await outcome(status) { try await $0.acceptStudy(with: "x") } == expected)
        }
        #expect(try await outcome(200) { try await $0.dodge("x") } == .cancelled)
        #expect(try await outcome(201) { try await $0.dodge("x") } == .notMyPartner)
        for (status, expected) in [(200, Study.ReportOutcome.reported), (201, .alreadyReported), (202, .unknownPerson)] {
            #expect(try await outcome(status) { try await $0.report("x", reasons: [], comment: "") } == expected)
        }
    }

    @Test func searchDecodesTheThreeLists() async throws {
        #expect(try await outcome(200, StudySamples.json(StudySamples.search)) { try await $0.search(lat: 1, long: 2) } == StudySamples.search)
    }

    @Test func sharedErrorStatusesThrowTyped() async throws {
        await #expect(throws: SproutError.http(status: 500, code: .serverError, message: nil)) { try await outcome(500) { try await $0.user() } }
        await #expect(throws: SproutError.http(status: 501, code: .invalidParameters, message: nil)) {
            try await outcome(501) { try await $0.enterQueue(Study.QueueEntry(lat: 1, long: 2, studylist: [])) }
        }
        await #expect(throws: SproutError.http(status: 406, code: .notSignedUp, message: nil)) { try await outcome(406) { try await $0.queueState() } }
        await #expect(throws: SproutError.http(status: 406, code: .notSignedUp, message: nil)) {
            try await outcome(406) { try await $0.updateMyPage(Study.MyPage(searchable: false, ageMin: 18, ageMax: 65, gender: .man, study: "")) }
        }
        await #expect(throws: SproutError.http(status: 500, code: .serverError, message: nil)) { try await outcome(500) { try await $0.rate(Study.Rating(otheruid: "x", reputation: [], comment: "")) } }
        let error = await #expect(throws: SproutError.self) { try await outcome(200, StudySamples.text("OK")) { try await $0.search(lat: 1, long: 2) } }
        guard case .decoding = error else { Issue.record("expected a decoding error, got \(String(describing: error))"); return }
    }

    @Test func transportFailuresAndAMissingSignInThrow() async throws {
        let offline = StudyClient(baseURL: Self.base, transport: TestTransport { _ in throw SproutError.transport("offline") },
                                  session: StudySession(tokens: StudyTokens(idToken: "id", refreshToken: "r", uid: "u")))
        await #expect(throws: SproutError.transport("offline")) { try await offline.queueState() }
        let transport = TestTransport { _ in HTTPResponse(status: 200) }
        let signedOut = StudyClient(baseURL: Self.base, transport: transport)
        await #expect(throws: SproutError.notSignedIn) { try await signedOut.user() }
        #expect(transport.requests.isEmpty)
    }
}
