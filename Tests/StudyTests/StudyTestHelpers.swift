import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// Someone signed in by phone and, unless asked otherwise, signed up for SeSAC Study.
struct StudyPerson {
    let token: String
    /// Mine, sealed, as `GET /v1/user` answers it to me.
    let uid: String
    let phone: String
    /// What everyone else is shown me by.
    var accountID: String { String(uid.dropLast(24)) }
}

extension TestSprout {
    /// Signs in through the Firebase-emulator REST flow, then signs up with `nick`.
    func studyPerson(_ phone: String, nick: String, gender: Int = 1, signUp: Bool = true) async throws -> StudyPerson {
        let token = try await signInByPhone(self, phone: phone)
        guard signUp else { return StudyPerson(token: token, uid: "", phone: phone) }
        let response = try await study(.POST, "v1/user", token, form: Self.signupForm(nick: nick, gender: gender))
        #expect(response.status.code == 200, "signup of \(nick): \(response.status.code) \(response.body.string)")
        let user = try response.decode(Study.User.self)
        return StudyPerson(token: token, uid: user.uid, phone: phone)
    }

    static func signupForm(nick: String, gender: Int = 1, birth: String = "1998-03-01T00:00:00.000Z", email: String = "sesac@example.com") -> [(String, String)] {
        [("phoneNumber", "+821000000000"), ("FCMtoken", "fcm-token"), ("nick", nick), ("birth", birth), ("email", email), ("gender", String(gender))]
    }

    /// One study request as the clients send it: `idtoken`, and a form-urlencoded body.
    func study(_ method: HTTPMethod, _ path: String, _ token: String?, form: [(String, String)] = []) async throws -> TestingHTTPResponse {
        var headers = ["Content-Type": "application/x-www-form-urlencoded"]
        if let token { headers["idtoken"] = token }
        let body = form.isEmpty ? nil : StudyForm(form).encoded
        return try await send(method, path, headers: headers, body: body)
    }

    func study(_ method: HTTPMethod, _ path: String, _ person: StudyPerson, form: [(String, String)] = []) async throws -> TestingHTTPResponse {
        try await study(method, path, person.token, form: form)
    }

    /// Waits in the queue at a point with tags.
    @discardableResult
    func enterQueue(_ person: StudyPerson, lat: Double = 37.517819, long: Double = 126.886145, tags: [String] = ["swift"]) async throws -> Int {
        let form = [("lat", String(lat)), ("long", String(long))] + tags.map { ("studylist", $0) }
        return Int(try await study(.POST, "v1/queue", person, form: form).status.code)
    }

    func queueState(_ person: StudyPerson) async throws -> (status: UInt, state: Study.QueueState?) {
        let response = try await study(.GET, "v1/queue/myQueueState", person)
        return (response.status.code, response.status.code == 200 ? try response.decode(Study.QueueState.self) : nil)
    }

    func search(_ person: StudyPerson, lat: Double = 37.517819, long: Double = 126.886145) async throws -> Study.SearchResult {
        let response = try await study(.POST, "v1/queue/search", person, form: [("lat", String(lat)), ("long", String(long))])
        #expect(response.status.code == 200)
        return try response.decode(Study.SearchResult.self)
    }

    /// Two people waiting side by side, the first having asked the second, then matched.
    func matchedPair() async throws -> (StudyPerson, StudyPerson) {
        let a = try await studyPerson("+821011110001", nick: "고래밥")
        let b = try await studyPerson("+821011110002", nick: "새우깡")
        try await enterQueue(a)
        try await enterQueue(b, lat: 37.5185)
        #expect(try await study(.POST, "v1/queue/studyrequest", a, form: [("otheruid", b.uid)]).status.code == 200)
        #expect(try await study(.POST, "v1/queue/studyaccept", b, form: [("otheruid", a.uid)]).status.code == 200)
        return (a, b)
    }
}
