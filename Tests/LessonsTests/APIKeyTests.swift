import SproutAPI
import SproutTestSupport
import Testing

@Suite struct APIKeyTests {
    @Test func everyLessonsCallNeedsARegisteredKey() async throws {
        try await withSprout { sprout in
            let body = Lessons.LoginRequest(email: "a@b.co", password: "pw")
            let missing = try await sprout.send(.POST, "v1/users/login", json: body)
            #expect(missing.status.code == 420)
            #expect(!(try sprout.message(missing)).isEmpty)
            let wrong = try await sprout.send(.POST, "v1/users/login", headers: ["SesacKey": "sk_wrong"], json: body)
            #expect(wrong.status.code == 420)
            let created = try await sprout.platform.apiKeys.create(name: "ios", on: sprout.app.db)
            let withNewKey = try await sprout.send(.POST, "v1/users/login", headers: ["SesacKey": created], json: body)
            #expect(withNewKey.status.code == 401, "a created key is accepted (the account does not exist)")
        }
    }

    @Test func keysAreStoredHashed() async throws {
        try await withSprout { sprout in
            let key = try await sprout.platform.apiKeys.create(name: "android", on: sprout.app.db)
            let stored = try await sprout.platform.apiKeys.list(on: sprout.app.db)
            #expect(stored.map(\.name).contains("android"))
            #expect(stored.allSatisfy { $0.id != key })
        }
    }
}
