import Foundation

/// What the server answers beside the apps' contracts: health, uploads, metrics, its OpenAPI
/// documents and the Socket.IO endpoint. (The phone sign-in emulator's paths are `PhoneAuth.Routes`.)
public enum ServerRoutes {
    /// `{status, database}`, also with the 503 that says the database does not answer.
    public static let health = APIRoute<Void, NoBody, UntypedJSON>(.get, "healthz", credential: .none)
    /// A file, by the relative path an upload answered without its leading `uploads/`.
    public static let upload = APIRoute<String, NoBody, NotJSON>(.get, "uploads/{path...}", credential: .none)
    /// Prometheus' text, for the operator's `Bearer SPROUT_METRICS_TOKEN` (no client's session),
    /// and only when that setting is there.
    public static let metrics = APIRoute<Void, NoBody, NotJSON>(.get, "metrics", credential: .operatorToken)
    /// An API's OpenAPI document, by `<api>.json` (`openAPIFile`).
    public static let openAPIDocument = APIRoute<String, NoBody, NotJSON>(.get, "openapi/{document}", credential: .none)
    /// Engine.IO 4: a websocket, or a long poll. The `idtoken` header, when sent, signs the study's
    /// namespace in; it is no condition of the endpoint.
    public static let socketIO = APIRoute<Void, NoBody, NotJSON>(.get, "socket.io", query: engineIO, credential: .none)
    /// Long polling's packets from the client, in a text body separated by U+001E.
    public static let socketIOPackets = APIRoute<Void, NotJSON, NotJSON>(.post, "socket.io", query: engineIO, credential: .none)

    /// `EIO` (4), `transport` (`websocket` or `polling`) and a session's `sid`.
    public static let engineIO = ["EIO", "transport", "sid"]

    /// The `{document}` of `openAPIDocument` that names `api`'s document.
    public static func openAPIFile(_ api: String) -> String { api + ".json" }

    /// `metrics` is answered only by a server with `SPROUT_METRICS_TOKEN` set.
    public static let all = [
        AnyAPIRoute(health), AnyAPIRoute(upload), AnyAPIRoute(metrics), AnyAPIRoute(openAPIDocument), AnyAPIRoute(socketIO), AnyAPIRoute(socketIOPackets),
    ]
}
