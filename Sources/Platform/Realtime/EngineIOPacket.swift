import Foundation

/// The Engine.IO 4 / Socket.IO 4 text packets Sprout's socket speaks
/// (https://socket.io/docs/v4/engine-io-protocol/, https://socket.io/docs/v4/socket-io-protocol/):
/// one Engine.IO packet per websocket message or per U+001E-separated polling record, its first
/// character the type, and a Socket.IO packet inside Engine.IO's `4` (message), naming its
/// namespace (`/chats-…,`) unless it is the default one (`/`).
public enum EngineIOPacket: Equatable, Sendable {
    /// `2`/`3`: ping and pong.
    case ping, pong
    /// `1`: the client closes the transport.
    case close
    /// `40`, with an optional auth payload: join `namespace`. `credential` is the payload's
    /// `idtoken` (or `token`): a phone ID token or an access token, for a client that proves who
    /// it is.
    case connect(namespace: String, credential: String?)
    /// `41`: leave the namespace.
    case disconnect(namespace: String)
    /// `42[…]`: an event the client emits; only its name and first argument are read. `ack` is
    /// the id a client asking to hear that the event was handled put before the array (`4212[…]`).
    case event(namespace: String, name: String, firstArgument: String?, ack: Int?)
    /// Anything else this server does not take: binary, a client's acknowledgement, an upgrade
    /// outside an upgrading websocket.
    case unsupported

    public static let defaultNamespace = "/"

    public init(_ text: String) {
        switch text.first {
        case "1": self = .close
        case "2": self = .ping
        case "3": self = .pong
        case "4": self = Self.message(text.dropFirst())
        default: self = .unsupported
        }
    }

    private static func message(_ body: Substring) -> EngineIOPacket {
        guard let type = body.first else { return .unsupported }
        var rest = body.dropFirst()
        var namespace = defaultNamespace
        if rest.first == "/" {
            let end = rest.firstIndex(of: ",") ?? rest.endIndex
            namespace = String(rest[..<end])
            rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
        }
        switch type {
        case "0":
            let auth = try? JSONSerialization.jsonObject(with: Data(rest.utf8)) as? [String: Any]
            return .connect(namespace: namespace, credential: (auth?["idtoken"] ?? auth?["token"]) as? String)
        case "1": return .disconnect(namespace: namespace)
        case "2":
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            // An id longer than nine digits is none a client counts to; Int reads nine safely.
            guard digits.count <= 9 else { return .unsupported }
            let ack = Int(digits)
            rest = rest.dropFirst(digits.count)
            guard let items = try? JSONSerialization.jsonObject(with: Data(rest.utf8)) as? [Any], let name = items.first as? String else {
                return .unsupported
            }
            return .event(namespace: namespace, name: name, firstArgument: items.dropFirst().first as? String, ack: ack)
        default: return .unsupported
        }
    }

    /// `0{…}`: the handshake.
    static func open(sid: String, upgrades: [String], pingInterval: Duration, pingTimeout: Duration, maxPayload: Int) -> String {
        let upgrades = upgrades.map { "\"\($0)\"" }.joined(separator: ",")
        return "0{\"sid\":\"\(sid)\",\"upgrades\":[\(upgrades)],\"pingInterval\":\(pingInterval.milliseconds),\"pingTimeout\":\(pingTimeout.milliseconds),\"maxPayload\":\(maxPayload)}"
    }

    /// `40{"sid":…}`: joined the namespace.
    static func connected(sid: String, namespace: String) -> String { "40" + prefix(namespace) + "{\"sid\":\"\(sid)\"}" }

    /// `44{"message":…}`: the namespace refused the client (its credential, or an unknown room).
    static func connectError(_ message: String, namespace: String) -> String {
        let message = String(decoding: (try? JSONEncoder().encode(message)) ?? Data("\"\"".utf8), as: UTF8.self)
        return "44" + prefix(namespace) + "{\"message\":" + message + "}"
    }

    static let pingText = "2"

    /// `43<id>[]`, or `43/namespace,<id>[]`: the event the client numbered `id` was handled.
    static func acknowledgement(_ id: Int, namespace: String) -> String {
        "43" + prefix(namespace) + String(id) + "[]"
    }

    /// `42["name",payload]`, or `42/namespace,["name",payload]`.
    public static func event(_ name: String, _ payload: some Encodable, namespace: String = defaultNamespace) throws -> String {
        let encoder = JSONEncoder()
        let name = String(decoding: try encoder.encode(name), as: UTF8.self)
        return "42" + prefix(namespace) + "[" + name + "," + String(decoding: try encoder.encode(payload), as: UTF8.self) + "]"
    }

    private static func prefix(_ namespace: String) -> String {
        namespace == defaultNamespace ? "" : namespace + ","
    }
}

extension Duration {
    public var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
