import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import VaporTesting

extension TestSprout {
    @discardableResult
    func join(email: String = "mina@sprout.test", password: String = "pw12345", nick: String = "mina", phoneNum: String? = "0") async throws -> TestingHTTPResponse {
        try await send(.POST, "v1/users/join", headers: lessonsHeaders(), json: Lessons.JoinRequest(email: email, password: password, nick: nick, phoneNum: phoneNum))
    }

    func login(email: String = "mina@sprout.test", password: String = "pw12345") async throws -> Lessons.LoginResponse {
        let response = try await send(.POST, "v1/users/login", headers: lessonsHeaders(), json: Lessons.LoginRequest(email: email, password: password))
        #expect(response.status.code == 200)
        return try response.decode(Lessons.LoginResponse.self)
    }

    func message(_ response: TestingHTTPResponse) throws -> String {
        try response.decode(Lessons.Message.self).message
    }
}
