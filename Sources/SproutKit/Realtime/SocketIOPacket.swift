import Foundation

/// The packets of Socket.IO 4 over Engine.IO 4 that a client of the default namespace meets on a
/// websocket: one Engine.IO packet per text message, its first character the Engine.IO type,
/// and for a message (`4`) a Socket.IO packet after it.
enum SocketIOPacket {
    /// Engine.IO `0`: the handshake, with how often the server pings and how long it waits.
    case open(pingInterval: Duration, pingTimeout: Duration)
    /// Engine.IO `1`.
    case close
    /// Engine.IO `2`: the server's ping; the client answers `3`.
    case ping
    /// Socket.IO `0` (`40`): the namespace accepted us.
    case connect
    /// Socket.IO `1` (`41`): the server left the namespace.
    case disconnect
    /// Socket.IO `2` (`42`): an event and its arguments.
    case event(name: String, arguments: [Any])
    /// Socket.IO `4` (`44`): the namespace refused us.
    case connectError
    /// Anything else (pongs, other namespaces, binary): ignored.
    case other

    static let pong = "3"
    /// `40{"idtoken":…}`: join the default namespace, proving who we are.
    static func connectRequest(idToken: String) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: ["idtoken": idToken])
        return "40" + String(decoding: data, as: UTF8.self)
    }

    /// `42["name",…]`
    static func event(_ name: String, _ arguments: [Any]) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: [name] + arguments)
        return "42" + String(decoding: data, as: UTF8.self)
    }

    init(_ text: String) {
        switch text.first {
        case "0": self = Self.open(json: text.dropFirst()) ?? .other
        case "1": self = .close
        case "2": self = .ping
        case "4": self = Self.message(text.dropFirst())
        default: self = .other
        }
    }

    private static func open(json: Substring) -> SocketIOPacket? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let interval = object["pingInterval"] as? Int, let timeout = object["pingTimeout"] as? Int,
              (1...3_600_000).contains(interval), (1...3_600_000).contains(timeout)
        else { return nil }
        return .open(pingInterval: .milliseconds(interval), pingTimeout: .milliseconds(timeout))
    }

    private static func message(_ body: Substring) -> SocketIOPacket {
        // Only the default namespace: a packet for another one starts with "/".
        guard let type = body.first, body.dropFirst().first != "/" else { return .other }
        switch type {
        case "0": return .connect
        case "1": return .disconnect
        case "4": return .connectError
        case "2":
            // An acknowledgement id may stand between the type and the array.
            let array = body.dropFirst().drop { $0.isASCII && $0.isNumber }
            guard let items = try? JSONSerialization.jsonObject(with: Data(array.utf8)) as? [Any],
                  let name = items.first as? String
            else { return .other }
            return .event(name: name, arguments: Array(items.dropFirst()))
        default: return .other
        }
    }
}
