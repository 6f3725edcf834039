import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import PlatformCore
import Vapor

/// Uploads in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph RGW), so that every
/// instance behind a load balancer reads what any of them stored. Objects are named by their
/// `uploads/` path without the prefix (`posts/<name>.jpg`), and served at the same stable paths:
/// proxied with the same caching headers, or redirected to `publicBaseURL` (a CDN in front of
/// the bucket) when one is set.
public final class S3UploadBucket: UploadStorage {
    public enum Addressing: String, Sendable, Equatable {
        /// `https://endpoint/bucket/key`: MinIO, Ceph and most self-hosted stores.
        case path
        /// `https://bucket.endpoint/key`: AWS S3's own, and R2's.
        case virtual
    }

    public struct Settings: Sendable, Equatable {
        public var endpoint: URL
        public var region: String
        public var bucket: String
        public var accessKeyID: String
        public var secretAccessKey: String
        public var addressing: Addressing
        public var publicBaseURL: String?
    }

    let settings: Settings
    let signer: S3RequestSigner
    let clock: WallClock
    private let http: HTTPClient

    public init(settings: Settings, clock: WallClock) {
        self.settings = settings
        self.clock = clock
        signer = S3RequestSigner(accessKeyID: settings.accessKeyID, secretAccessKey: settings.secretAccessKey, region: settings.region)
        http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .init(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(30))
        ))
    }

    public func shutdown() async {
        try? await http.shutdown()
    }

    public func put(_ files: [(key: String, data: Data, kind: FileKind)]) async throws {
        var stored: [String] = []
        do {
            for file in files {
                let response = try await send("PUT", file.key, body: file.data, contentType: "image/\(file.kind.rawValue)")
                guard response.status == .ok else { throw UploadStorageUnavailable("PUT answered \(response.status.code)") }
                stored.append(file.key)
            }
        } catch {
            for key in stored { try? await delete(key) }
            throw error as? UploadStorageUnavailable ?? UploadStorageUnavailable("PUT failed: \(error)")
        }
    }

    public func delete(_ key: String) async throws {
        let response = try await send("DELETE", key)
        guard [200, 204, 404].contains(response.status.code) else { throw UploadStorageUnavailable("DELETE answered \(response.status.code)") }
    }

    public func exists(_ key: String) async throws -> Bool {
        let response = try await send("HEAD", key)
        switch response.status.code {
        case 200: return true
        case 404: return false
        default: throw UploadStorageUnavailable("HEAD answered \(response.status.code)")
        }
    }

    public func serve(_ key: String, kind: FileKind, for req: Request) async throws -> Response {
        if let publicBaseURL = settings.publicBaseURL {
            return req.redirect(to: publicBaseURL + "/" + key, redirectType: .temporary)
        }
        let response = try await send("GET", key, collectBody: false)
        switch response.status.code {
        case 200: break
        case 404: throw Abort(.notFound)
        default: throw UploadStorageUnavailable("GET answered \(response.status.code)")
        }
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "image", subType: kind.rawValue)
        if let length = response.headers.first(name: "Content-Length") { headers.replaceOrAdd(name: .contentLength, value: length) }
        let body = response.body
        return Response(status: .ok, headers: headers, body: .init(asyncStream: { writer in
            do {
                for try await chunk in body { try await writer.write(.buffer(chunk)) }
                try await writer.write(.end)
            } catch {
                try? await writer.write(.error(error))
            }
        }))
    }

    /// One signed request for the object `key`. Anything but an answer (no connection, a timeout)
    /// is `UploadStorageUnavailable`; a body other than GET's is read and dropped.
    private func send(_ method: String, _ key: String, body: Data? = nil, contentType: String? = nil, collectBody: Bool = true) async throws -> HTTPClientResponse {
        let (url, host, path) = location(of: key)
        var request = HTTPClientRequest(url: url)
        request.method = .RAW(value: method)
        var signedHeaders = ["host": host]
        if let contentType { signedHeaders["content-type"] = contentType }
        let payloadHash = body.map { Hex.encode(SHA256.hash(data: $0)) } ?? S3RequestSigner.emptyPayloadHash
        let signature = signer.sign(method: method, path: path, headers: signedHeaders, payloadHash: payloadHash, at: clock.now())
        for (name, value) in signedHeaders.merging(signature, uniquingKeysWith: { $1 }) {
            request.headers.replaceOrAdd(name: name, value: value)
        }
        if let body { request.body = .bytes(body) }
        do {
            let response = try await http.execute(request, timeout: .seconds(30))
            if collectBody || response.status != .ok { _ = try await response.body.collect(upTo: 1 << 20) }
            return response
        } catch let unavailable as UploadStorageUnavailable {
            throw unavailable
        } catch {
            throw UploadStorageUnavailable("\(method) failed: \(error)")
        }
    }

    /// The URL, the `Host` header and the path S3 signs, by the bucket's addressing.
    func location(of key: String) -> (url: String, host: String, path: String) {
        let scheme = settings.endpoint.scheme ?? "https"
        let port = settings.endpoint.port.map { ":\($0)" } ?? ""
        let endpointHost = (settings.endpoint.host ?? "") + port
        let base = settings.endpoint.path.hasSuffix("/") ? String(settings.endpoint.path.dropLast()) : settings.endpoint.path
        switch settings.addressing {
        case .path:
            let path = "\(base)/\(settings.bucket)/\(key)"
            return ("\(scheme)://\(endpointHost)\(path)", endpointHost, path)
        case .virtual:
            let host = "\(settings.bucket).\(endpointHost)"
            return ("\(scheme)://\(host)\(base)/\(key)", host, "\(base)/\(key)")
        }
    }
}
