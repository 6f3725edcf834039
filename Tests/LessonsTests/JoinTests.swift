import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import VaporTesting

@Suite struct JoinTests {
    @Test func joinAnswersTheNewUser() async throws {
        try await withSprout { sprout in
            let response = try await sprout.join()
            #expect(response.status.code == 200)
            let json = try response.jsonObject()
            #expect(Set(json.keys) == ["user_id", "email", "nick"])
            #expect((json["user_id"] as? String)?.count == 24)
            #expect(json["email"] as? String == "mina@sprout.test")
            #expect(json["nick"] as? String == "mina")
        }
    }

    @Test func missingFieldsAre400() async throws {
        try await withSprout { sprout in
            for body in [#"{"email":"a@b.co","password":"x"}"#, #"{"email":"","password":"x","nick":"n"}"#, "{}", "not json", ""] {
                let response = try await sprout.send(.POST, "v1/users/join", headers: sprout.lessonsHeaders(["Content-Type": "application/json"]), body: body)
                #expect(response.status.code == 400, "body: \(body)")
                #expect(!(try sprout.message(response)).isEmpty)
            }
        }
    }

    @Test func wrongTypesAre400AndNumbersCountAsStrings() async throws {
        try await withSprout { sprout in
            let objectNick = try await sprout.send(.POST, "v1/users/join", headers: sprout.lessonsHeaders(["Content-Type": "application/json"]),
                                                   body: #"{"email":"a@b.co","password":"pw","nick":{"x":1}}"#)
            #expect(objectNick.status.code == 400)
            let numericPhone = try await sprout.send(.POST, "v1/users/join", headers: sprout.lessonsHeaders(["Content-Type": "application/json"]),
                                                     body: #"{"email":"a@b.co","password":"pw","nick":"numbers","phoneNum":1}"#)
            #expect(numericPhone.status.code == 200)
        }
    }

    @Test func bodyWithoutContentTypeIsReadAsJSON() async throws {
        try await withSprout { sprout in
            let response = try await sprout.send(.POST, "v1/users/join", headers: sprout.lessonsHeaders(),
                                                 body: #"{"email":"raw@b.co","password":"pw","nick":"raw"}"#)
            #expect(response.status.code == 200)
        }
    }

    @Test func nicknameWithWhitespaceIs402() async throws {
        try await withSprout { sprout in
            for nick in ["two words", " lead", "tab\there"] {
                let response = try await sprout.join(email: "\(UUID())@sprout.test", nick: nick)
                #expect(response.status.code == 402, "nick: \(nick)")
            }
        }
    }

    /// Nicks are copied into every post and comment and carry a unique index (on PostgreSQL a
    /// megabyte nick once answered 500): bounded, with the contract's 400.
    @Test func overlongProfileTextIs400AndStoresNothing() async throws {
        try await withSprout { sprout in
            #expect(try await sprout.join(email: "a@sprout.test", nick: String(repeating: "가", count: 30)).status.code == 200)
            #expect(try await sprout.join(email: "b@sprout.test", nick: String(repeating: "가", count: 31)).status.code == 400)
            #expect(try await sprout.join(email: "c@sprout.test", nick: String(repeating: "x", count: 1_000_000)).status.code == 400)
            #expect(try await sprout.join(email: "d@sprout.test", nick: "dana", phoneNum: String(repeating: "1", count: 31)).status.code == 400)
            let free = try await sprout.send(.POST, "v1/validation/email", headers: sprout.lessonsHeaders(), json: Lessons.EmailValidationRequest(email: "c@sprout.test"))
            #expect(free.status.code == 200, "the refused join left no account behind")
        }
    }

    @Test func duplicateEmailOrNickIs409AndChangesNothing() async throws {
        try await withSprout { sprout in
            try await sprout.join()
            let sameEmail = try await sprout.join(email: "MINA@sprout.test", nick: "other")
            #expect(sameEmail.status.code == 409)
            let sameNick = try await sprout.join(email: "other@sprout.test", nick: "mina")
            #expect(sameNick.status.code == 409)
            let freeAgain = try await sprout.send(.POST, "v1/validation/email", headers: sprout.lessonsHeaders(), json: Lessons.EmailValidationRequest(email: "other@sprout.test"))
            #expect(freeAgain.status.code == 200, "the refused join left no account behind")
        }
    }

    @Test func concurrentJoinsWithOneEmailSucceedOnce() async throws {
        try await withSprout { sprout in
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for index in 0..<6 {
                    group.addTask { try await sprout.join(email: "race@sprout.test", nick: "racer\(index)").status.code }
                }
                return try await group.reduce(into: [UInt]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1)
            #expect(statuses.filter { $0 == 409 }.count == 5, "\(statuses)")
        }
    }

    @Test func emailValidationAnswers200409And400() async throws {
        try await withSprout { sprout in
            try await sprout.join()
            let free = try await sprout.send(.POST, "v1/validation/email", headers: sprout.lessonsHeaders(), json: Lessons.EmailValidationRequest(email: "new@sprout.test"))
            #expect(free.status.code == 200)
            #expect(!(try sprout.message(free)).isEmpty)
            let taken = try await sprout.send(.POST, "v1/validation/email", headers: sprout.lessonsHeaders(), json: Lessons.EmailValidationRequest(email: "Mina@sprout.test"))
            #expect(taken.status.code == 409)
            let empty = try await sprout.send(.POST, "v1/validation/email", headers: sprout.lessonsHeaders(), json: Lessons.EmailValidationRequest(email: ""))
            #expect(empty.status.code == 400)
        }
    }

    /// Spec §2.6b: published clients of this server send a plain ID in `email`; it names the
    /// account on every contract and on the web, and only Sprout's own API insists on an address.
    @Test func aPlainIDJoinsValidatesAndLogsInEverywhere() async throws {
        try await withSprout { sprout in
            let free = try await sprout.send(.POST, "v1/validation/email", headers: sprout.lessonsHeaders(), json: Lessons.EmailValidationRequest(email: "sesac2024"))
            #expect(free.status.code == 200)
            let joined = try await sprout.join(email: "sesac2024", nick: "새싹")
            let answered = try joined.jsonObject()["email"] as? String
            #expect(joined.status.code == 200 && answered == "sesac2024")
            _ = try await sprout.login(email: "sesac2024")
            let taken = try await sprout.send(.POST, "v1/validation/email", headers: sprout.lessonsHeaders(), json: Lessons.EmailValidationRequest(email: "sesac2024"))
            #expect(taken.status.code == 409)
            for refused in ["Sesac2024", "abc", "sesac_2024", "새싹아이디", String(repeating: "a", count: 21)] {
                #expect(try await sprout.join(email: refused, nick: "n\(refused.count)").status.code == 400, "\(refused)")
            }
            let web = WebClient(sprout)
            let csrf = try await web.csrfToken(from: "/login")
            let signedIn = try await web.post("/login", form: ["email": "sesac2024", "password": "pw12345", "next": "/account"], csrf: csrf)
            #expect(signedIn.status == .seeOther && signedIn.headers.first(name: .location) == "/account")
            let own = try await sprout.send(.POST, "api/auth/join", json: SproutAccount.JoinRequest(email: "sesac2025", password: "long-password", name: "ID"))
            #expect(own.status.code == 400, "Sprout's own API takes email addresses")
        }
    }

    /// Over a real socket: the in-memory tester hands the body over already collected, past the limit check.
    @Test func hugeBodyIsRefusedWithA400NotA500() async throws {
        try await withSprout(ownThreads: true) { sprout in
            let padding = String(repeating: "a", count: 3 * 1024 * 1024)
            let response = try await sprout.app.testing(method: .running(port: 0)).sendRequest(
                .POST, "v1/users/join",
                headers: ["SesacKey": sprout.apiKey, "Content-Type": "application/json"],
                body: ByteBuffer(string: #"{"email":"big@b.co","password":"pw","nick":"\#(padding)"}"#)
            )
            #expect(response.status.code == 400)
            #expect(try sprout.message(response).isEmpty == false)
        }
    }
}
