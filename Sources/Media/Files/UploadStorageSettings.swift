import Foundation
import PlatformCore
import Vapor

/// Where uploads are kept, read from the environment:
///
/// | variable | default | meaning |
/// |---|---|---|
/// | `SPROUT_STORAGE` | `local` | `local` (the data directory's `uploads` folder) or `s3` |
/// | `SPROUT_S3_ENDPOINT` | — | with `s3`: the store's URL (`https://s3.ap-northeast-2.amazonaws.com`, `http://minio:9000`) |
/// | `SPROUT_S3_REGION` | `us-east-1` | the region requests are signed for (`auto` for R2) |
/// | `SPROUT_S3_BUCKET` | — | with `s3`: the bucket, made beforehand |
/// | `SPROUT_S3_ACCESS_KEY_ID`, `SPROUT_S3_SECRET_ACCESS_KEY` | — | with `s3`: the credentials |
/// | `SPROUT_S3_ADDRESSING` | `path` | `path` (`endpoint/bucket/key`) or `virtual` (`bucket.endpoint/key`) |
/// | `SPROUT_S3_PUBLIC_URL` | — | files are redirected there (`<url>/<area>/<name>`) instead of proxied: a CDN or the bucket's public address |
public enum UploadStorageSettings: Sendable, Equatable {
    case local
    case s3(S3UploadBucket.Settings)

    public init(environment env: EnvironmentReader) throws {
        switch env.string("SPROUT_STORAGE")?.lowercased() ?? "local" {
        case "local":
            self = .local
        case "s3":
            func required(_ name: String) throws -> String {
                guard let value = env.string(name) else { throw ConfigError.invalid(name: name, value: "", expected: "a value when SPROUT_STORAGE=s3") }
                return value
            }
            guard let endpointText = try env.httpURL("SPROUT_S3_ENDPOINT"), let endpoint = URL(string: endpointText) else {
                throw ConfigError.invalid(name: "SPROUT_S3_ENDPOINT", value: "", expected: "the store's http(s):// URL when SPROUT_S3=s3")
            }
            let bucket = try required("SPROUT_S3_BUCKET")
            guard (3...63).contains(bucket.count), bucket.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" || $0 == "." }) else {
                throw ConfigError.invalid(name: "SPROUT_S3_BUCKET", value: bucket, expected: "a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens")
            }
            let addressing = env.string("SPROUT_S3_ADDRESSING")?.lowercased() ?? "path"
            guard let style = S3UploadBucket.Addressing(rawValue: addressing) else {
                throw ConfigError.invalid(name: "SPROUT_S3_ADDRESSING", value: addressing, expected: "path or virtual")
            }
            self = .s3(.init(
                endpoint: endpoint, region: env.string("SPROUT_S3_REGION") ?? "us-east-1", bucket: bucket,
                accessKeyID: try required("SPROUT_S3_ACCESS_KEY_ID"), secretAccessKey: try required("SPROUT_S3_SECRET_ACCESS_KEY"),
                addressing: style, publicBaseURL: try env.httpURL("SPROUT_S3_PUBLIC_URL")
            ))
        case let other:
            throw ConfigError.invalid(name: "SPROUT_STORAGE", value: other, expected: "local or s3")
        }
    }

    public func storage(uploadsFolder: URL, threadPool: NIOThreadPool, clock: WallClock) -> any UploadStorage {
        switch self {
        case .local: LocalUploadFolder(root: uploadsFolder, threadPool: threadPool)
        case let .s3(settings): S3UploadBucket(settings: settings, clock: clock)
        }
    }

    /// What `sprout backup` cannot copy, said plainly.
    public var backupNote: String? {
        switch self {
        case .local: nil
        case let .s3(settings): "uploads are in the bucket \(settings.bucket), which is yours to back up (versioning or replication); this backup holds the database and secrets only"
        }
    }
}

/// Closes the storage's connections when the application stops.
struct UploadStorageShutdown: LifecycleHandler {
    let files: FileStore

    func shutdownAsync(_ application: Application) async {
        await files.shutdown()
    }
}

extension Application {
    /// Closes `files`' storage connections on shutdown.
    public func closeOnShutdown(_ files: FileStore) {
        lifecycle.use(UploadStorageShutdown(files: files))
    }
}
