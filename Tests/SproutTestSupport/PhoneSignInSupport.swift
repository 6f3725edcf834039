import Foundation
import Testing
import Vapor
import VaporTesting

/// One phone sign-in as a Firebase SDK pointed at the emulator performs it, through the
/// in-process server: send a code, read it from the emulator listing (the development sender's
/// stand-in for the SMS), sign in. Answers the ID token for the `idtoken` header.
public func signInByPhone(_ sprout: TestSprout, phone: String) async throws -> String {
    try await sprout.phoneSignIn(phone).idToken
}

/// What `accounts:signInWithPhoneNumber` answered.
public struct PhoneSignInResult: Sendable, Decodable {
    public let idToken: String
    public let refreshToken: String
    public let expiresIn: String
    public let localId: String
    public let isNewUser: Bool
    public let phoneNumber: String
}

/// A failure of the emulator REST flow, with what the server answered.
public struct PhoneSignInFlowError: Error, CustomStringConvertible {
    public let step: String
    public let status: UInt
    public let body: String
    public var description: String { "\(step) answered \(status): \(body)" }
}

extension TestSprout {
    /// `POST /identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode`: the `sessionInfo`.
    public func sendPhoneCode(_ phone: String, from address: String? = nil) async throws -> String {
        var headers = ["X-Client-Version": "iOS/FirebaseSDK/10.0.0/FirebaseCore-iOS"]
        if let address { headers["X-Forwarded-For"] = address }
        let response = try await send(.POST, "identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=test-key", headers: headers, json: ["phoneNumber": phone])
        guard response.status == .ok, let sessionInfo = try? response.decode(SessionInfo.self).sessionInfo else {
            throw PhoneSignInFlowError(step: "sendVerificationCode", status: response.status.code, body: response.body.string)
        }
        return sessionInfo
    }

    /// The code the development sender "sent" for `sessionInfo`, from the emulator listing.
    public func phoneCode(for sessionInfo: String) async throws -> String {
        let response = try await send(.GET, "emulator/v1/projects/\(platform.phoneSignIn.project)/verificationCodes")
        guard response.status == .ok, let listing = try? response.decode(Listing.self),
              let code = listing.verificationCodes.first(where: { $0.sessionInfo == sessionInfo })?.code
        else { throw PhoneSignInFlowError(step: "verificationCodes", status: response.status.code, body: response.body.string) }
        return code
    }

    /// The whole flow; the answer of `accounts:signInWithPhoneNumber`.
    public func phoneSignIn(_ phone: String) async throws -> PhoneSignInResult {
        let sessionInfo = try await sendPhoneCode(phone)
        let code = try await phoneCode(for: sessionInfo)
        let response = try await send(.POST, "identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber?key=test-key", json: ["sessionInfo": sessionInfo, "code": code])
        guard response.status == .ok, let result = try? response.decode(PhoneSignInResult.self) else {
            throw PhoneSignInFlowError(step: "signInWithPhoneNumber", status: response.status.code, body: response.body.string)
        }
        return result
    }

    private struct SessionInfo: Decodable { let sessionInfo: String }

    private struct Listing: Decodable {
        struct Code: Decodable {
            let phoneNumber: String
            let sessionInfo: String
            let code: String
        }

        let verificationCodes: [Code]
    }
}
