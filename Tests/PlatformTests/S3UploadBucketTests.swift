import Foundation
@testable import Media
@testable import Platform
@testable import PlatformCore
import Testing

/// S3's request signing against AWS's published example, the two addressings, and the settings.
@Suite struct S3UploadBucketTests {
    /// "GET Object" from AWS's Signature Version 4 examples for S3 (the header-based one).
    @Test func theSignatureIsAWSsExample() {
        let signer = S3RequestSigner(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1")
        let headers = signer.sign(method: "GET", path: "/test.txt", headers: ["Host": "examplebucket.s3.amazonaws.com", "Range": "bytes=0-9"],
                                  payloadHash: S3RequestSigner.emptyPayloadHash, at: Date(timeIntervalSince1970: 1_369_353_600))
        #expect(headers["x-amz-date"] == "20130524T000000Z")
        #expect(headers["Authorization"] == """
            AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, \
            SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41
            """)
    }

    @Test func pathAndVirtualHostAddressingNameTheSameObject() throws {
        var settings = S3UploadBucket.Settings(endpoint: try #require(URL(string: "http://127.0.0.1:9000")), region: "us-east-1", bucket: "sprout-uploads",
                                               accessKeyID: "a", secretAccessKey: "b", addressing: .path, publicBaseURL: nil)
        let path = S3UploadBucket(settings: settings, clock: .system)
        #expect(path.location(of: "posts/abc.jpg") == ("http://127.0.0.1:9000/sprout-uploads/posts/abc.jpg", "127.0.0.1:9000", "/sprout-uploads/posts/abc.jpg"))
        settings.endpoint = try #require(URL(string: "https://s3.ap-northeast-2.amazonaws.com"))
        settings.addressing = .virtual
        let virtual = S3UploadBucket(settings: settings, clock: .system)
        #expect(virtual.location(of: "posts/abc.jpg") == ("https://sprout-uploads.s3.ap-northeast-2.amazonaws.com/posts/abc.jpg",
                                                          "sprout-uploads.s3.ap-northeast-2.amazonaws.com", "/posts/abc.jpg"))
        Task { await path.shutdown(); await virtual.shutdown() }
    }

    @Test func theSettingsNameWhatIsMissingOrWrong() throws {
        #expect(try UploadStorageSettings(environment: .init([:])) == .local)
        let complete = ["SPROUT_STORAGE": "s3", "SPROUT_S3_ENDPOINT": "http://127.0.0.1:9000/", "SPROUT_S3_BUCKET": "uploads",
                        "SPROUT_S3_ACCESS_KEY_ID": "id", "SPROUT_S3_SECRET_ACCESS_KEY": "secret"]
        guard case let .s3(settings) = try UploadStorageSettings(environment: .init(complete)) else { Issue.record("not s3"); return }
        #expect(settings.region == "us-east-1" && settings.addressing == .path && settings.publicBaseURL == nil && settings.bucket == "uploads")
        for (name, value) in [("SPROUT_STORAGE", "ftp"), ("SPROUT_S3_ENDPOINT", "minio:9000"), ("SPROUT_S3_BUCKET", "Upper_Case"),
                              ("SPROUT_S3_ADDRESSING", "dns"), ("SPROUT_S3_ACCESS_KEY_ID", ""), ("SPROUT_S3_PUBLIC_URL", "cdn.example")] {
            var env = complete
            env[name] = value
            #expect(throws: ConfigError.self, "\(name)=\(value)") { try UploadStorageSettings(environment: .init(env)) }
        }
    }
}
