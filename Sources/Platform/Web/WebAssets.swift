import Foundation
import PlatformCore
import Vapor

/// One module's stylesheets and scripts, read from its bundle once at start-up.
public struct ModuleAssets: Sendable {
    struct File: Sendable {
        let name: String
        let bytes: Data
    }

    let module: String
    let files: [File]

    /// `names` are files in the bundle's `Assets` folder: `.css` and `.js`.
    public init(module: String, bundle: Bundle, names: [String]) throws {
        self.module = module
        files = try names.map { name in
            guard let url = bundle.url(forResource: name, withExtension: nil, subdirectory: "Assets") else {
                throw Abort(.internalServerError, reason: "asset \(name) of \(module) is missing from its bundle")
            }
            return File(name: name, bytes: try Data(contentsOf: url))
        }
    }
}

/// Every module's assets, each served at `/assets/<module>/<name>.<hash>.<ext>`: the content's hash
/// is in the path, so a browser may keep a file for a year and a new build is fetched at once.
/// A page links the platform's files and its own app's (the one named by the path's first
/// segment, `/market/…`), never the other apps'.
public struct WebAssets: Sendable {
    struct Asset: Sendable {
        let bytes: ByteBuffer
        let mediaType: HTTPMediaType
        let etag: String
    }

    private let byPath: [String: Asset]
    let links: Catalog

    /// The paths a page links: the platform's first.
    public struct Links: Sendable {
        public var stylesheets: [String] = []
        public var scripts: [String] = []

        public init() {}
    }

    /// Each module's links, by module name.
    struct Catalog: Sendable {
        var byModule: [String: Links] = [:]

        /// The platform's links and those of the app whose pages live under `path`'s first segment.
        func links(forPageAt path: String) -> Links {
            var links = byModule["platform"] ?? Links()
            let app = path.split(separator: "/", omittingEmptySubsequences: true).first.map(String.init)
            if let app, app != "platform", let own = byModule[app] {
                links.stylesheets += own.stylesheets
                links.scripts += own.scripts
            }
            return links
        }
    }

    public init(_ modules: [ModuleAssets]) {
        var byPath: [String: Asset] = [:]
        var links = Catalog()
        for module in modules {
            for file in module.files {
                let hash = Hex.encode(SHA256.hash(data: file.bytes).prefix(8))
                let stem = (file.name as NSString).deletingPathExtension
                let ext = (file.name as NSString).pathExtension
                let path = PlatformPaths.asset.link((module.module, "\(stem).\(hash).\(ext)"))
                let isScript = ext == "js"
                let mediaType = HTTPMediaType(type: "text", subType: isScript ? "javascript" : "css", parameters: ["charset": "utf-8"])
                byPath[path] = Asset(bytes: ByteBuffer(data: file.bytes), mediaType: mediaType, etag: "\"\(hash)\"")
                if isScript { links.byModule[module.module, default: Links()].scripts.append(path) } else {
                    links.byModule[module.module, default: Links()].stylesheets.append(path)
                }
            }
        }
        self.byPath = byPath
        self.links = links
    }

    public func register(on routes: any RoutesBuilder, app: Application) {
        app.storage[LinksKey.self] = links
        routes.get(PlatformPaths.asset, use: serve)
    }

    func serve(_ req: Request) throws -> Response {
        guard let asset = byPath[req.url.path] else { throw Abort(.notFound) }
        var headers = HTTPHeaders()
        headers.contentType = asset.mediaType
        headers.replaceOrAdd(name: .eTag, value: asset.etag)
        headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=31536000, immutable")
        if req.headers.first(name: .ifNoneMatch) == asset.etag {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(buffer: asset.bytes))
    }

    struct LinksKey: StorageKey { typealias Value = Catalog }
}

extension ModuleAssets {
    /// The web shell's own assets: layout, forms, the shared cards and lists, and the scripts
    /// every page uses.
    public static func platform() throws -> ModuleAssets {
        try ModuleAssets(module: "platform", bundle: .module, names: ["app.css", "app.js", "photo-picker.js", "phone.js", "conversations.js", "push.js"])
    }
}

extension Request {
    /// What this page links; nothing when the assets were never registered (a bare test app).
    var webAssetLinks: WebAssets.Links {
        application.storage[WebAssets.LinksKey.self]?.links(forPageAt: url.path) ?? WebAssets.Links()
    }
}
