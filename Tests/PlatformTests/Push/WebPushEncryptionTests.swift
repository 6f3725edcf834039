import Crypto
import Foundation
@testable import Platform
@testable import PlatformCore
import Testing

/// RFC 8291's payload encryption, VAPID's token (RFC 8292) and the push services a subscription
/// may name.
@Suite struct WebPushEncryptionTests {
    /// RFC 8291 Appendix A: the same keys, salt and message give the same bytes.
    @Test func theRFCsExampleEncryptsToTheRFCsBytes() throws {
        let serverKey = try P256.KeyAgreement.PrivateKey(rawRepresentation: try #require(Base64URL.decode("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")))
        let recipient = try WebPushEncryption.Recipient(
            p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", auth: "BTBZMqHH6r4Tts7J_aSIgg"
        )
        let body = try WebPushEncryption.encrypt(Data("When I grow up, I want to be a watermelon".utf8), for: recipient, serverKey: serverKey,
                                                 salt: Array(try #require(Base64URL.decode("DGv6ra1nlYgDCS1FRnbzlw"))))
        #expect(Base64URL.encode(body) == """
            DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN
            """)
    }

    @Test func aMessageLongerThanOneRecordIsRefusedAndAPushShortensItsBodyToFit() throws {
        let recipient = try WebPushEncryption.Recipient(p256dh: Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation),
                                                        auth: Base64URL.encode([UInt8](repeating: 7, count: 16)))
        #expect(throws: WebPushEncryption.Failure.tooLong) {
            try WebPushEncryption.encrypt(Data(count: WebPushEncryption.maxPlaintext + 1), for: recipient, serverKey: .init(), salt: Array(repeating: 1, count: 16))
        }
        let long = PushMessage(title: "Sprout", body: String(repeating: "가", count: 5000), data: ["link": "/inbox/1"])
        let plaintext = try WebPushSender.plaintext(long)
        #expect(plaintext.count <= WebPushEncryption.maxPlaintext)
        let payload = try JSONDecoder().decode([String: String].self, from: plaintext)
        #expect(payload["link"] == "/inbox/1" && payload["body"]?.hasSuffix("…") == true && payload["body"]!.hasPrefix("가가가"))
    }

    @Test func keysThatAreNotAP256PointAndSixteenBytesAreRefused() {
        let point = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        let auth = Base64URL.encode([UInt8](repeating: 7, count: 16))
        #expect((try? WebPushEncryption.Recipient(p256dh: point, auth: auth)) != nil)
        for (p256dh, secret) in [
            (point, Base64URL.encode([UInt8](repeating: 7, count: 15))),
            (String(point.dropLast(2)), auth),
            (Base64URL.encode([4] + [UInt8](repeating: 1, count: 64)), auth),
            (point.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "+/", auth),
            ("", ""), ("%%%%", auth),
        ] {
            #expect((try? WebPushEncryption.Recipient(p256dh: p256dh, auth: secret)) == nil, "\(p256dh) \(secret)")
        }
    }

    @Test func theVAPIDTokenIsSignedByTheKeyBrowsersSubscribedWithAndNamesThePushService() throws {
        let key = try VAPIDKey(privateKey: VAPIDKey.generate())
        let expires = Date(timeIntervalSince1970: 1_800_000_000)
        let header = try key.authorization(for: try #require(URL(string: "https://fcm.googleapis.com/fcm/send/abc:def")), subject: "mailto:ops@sprout.test", expires: expires)
        let parts = header.split(separator: " ", maxSplits: 1)
        #expect(parts.first == "vapid")
        let fields = Dictionary(uniqueKeysWithValues: try #require(parts.last).components(separatedBy: ", ").map {
            let pair = $0.split(separator: "=", maxSplits: 1)
            return (String(pair[0]), String(pair[1]))
        })
        #expect(fields["k"] == key.publicKey)
        let jwt = try #require(fields["t"]).split(separator: ".").map(String.init)
        #expect(jwt.count == 3)
        let publicKey = try P256.Signing.PublicKey(x963Representation: try #require(Base64URL.decode(key.publicKey)))
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(jwt[2])))
        #expect(publicKey.isValidSignature(signature, for: Data((jwt[0] + "." + jwt[1]).utf8)))
        let claims = try JSONSerialization.jsonObject(with: try #require(Base64URL.decode(jwt[1]))) as? [String: Any]
        #expect(claims?["aud"] as? String == "https://fcm.googleapis.com")
        #expect(claims?["sub"] as? String == "mailto:ops@sprout.test")
        #expect(claims?["exp"] as? Int == 1_800_000_000)
        let other = try VAPIDKey(privateKey: VAPIDKey.generate())
        #expect(other.publicKey != key.publicKey)
        #expect(throws: ConfigError.self) { try VAPIDKey(privateKey: "too-short") }
    }

    @Test func subscriptionsMayNameTheBrowsersPushServicesOnly() throws {
        let hosts = PushServiceHosts.browsers
        for allowed in ["https://fcm.googleapis.com/fcm/send/x", "https://updates.push.services.mozilla.com/wpush/v2/x", "https://web.push.apple.com/QO",
                        "https://wns2-by3p.notify.windows.com/w/?token=x", "https://FCM.googleapis.com:443/x"] {
            #expect(hosts.admits(try #require(URL(string: allowed))), "\(allowed)")
        }
        for refused in ["http://fcm.googleapis.com/fcm/send/x", "https://fcm.googleapis.com:8443/x", "https://169.254.169.254/latest/meta-data",
                        "https://localhost/x", "https://127.0.0.1/x", "https://push.apple.com.attacker.example/x", "https://evilpush.apple.com/x",
                        "https://user:pass@fcm.googleapis.com/x", "file:///etc/passwd", "https://fcm.googleapis.com.attacker.example/x"] {
            #expect(!hosts.admits(try #require(URL(string: refused))), "\(refused)")
        }
        let own = try PushServiceHosts(environment: .init(["SPROUT_WEB_PUSH_HOSTS": "http://127.0.0.1:8090/, push.example.net"]))
        #expect(own.admits(try #require(URL(string: "http://127.0.0.1:8090/push/1"))))
        #expect(!own.admits(try #require(URL(string: "http://127.0.0.1:8091/push/1"))))
        #expect(!own.admits(try #require(URL(string: "https://fcm.googleapis.com/x"))), "the list replaces the browsers'")
        #expect(own.admits(try #require(URL(string: "https://push.example.net/x"))))
        for bad in ["ftp://push.example.net", "push example", "http://", "https://push.example.net/path"] {
            #expect(throws: ConfigError.self) { try PushServiceHosts(environment: .init(["SPROUT_WEB_PUSH_HOSTS": bad])) }
        }
    }
}
