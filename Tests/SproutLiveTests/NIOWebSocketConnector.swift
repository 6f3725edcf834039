import Foundation
import NIOConcurrencyHelpers
import SproutKit
import Vapor

/// Websockets for `StudySocket` on Linux, where Foundation has none: WebSocketKit's client (the
/// one Vapor itself uses), so the SDK's Socket.IO client meets the real server in these tests.
struct NIOWebSocketConnector: WebSocketConnector {
    let eventLoopGroup: any EventLoopGroup

    func connect(to url: URL) async throws -> any WebSocketConnection {
        let (messages, continuation) = AsyncStream<String>.makeStream()
        let opened = NIOLockedValueBox<WebSocket?>(nil)
        try await WebSocket.connect(to: url.absoluteString, on: eventLoopGroup) { socket in
            opened.withLockedValue { $0 = socket }
            socket.onText { _, text in continuation.yield(text) }
            socket.onClose.whenComplete { _ in continuation.finish() }
        }.get()
        guard let socket = opened.withLockedValue({ $0 }) else { throw Abort(.badGateway, reason: "no websocket") }
        return NIOWebSocketConnection(socket: socket, messages: messages)
    }
}

private actor NIOWebSocketConnection: WebSocketConnection {
    let socket: WebSocket
    private var iterator: AsyncStream<String>.AsyncIterator

    init(socket: WebSocket, messages: AsyncStream<String>) {
        self.socket = socket
        iterator = messages.makeAsyncIterator()
    }

    func send(_ text: String) async throws {
        try await socket.send(text)
    }

    func receive() async throws -> String? {
        var messages = iterator
        let next = await messages.next(isolation: self)
        iterator = messages
        return next
    }

    func close() async {
        try? await socket.close()
    }
}
