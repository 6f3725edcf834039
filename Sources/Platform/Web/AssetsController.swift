import Foundation
import Vapor

/// Serves the web app's stylesheet and script from the module bundle, read once at start-up.
public struct AssetsController: Sendable {
    struct Asset: Sendable {
        let bytes: ByteBuffer
        let mediaType: HTTPMediaType
        let etag: String
    }

    let assets: [String: Asset]

    public init() throws {
        var assets: [String: Asset] = [:]
        for (name, mediaType) in [("app.css", HTTPMediaType(type: "text", subType: "css", parameters: ["charset": "utf-8"])),
                                  ("app.js", HTTPMediaType(type: "text", subType: "javascript", parameters: ["charset": "utf-8"]))] {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Assets") else {
                throw Abort(.internalServerError, reason: "asset \(name) is missing from the bundle")
            }
            let data = try Data(contentsOf: url)
            let digest = SHA256.hash(data: data).prefix(8).map { String(format: "%02x", $0) }.joined()
            assets[name] = Asset(bytes: ByteBuffer(data: data), mediaType: mediaType, etag: "\"\(digest)\"")
        }
        self.assets = assets
    }

    public func register(on routes: any RoutesBuilder) {
        routes.get("assets", ":name", use: serve)
    }

    func serve(_ req: Request) throws -> Response {
        guard let name = req.parameters.get("name"), let asset = assets[name] else { throw Abort(.notFound) }
        var headers = HTTPHeaders()
        headers.contentType = asset.mediaType
        headers.replaceOrAdd(name: .eTag, value: asset.etag)
        headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=3600")
        if req.headers.first(name: .ifNoneMatch) == asset.etag {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(buffer: asset.bytes))
    }
}
