import CryptoExtras
import Foundation
import Platform
import PlatformCore
import Testing
import Vapor

@Suite struct FCMPushSenderTests {
    let chat = PushMessage(title: "새 메시지", body: "안녕하세요", data: ["type": "chat", "uid": "uid-1"])

    @Test func aSendReachesFCMWithTheTokenNotificationDataAndSound() async throws {
        try await withFakeFCM { fake, sender, _ in
            #expect(await sender.send(chat, to: "device-token-aaaaaaaaaaaa") == .sent)
            let sent = try #require(await fake.state.sent.first)
            #expect(sent.message.token == "device-token-aaaaaaaaaaaa")
            #expect(sent.message.notification == ["title": "새 메시지", "body": "안녕하세요"])
            #expect(sent.message.data == ["type": "chat", "uid": "uid-1"])
            #expect(sent.message.apns?.payload.aps == ["sound": "default"])
            #expect(await fake.state.tokenFetches == 1)
        }
    }

    @Test func aSilentMessageCarriesNoAPNsOverride() async throws {
        try await withFakeFCM { fake, sender, _ in
            #expect(await sender.send(PushMessage(title: "t", body: "b", sound: nil), to: "device-token-bbbbbbbbbbbb") == .sent)
            let sent = try #require(await fake.state.sent.first)
            #expect(sent.message.apns == nil)
        }
    }

    @Test func theAccessTokenIsReusedUntilShortlyBeforeItExpires() async throws {
        try await withFakeFCM { fake, sender, clock in
            #expect(await sender.send(chat, to: "device-token-1") == .sent)
            clock.advance(by: 3599 - 300 - 1)
            #expect(await sender.send(chat, to: "device-token-2") == .sent)
            #expect(await fake.state.tokenFetches == 1)
            clock.advance(by: 2)
            #expect(await sender.send(chat, to: "device-token-3") == .sent, "the fake checks the new assertion's iat against the moved clock")
            #expect(await fake.state.tokenFetches == 2)
            #expect(await fake.state.sent.count == 3)
        }
    }

    @Test func concurrentSendsShareOneTokenFetch() async throws {
        try await withFakeFCM { fake, sender, _ in
            await fake.state.slowTokens(.milliseconds(200))
            let outcomes = await withTaskGroup(of: PushOutcome.self) { group in
                for index in 0..<8 {
                    group.addTask { await sender.send(chat, to: "device-token-\(index)") }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes == Array(repeating: .sent, count: 8))
            #expect(await fake.state.tokenFetches == 1)
            #expect(await fake.state.sent.count == 8)
        }
    }

    @Test func aRevokedAccessTokenIsRefreshedOnceAndTheSendRetried() async throws {
        try await withFakeFCM { fake, sender, _ in
            #expect(await sender.send(chat, to: "device-token-1") == .sent)
            await fake.state.revokeAll()
            #expect(await sender.send(chat, to: "device-token-2") == .sent)
            #expect(await fake.state.tokenFetches == 2)
            #expect(await fake.state.sendAttempts == 3)
        }
    }

    @Test func aSecond401IsAFailureNotALoop() async throws {
        try await withFakeFCM { fake, sender, _ in
            let unauthenticated = FakeFCM.Reply(status: .unauthorized, body: #"{"error":{"code":401,"message":"Request had invalid authentication credentials.","status":"UNAUTHENTICATED"}}"#)
            await fake.state.script([unauthenticated, unauthenticated])
            let outcome = await sender.send(chat, to: "device-token-1")
            guard case let .failed(reason) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
            #expect(reason.contains("401") && reason.contains("UNAUTHENTICATED"))
            #expect(await fake.state.sendAttempts == 2)
            #expect(await fake.state.tokenFetches == 2)
        }
    }

    @Test func unregisteredAndMalformedTokensAreDropped() async throws {
        try await withFakeFCM { fake, sender, _ in
            await fake.state.script([
                .fcmError(.notFound, "UNREGISTERED", message: "Requested entity was not found."),
                .fcmError(.badRequest, "INVALID_ARGUMENT", message: "The registration token is not a valid FCM registration token"),
                .fcmError(.forbidden, "SENDER_ID_MISMATCH", message: "SenderId mismatch"),
            ])
            let unregistered = await sender.send(chat, to: "device-token-1")
            #expect(unregistered == .dropToken(reason: "UNREGISTERED") && unregistered.dropsToken)
            #expect(await sender.send(chat, to: "not-a-token") == .dropToken(reason: "INVALID_ARGUMENT"))
            #expect(await sender.send(chat, to: "other-project-token") == .dropToken(reason: "SENDER_ID_MISMATCH"))
        }
    }

    @Test func anInvalidPayloadKeepsTheToken() async throws {
        try await withFakeFCM { fake, sender, _ in
            await fake.state.script([FakeFCM.Reply(status: .badRequest, body: """
            {"error":{"code":400,"message":"Invalid value at 'message.data[0].value' (TYPE_STRING), 12","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.BadRequest","fieldViolations":[{"field":"message.data[0].value","description":"Invalid value"}]}]}}
            """)])
            let outcome = await sender.send(chat, to: "device-token-1")
            #expect(!outcome.dropsToken)
            guard case let .failed(reason) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
            #expect(reason.contains("400") && reason.contains("message.data[0].value"))
        }
    }

    @Test func overloadIsRetryLaterWithTheServersDelay() async throws {
        try await withFakeFCM { fake, sender, _ in
            var quota = FakeFCM.Reply.fcmError(.tooManyRequests, "QUOTA_EXCEEDED")
            quota.headers = [("Retry-After", "30")]
            var unavailable = FakeFCM.Reply.fcmError(.serviceUnavailable, "UNAVAILABLE")
            unavailable.headers = [("Retry-After", "Thu, 01 Jan 2026 00:02:00 GMT")]
            await fake.state.script([quota, unavailable, .fcmError(.serviceUnavailable, "UNAVAILABLE")])
            #expect(await sender.send(chat, to: "device-token-1") == .retryLater(after: 30))
            #expect(await sender.send(chat, to: "device-token-1") == .retryLater(after: 120), "an HTTP date, two minutes after the clock")
            #expect(await sender.send(chat, to: "device-token-1") == .retryLater(after: nil))
        }
    }

    @Test func anAssertionSignedWithAnotherKeyIsRefusedAndNothingIsSent() async throws {
        let clock = ManualClock()
        let fake = try await FakeFCM(clock: clock)
        do {
            let otherKey = try _RSA.Signing.PrivateKey(keySize: .bits2048).pkcs8PEMRepresentation
            let outcome = try await fake.sender(clock: clock, key: otherKey).send(chat, to: "device-token-1")
            guard case let .failed(reason) = outcome else { Issue.record("expected a failure, got \(outcome)"); try await fake.stop(); return }
            #expect(reason.contains("400") && reason.contains("invalid_grant"))
            #expect(await fake.state.sendAttempts == 0)
        } catch {
            try await fake.stop()
            throw error
        }
        try await fake.stop()
    }
}
