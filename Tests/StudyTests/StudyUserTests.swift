import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

@Suite("Study: /v1/user")
struct StudyUserTests {
    @Test("no token, a foreign token and an expired token are 401 on every study route")
    func tokens() async throws {
        try await withSprout { sprout in
            let routes: [(HTTPMethod, String)] = [(.GET, "v1/user"), (.POST, "v1/queue"), (.GET, "v1/queue/myQueueState"), (.POST, "v1/queue/rate/x")]
            for (method, path) in routes {
                #expect(try await sprout.study(method, path, nil).status.code == 401)
                #expect(try await sprout.study(method, path, "eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl").status.code == 401)
            }
            let person = try await sprout.studyPerson("+821012345678", nick: "새싹")
            #expect(try await sprout.study(.GET, "v1/user", person).status.code == 200)
            sprout.clock.advance(by: 3601)
            #expect(try await sprout.study(.GET, "v1/user", person).status.code == 401)
        }
    }

    @Test("signing up answers the User JSON; GET answers all 27 fields with their JSON types")
    func signUpAndRead() async throws {
        try await withSprout { sprout in
            let signedIn = try await sprout.studyPerson("+821012345678", nick: "", signUp: false)
            #expect(try await sprout.study(.GET, "v1/user", signedIn.token).status.code == 406)
            let created = try await sprout.study(.POST, "v1/user", signedIn.token, form: TestSprout.signupForm(nick: "새싹이"))
            #expect(created.status.code == 200)
            let signup = try created.jsonObject()
            #expect(signup["phoneNumber"] as? String == "+821012345678", "the verified phone, not the form's")
            #expect(signup["FCMtoken"] as? String == "fcm-token")
            #expect(signup["gender"] as? Int == 1)

            let response = try await sprout.study(.GET, "v1/user", signedIn.token)
            #expect(response.status.code == 200)
            let user = try response.jsonObject()
            #expect(user.count == 27)
            for key in ["_id", "uid", "phoneNumber", "email", "FCMtoken", "nick", "birth", "study", "createdAt"] {
                #expect(user[key] is String, "\(key)")
            }
            for key in ["__v", "gender", "sesac", "background", "reportedNum", "dodgepenalty", "dodgeNum", "ageMin", "ageMax", "searchable"] {
                #expect(user[key] is Int, "\(key)")
            }
            for key in ["comment", "reputation", "sesacCollection", "backgroundCollection", "purchaseToken", "transactionId", "reviewedBefore", "reportedUser"] {
                #expect(user[key] is [Any], "\(key)")
            }
            let decoded = try response.decode(Study.User.self)
            #expect(decoded.reputation.count == 9)
            #expect(decoded.birth == "1998-03-01T00:00:00.000Z")
            #expect(decoded.sesacCollection == [0] && decoded.backgroundCollection == [0])
            #expect((decoded.ageMin, decoded.ageMax, decoded.searchable) == (18, 65, 1))
            #expect(decoded.createdAt.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil)

            #expect(try await sprout.study(.POST, "v1/user", signedIn.token, form: TestSprout.signupForm(nick: "또가입")).status.code == 201)
        }
    }

    @Test("every birth format clients send is read as the same instant", arguments: [
        ("2000-01-01T00:00:00.000Z", "2000-01-01T00:00:00.000Z"),
        ("2000-01-01 00:00:00 +0000", "2000-01-01T00:00:00.000Z"),
        ("2000-01-01T09:00:00.000+0900", "2000-01-01T00:00:00.000Z"),
        ("2000-01-01T09:00:00+09:00", "2000-01-01T00:00:00.000Z"),
        ("1999-12-31T15:00:00.000Z", "1999-12-31T15:00:00.000Z"),
    ])
    func birthFormats(sent: String, stored: String) async throws {
        try await withSprout { sprout in
            let person = try await sprout.studyPerson("+821012345678", nick: "", signUp: false)
            let response = try await sprout.study(.POST, "v1/user", person.token, form: TestSprout.signupForm(nick: "생일", birth: sent))
            #expect(response.status.code == 200)
            #expect(try response.decode(Study.User.self).birth == stored)
        }
    }

    @Test("bad signups are 501 and store nothing; a forbidden nickname is 202")
    func badSignups() async throws {
        try await withSprout { sprout in
            let person = try await sprout.studyPerson("+821012345678", nick: "", signUp: false)
            // The manual clock starts on 2026-01-01: 17 years before is the youngest allowed.
            let cases: [[(String, String)]] = [
                TestSprout.signupForm(nick: "열한글자닉네임입니다요"),
                TestSprout.signupForm(nick: " "),
                TestSprout.signupForm(nick: "어린이", birth: "2009-01-02T00:00:00.000Z"),
                TestSprout.signupForm(nick: "날짜", birth: "yesterday"),
                TestSprout.signupForm(nick: "날짜", birth: "2000-02-30T00:00:00.000Z"),
                TestSprout.signupForm(nick: "메일", email: "not-an-email"),
                TestSprout.signupForm(nick: "성별", gender: 2),
                [("nick", "빈칸")],
            ]
            for form in cases {
                #expect(try await sprout.study(.POST, "v1/user", person.token, form: form).status.code == 501, "\(form)")
            }
            #expect(try await sprout.study(.POST, "v1/user", person.token, form: TestSprout.signupForm(nick: "관리자")).status.code == 202)
            #expect(try await sprout.study(.POST, "v1/user", person.token, form: TestSprout.signupForm(nick: "ADMIN봇")).status.code == 202)
            #expect(try await sprout.study(.GET, "v1/user", person.token).status.code == 406)
            let oldEnough = try await sprout.study(.POST, "v1/user", person.token, form: TestSprout.signupForm(nick: "열일곱", birth: "2008-12-31T15:00:00.000Z"))
            #expect(oldEnough.status.code == 200, "17 on Korean dates")
        }
    }

