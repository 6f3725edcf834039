/// Engine.IO's own query fields on every request: the protocol version, the transport and, once
/// open, the session.
struct EngineIOQuery: Codable {
    var version: String?
    var transport: String?
    var sid: String?

    enum CodingKeys: String, CodingKey {
        case version = "EIO", transport, sid
    }
}
