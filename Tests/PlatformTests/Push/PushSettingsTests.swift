import Foundation
import Logging
import Platform
import PlatformCore
import SproutTestSupport
import Synchronization
import Testing

@Suite struct PushSettingsTests {
    @Test func theLogSenderIsTheDefault() throws {
        #expect(try PushSettings(environment: EnvironmentReader([:])) == PushSettings(provider: .log))
        #expect(try PushSettings(environment: EnvironmentReader(["SPROUT_PUSH": "LOG"])) == PushSettings())
        #expect(throws: ConfigError.invalid(name: "SPROUT_PUSH", value: "apns", expected: "log or fcm")) {
            try PushSettings(environment: EnvironmentReader(["SPROUT_PUSH": "apns"]))
        }
    }

    @Test func theServiceAccountIsItsJSONOrAFilePath() async throws {
        try await withFakeFCM { fake, _, _ in
            let json = try fake.serviceAccountJSON()
            let inline = try PushSettings(environment: EnvironmentReader(["SPROUT_PUSH": "fcm", "SPROUT_FCM_SERVICE_ACCOUNT": "  " + json]))
            guard case let .fcm(credentials) = inline.provider else { Issue.record("expected FCM"); return }
            #expect(credentials.serviceAccount.projectID == FakeFCM.projectID)
            #expect(credentials.serviceAccount.clientEmail == FakeFCM.clientEmail)
            #expect(credentials.serviceAccount.tokenURI == fake.baseURL + "/token")
            #expect(credentials.baseURL == "https://fcm.googleapis.com")
            #expect(!credentials.serviceAccount.description.contains("PRIVATE KEY"))

            let file = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-fcm-\(UUID().uuidString).json")
            try Data(json.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let fromFile = try PushSettings(environment: EnvironmentReader([
                "SPROUT_PUSH": "fcm", "SPROUT_FCM_SERVICE_ACCOUNT": file.path, "FCM_BASE_URL": "http://127.0.0.1:9/",
            ]))
            #expect(fromFile.provider == .fcm(.init(serviceAccount: credentials.serviceAccount, baseURL: "http://127.0.0.1:9")))
        }
    }

    @Test func aMalformedServiceAccountIsAConfigErrorThatNeverQuotesTheKey() throws {
        let pem = try fcmTestKey.get().pkcs8PEMRepresentation
        func account(_ fields: [String: String]) throws -> String {
            String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
        }
        let complete = ["type": "service_account", "project_id": "p", "client_email": "a@p.iam.gserviceaccount.com", "private_key": pem]
        let broken = [
            "{not json",
            try account(complete.filter { $0.key != "client_email" }),
            try account(complete.filter { $0.key != "project_id" }),
            try account(complete.merging(["private_key": "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"]) { $1 }),
            try account(complete.merging(["type": "authorized_user"]) { $1 }),
            try account(complete.merging(["token_uri": "ftp://x"]) { $1 }),
        ]
        for value in broken {
            #expect {
                try PushSettings(environment: EnvironmentReader(["SPROUT_PUSH": "fcm", "SPROUT_FCM_SERVICE_ACCOUNT": value]))
            } throws: { error in
                guard let error = error as? ConfigError, case let .invalid(name, shown, _) = error else { return false }
                return name == "SPROUT_FCM_SERVICE_ACCOUNT" && shown == "(JSON)" && !error.description.contains("PRIVATE KEY")
            }
        }
        #expect(try PushSettings(environment: EnvironmentReader(["SPROUT_PUSH": "fcm", "SPROUT_FCM_SERVICE_ACCOUNT": account(complete)])).provider != .log)
        #expect(throws: ConfigError.invalid(name: "SPROUT_FCM_SERVICE_ACCOUNT", value: "", expected: "a value when SPROUT_PUSH=fcm")) {
            try PushSettings(environment: EnvironmentReader(["SPROUT_PUSH": "fcm"]))
        }
        #expect(throws: ConfigError.self) {
            try PushSettings(environment: EnvironmentReader(["SPROUT_PUSH": "fcm", "SPROUT_FCM_SERVICE_ACCOUNT": "/nonexistent/key.json"]))
        }
        #expect(throws: ConfigError.self) {
            try PushSettings(environment: EnvironmentReader(["SPROUT_PUSH": "fcm", "SPROUT_FCM_SERVICE_ACCOUNT": account(complete), "FCM_BASE_URL": "ftp://x"]))
        }
    }

    @Test func theServerPushesThroughFCMWhenConfigured() async throws {
        try await withFakeFCM { fake, _, _ in
            let env = ["SPROUT_PUSH": "fcm", "SPROUT_FCM_SERVICE_ACCOUNT": try fake.serviceAccountJSON(), "FCM_BASE_URL": fake.baseURL]
            try await withSprout(configure: { $0.environment = EnvironmentReader(env) }) { sprout in
                try await sprout.platform.pushes.enqueue(PushMessage(title: "매칭", body: "스터디가 매칭되었습니다"), to: "device-token-1", app: "test", on: sprout.app.db)
                await sprout.platform.pushes.deliverDue(on: sprout.app.db)
            }
            #expect(await fake.state.sent.map(\.message.token) == ["device-token-1"])
        }
    }

    @Test func theLogSenderLogsOnlyTheTokensFirstCharactersAndTheDataKeys() async {
        let lines = CapturedLog()
        let sender = LogPushSender(logger: Logger(label: "test") { _ in lines })
        let message = PushMessage(title: "김선생님의 메시지", body: "비밀 이야기", data: ["link": "/inbox/room-id-secret", "kind": "message"])
        #expect(await sender.send(message, to: "abcdefgh-the-rest-of-a-long-token") == .sent)
        let logged = lines.lines.all.joined(separator: "\n")
        #expect(logged.contains("abcdefgh…") && logged.contains("kind,link"))
        for secret in ["the-rest", "김선생님", "비밀 이야기", "room-id-secret", "/inbox"] { #expect(!logged.contains(secret), "\(secret) in \(logged)") }
    }
}

/// Collects log messages with their metadata, one line each.
struct CapturedLog: LogHandler {
    let lines = SharedLines()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    final class SharedLines: Sendable {
        let storage = Mutex<[String]>([])
        func append(_ line: String) { storage.withLock { $0.append(line) } }
        var all: [String] { storage.withLock { $0 } }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String, function: String, line: UInt) {
        let fields = (metadata ?? [:]).map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        lines.append("\(message) \(fields)")
    }
}
