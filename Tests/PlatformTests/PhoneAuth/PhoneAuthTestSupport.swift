import Foundation
import Platform
import PlatformCore
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// A Sprout with phone settings of the test's choosing (limits off unless given).
func withPhoneSprout<T>(
    limits: PhoneCodeLimits = .off, environment: [String: String] = [:], _ test: (TestSprout) async throws -> T
) async throws -> T {
    try await withSprout(configure: { config in
        config.phoneCodeLimits = limits
        config.environment = EnvironmentReader(environment)
    }, test)
}

extension TestSprout {
    var phone: PhoneSignIn { platform.phoneSignIn }

    /// A code sent through the service, and the code the development sender showed for it.
    func codeSent(to phone: String, from client: String = "192.0.2.1") async throws -> (sessionInfo: String, code: String) {
        let sessionInfo = try await self.phone.sendCode(to: phone, clientAddress: client, on: app.db)
        return (sessionInfo, try await phoneCode(for: sessionInfo))
    }

    /// POST with a JSON body under the emulator paths, as the Firebase SDKs send it.
    func firebase(_ path: String, _ body: [String: String]) async throws -> TestingHTTPResponse {
        try await send(.POST, path + "?key=AIzaFake", headers: ["X-Client-Version": "iOS/FirebaseSDK/10.0.0/FirebaseCore-iOS"], json: body)
    }

    /// The `error` object of Google's error JSON, checked for the shape the SDKs decode.
    func firebaseError(_ response: TestingHTTPResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> (code: Int, message: String) {
        let error = try #require(try response.jsonObject()["error"] as? [String: Any], sourceLocation: sourceLocation)
        let code = try #require(error["code"] as? Int, sourceLocation: sourceLocation)
        let message = try #require(error["message"] as? String, sourceLocation: sourceLocation)
        let errors = try #require(error["errors"] as? [[String: Any]], sourceLocation: sourceLocation)
        #expect(errors.first?["message"] as? String == message, sourceLocation: sourceLocation)
        #expect(errors.first?["domain"] as? String == "global", sourceLocation: sourceLocation)
        #expect(error["status"] is String, sourceLocation: sourceLocation)
        #expect(Int(response.status.code) == code, sourceLocation: sourceLocation)
        return (code, message)
    }
}

/// The JWT's payload, decoded without checking the signature, as the Firebase SDKs read it.
func jwtPayload(_ token: String) throws -> [String: Any] {
    let parts = token.split(separator: ".")
    try #require(parts.count == 3)
    var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    let data = try #require(Data(base64Encoded: base64))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

func jwtHeader(_ token: String) throws -> [String: Any] {
    let first = try #require(token.split(separator: ".").first)
    var base64 = first.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    let data = try #require(Data(base64Encoded: base64))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}
