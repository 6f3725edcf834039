import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A websocket carrying text messages, as the study socket needs it.
public protocol WebSocketConnection: Sendable {
    func send(_ text: String) async throws
    /// The next text message; nil once the connection is closed.
    func receive() async throws -> String?
    func close() async
}

/// Opens websockets. `URLSessionWebSocketConnector` on Apple platforms; Linux's Foundation has no
/// websocket client (its libcurl is built without one), so code there brings its own.
public protocol WebSocketConnector: Sendable {
    func connect(to url: URL) async throws -> any WebSocketConnection
}

/// Websockets through `URLSessionWebSocketTask`.
public struct URLSessionWebSocketConnector: WebSocketConnector {
    let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func connect(to url: URL) async throws -> any WebSocketConnection {
        let task = session.webSocketTask(with: url)
        task.resume()
        return URLSessionWebSocket(task: task)
    }
}

private struct URLSessionWebSocket: WebSocketConnection, @unchecked Sendable {
    // URLSessionWebSocketTask is thread-safe; it is not marked Sendable everywhere.
    let task: URLSessionWebSocketTask

    func send(_ text: String) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            task.send(.string(text)) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    func receive() async throws -> String? {
        let message: URLSessionWebSocketTask.Message
        do {
            message = try await withCheckedThrowingContinuation { continuation in
                task.receive { continuation.resume(with: $0) }
            }
        } catch {
            if task.closeCode != .invalid { return nil }
            throw error
        }
        switch message {
        case let .string(text): return text
        case let .data(data): return String(decoding: data, as: UTF8.self)
        @unknown default: return nil
        }
    }

    func close() async {
        task.cancel(with: .normalClosure, reason: nil)
    }
}
