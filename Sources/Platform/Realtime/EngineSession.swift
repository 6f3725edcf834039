import Vapor

/// One Engine.IO session, whichever transport carries it: a websocket from the start (the iOS
/// clients force it), or HTTP long-polling until the client upgrades to a websocket (browsers and
/// other Socket.IO clients start that way). Packets sent while polling wait in an outbox for the
/// client's next GET.
public actor EngineSession {
    public nonisolated let sid: String
    let namespaceSID: String
    /// What a credential proved (see `SocketIOServer`); nil for a client that sent none.
    private(set) var proof: AccessGrant?
    /// The account a credential proved; nil for a client that sent none.
    public var provenAccount: String? { proof?.accountID }
    /// Tells the server what the session now rests on, so that it ends when that access does.
    private let rests: @Sendable (AccessGrant) -> Void
    /// The Socket.IO namespaces the client joined.
    private(set) var namespaces: Set<String> = []
    private(set) var isAwaitingPong = false
    private(set) var isClosed = false
    private var socket: WebSocket?
    private var outbox: [String] = []
    private var waitingPoll: CheckedContinuation<[String], Never>?

    init(sid: String, namespaceSID: String, socket: WebSocket?, rests: @escaping @Sendable (AccessGrant) -> Void) {
        self.sid = sid
        self.namespaceSID = namespaceSID
        self.socket = socket
        self.rests = rests
    }

    var isPolling: Bool { socket == nil }

    func isCarried(by socket: WebSocket) -> Bool { self.socket === socket }

    var hasWaitingPoll: Bool { waitingPoll != nil }

    func prove(_ grant: AccessGrant) {
        proof = grant
        rests(grant)
    }

    /// A namespace tied the session to `account` without a credential (the study's legacy
    /// `changesocketid`): it then ends when the account is disabled. A proven session keeps
    /// what its credential says.
    public func bound(to account: String) {
        guard proof == nil else { return }
        rests(AccessGrant(accountID: account, session: .none))
    }

    func joined(_ namespace: String) { namespaces.insert(namespace) }
    func left(_ namespace: String) { namespaces.remove(namespace) }

    func expectPong() { isAwaitingPong = true }
    func pongReceived() { isAwaitingPong = false }

    /// Sends one packet: on the websocket at once (NIO keeps the order of writes), or to the
    /// current or next poll.
    public func send(_ packet: String) {
        guard !isClosed else { return }
        if let socket {
            socket.send(packet, promise: nil)
            return
        }
        outbox.append(packet)
        if let poll = waitingPoll {
            waitingPoll = nil
            poll.resume(returning: takeOutbox())
        }
    }

    enum Poll: Equatable {
        case packets([String])
        /// Another GET was already waiting: Engine.IO closes a session whose client overlaps polls.
        case overlap
    }

    /// What one long-poll GET answers: the packets waiting, or the next ones sent (a ping comes
    /// every ping interval, so a poll never waits longer). A closed session answers its close.
    func poll() async -> Poll {
        guard !isClosed else { return .packets(["1"]) }
        guard waitingPoll == nil else {
            close()
            return .overlap
        }
        if !outbox.isEmpty { return .packets(takeOutbox()) }
        return .packets(await withCheckedContinuation { waitingPoll = $0 })
    }

    /// A probe succeeded on the websocket the client is upgrading to: the waiting poll returns
    /// (with a noop when there is nothing to say) so the client can pause polling.
    func endWaitingPoll() {
        guard let poll = waitingPoll else { return }
        waitingPoll = nil
        poll.resume(returning: outbox.isEmpty ? ["6"] : takeOutbox())
    }

    /// The client finished the upgrade: from now on everything goes over `socket`.
    func upgrade(to socket: WebSocket) {
        guard !isClosed, self.socket == nil else { return }
        endWaitingPoll()
        for packet in takeOutbox() { socket.send(packet, promise: nil) }
        self.socket = socket
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        outbox = []
        waitingPoll?.resume(returning: ["1"])
        waitingPoll = nil
        socket?.close(code: .goingAway, promise: nil)
    }

    private func takeOutbox() -> [String] {
        defer { outbox = [] }
        return outbox
    }
}
