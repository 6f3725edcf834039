import Foundation
import Platform
import PlatformCore
import SproutAPI
import SproutTestSupport
import Testing

/// A NUL (U+0000) in a text reaches no database: PostgreSQL cannot keep one and failed the write
/// as a 500. Each contract answers it as its own 400, and nothing is written. (On SQLite the same
/// requests pass through the same decoders; CI runs this file on both.)
@Suite struct NULTextTests {
    @Test func jsonSpellingsOfNULAreFoundAndOnlyThose() {
        #expect(NULFreeText.jsonHasNUL(Array(#"{"a":"x\u0000y"}"#.utf8)))
        #expect(NULFreeText.jsonHasNUL(Array(#"{"a":"\u00001"}"#.utf8)))
        #expect(!NULFreeText.jsonHasNUL(Array(#"{"a":"\\u0000"}"#.utf8)), "an escaped backslash, then text")
        #expect(!NULFreeText.jsonHasNUL(Array(#"{"a":"\u0001 \n \"u0000\""}"#.utf8)))
        #expect(!NULFreeText.jsonHasNUL(Array(#"{"a":"\u000"#.utf8)), "cut short")
    }

    @Test func everyContractRefusesANULInAText() async throws {
        try await withSprout { sprout in
            let join = try await sprout.send(.POST, "api/auth/join", headers: ["Content-Type": "application/json"],
                                             body: #"{"email":"nul@sprout.test","password":"long-password","name":"a\u0000b"}"#)
            #expect(join.status.code == 400, "\(join.body.string)")
            let session = try await sprout.send(.POST, "api/auth/join", json: SproutAccount.JoinRequest(email: "nul@sprout.test", password: "long-password", name: "Nul"))
            let token = try session.decode(SproutAccount.Session.self).accessToken
            let bearer = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]

            let book = try await sprout.send(.POST, "api/reading/library", headers: bearer, body: #"{"title":"책\u0000"}"#)
            #expect(book.status.code == 400 && book.body.string.contains(#""error":true"#))
            let search = try await sprout.send(.GET, "api/reading/library?q=a%00b", headers: bearer)
            #expect(search.status.code == 200, "a query's NULs are dropped: it is read, never stored")
            let lessons = try await sprout.send(.POST, "v1/users/join", headers: sprout.lessonsHeaders(["Content-Type": "application/json"]),
                                                body: #"{"email":"nul2@sprout.test","password":"long-password","nick":"x\u0000"}"#)
            #expect(lessons.status.code == 400, "\(lessons.body.string)")
            let form = try await sprout.send(.POST, "identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=any",
                                             headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "phoneNumber=%2B821012345678%00")
            #expect(form.status.code == 400, "\(form.body.string)")
            #expect(try await sprout.send(.GET, "healthz").status.code == 200)
        }
    }

    @Test func aNULInAWebFormIsTheFormsBadRequestNotAForgery() async throws {
        try await withSprout { sprout in
            let web = WebClient(sprout)
            let csrf = try await web.csrfToken(from: "/signup")
            let response = try await web.post("/signup", form: ["email": "nul@sprout.test", "name": "a\u{0}b", "password": "long-password-1"], csrf: csrf)
            #expect(response.status.code == 400)
            #expect(try await web.post("/signup", form: ["email": "nul@sprout.test"], csrf: "wrong").status.code == 403, "a wrong token is still a forgery")
        }
    }

    @Test func aJSONBodyMissingAKeyIsAnsweredInTheAPIsWords() async throws {
        try await withSprout { sprout in
            let join = try await sprout.send(.POST, "api/auth/join", headers: ["Content-Type": "application/json"], body: #"{"email":"a@sprout.test","password":"long-password"}"#)
            #expect(join.status.code == 400)
            #expect(try join.jsonObject()["reason"] as? String == "name: required", "\(join.body.string)")
            let notAnObject = try await sprout.send(.POST, "api/auth/join", headers: ["Content-Type": "application/json"], body: "[1]")
            #expect(try notAnObject.jsonObject()["reason"] as? String == "The body must be a JSON object.")
        }
    }
}