    @Test("mypage saves what it is given and refuses out-of-range values")
    func myPage() async throws {
        try await withSprout { sprout in
            let person = try await sprout.studyPerson("+821012345678", nick: "새싹")
            let good = [("searchable", "0"), ("ageMin", "20"), ("ageMax", "30"), ("gender", "0"), ("study", "알고리즘")]
            #expect(try await sprout.study(.PUT, "v1/user/mypage", person, form: good).status.code == 200)
            let user = try await sprout.study(.GET, "v1/user", person).decode(Study.User.self)
            #expect((user.searchable, user.ageMin, user.ageMax, user.gender, user.study) == (0, 20, 30, 0, "알고리즘"))
            for bad in [[("ageMin", "17")], [("ageMax", "66")], [("ageMin", "40"), ("ageMax", "30")], [("searchable", "2")], [("gender", "x")], [("study", String(repeating: "a", count: 51))]] {
                var form = Dictionary(good, uniquingKeysWith: { $1 })
                for (key, value) in bad { form[key] = value }
                #expect(try await sprout.study(.PUT, "v1/user/mypage", person, form: form.map { ($0.key, $0.value) }).status.code == 501, "\(bad)")
            }
            #expect(try await sprout.study(.GET, "v1/user", person).decode(Study.User.self).ageMin == 20)
            #expect(try await sprout.study(.PUT, "v1/user/update_fcm_token", person, form: [("FCMtoken", "new-device")]).status.code == 200)
            #expect(try await sprout.study(.GET, "v1/user", person).decode(Study.User.self).fcmToken == "new-device")
            for form in [[], [("FCMtoken", "")], [("fcmToken", "wrong-case")]] {
                #expect(try await sprout.study(.PUT, "v1/user/update_fcm_token", person, form: form).status.code == 501)
            }
            #expect(try await sprout.study(.GET, "v1/user", person).decode(Study.User.self).fcmToken == "new-device")
        }
    }

    @Test("a control character in any value is a 501 that changes nothing, on every database")
    func controlCharacters() async throws {
        try await withSprout { sprout in
            let person = try await sprout.studyPerson("+821012345678", nick: "새싹")
            let refused: [(HTTPMethod, String, [(String, String)])] = [
                (.PUT, "v1/user/mypage", [("searchable", "1"), ("ageMin", "20\u{0}junk"), ("ageMax", "50"), ("gender", "0"), ("study", "x")]),
                (.PUT, "v1/user/mypage", [("searchable", "1"), ("ageMin", "20"), ("ageMax", "50"), ("gender", "0"), ("study", "a\u{0}b")]),
                (.PUT, "v1/user/update_fcm_token", [("FCMtoken", "token\u{0}tail")]),
                (.POST, "v1/queue", [("lat", "37.5\u{0}junk"), ("long", "126.9"), ("studylist", "swift")]),
                (.POST, "v1/queue", [("lat", "37.5"), ("long", "126.9"), ("studylist", "sw\u{1B}ift")]),
                (.POST, "v1/queue", [("lat", "37.5"), ("long", "126.9"), ("unknown", "\u{0}")]),
            ]
            for (method, path, form) in refused {
                let response = try await sprout.study(method, path, person, form: form)
                #expect(response.status.code == 501, "\(path) \(form)")
            }
            let user = try await sprout.study(.GET, "v1/user", person).decode(Study.User.self)
            #expect(user.ageMin == 18 && user.study == "" && user.fcmToken == "fcm-token")
            #expect(try await sprout.queueState(person).status == 201, "not queued")

            let fresh = try await sprout.studyPerson("+821099998888", nick: "x", signUp: false)
            let signup = try await sprout.study(.POST, "v1/user", fresh.token, form: TestSprout.signupForm(nick: "새\u{0}싹"))
            #expect(signup.status.code == 501)
            #expect(try await sprout.study(.GET, "v1/user", fresh.token).status.code == 406)

            let comment = [("FCMtoken", "line one\nline two\ttabbed")]
            #expect(try await sprout.study(.PUT, "v1/user/update_fcm_token", person, form: comment).status.code == 200, "tabs and line breaks stay allowed")
        }
    }

    @Test("withdrawing removes the study profile once; the second time is 406")
    func withdraw() async throws {
        try await withSprout { sprout in
            let person = try await sprout.studyPerson("+821012345678", nick: "새싹")
            try await sprout.enterQueue(person)
            let withdrawn = try await sprout.study(.POST, "v1/user/withdraw", person)
            #expect(withdrawn.status.code == 200 && !withdrawn.body.string.isEmpty)
            #expect(try await sprout.study(.GET, "v1/user", person).status.code == 406)
            #expect(try await sprout.study(.POST, "v1/user/withdraw", person).status.code == 406)
            #expect(try await sprout.study(.GET, "v1/queue/myQueueState", person).status.code == 406)
        }
    }

    @Test("unknown study paths answer as the study server: 401 without a token, 404 with one")
    func unknownPaths() async throws {
        try await withSprout { sprout in
            let person = try await sprout.studyPerson("+821012345678", nick: "새싹")
            #expect(try await sprout.study(.GET, "v1/user/nothing", nil).status.code == 401)
            #expect(try await sprout.study(.GET, "v1/user/nothing", person).status.code == 404)
        }
    }
}
