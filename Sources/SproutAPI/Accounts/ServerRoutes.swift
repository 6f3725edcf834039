import Foundation

/// What the server answers beside the apps' contracts: health, uploads, metrics, its OpenAPI
/// documents, the Socket.IO endpoint and the phone sign-in emulator's Firebase-shaped paths.
public enum ServerRoutes {
    public static let all: [AnyAPIRoute] = []
}
