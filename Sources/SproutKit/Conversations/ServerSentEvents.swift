import Foundation

/// One event of a `text/event-stream`, as the WHATWG HTML standard's "dispatch the event" step
/// makes it.
public struct ServerSentEvent: Sendable, Equatable {
    /// The `event:` field, or `message` when the event named none.
    public var type: String
    /// The `data:` lines joined by line feeds.
    public var data: String
    /// The last `id:` the stream set, at this event or before it; empty when none.
    public var lastEventID: String

    /// An event as the parser dispatches it (tests build the ones they expect).
    public init(type: String = "message", data: String, lastEventID: String = "") {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
    }
}

/// Reads a `text/event-stream` body as the WHATWG HTML standard's "event stream interpretation"
/// says, from chunks cut anywhere (inside a line, between a CR and its LF, inside a UTF-8
/// character). One parser reads one connection; a reconnect starts a new one.
public struct ServerSentEventParser: Sendable {
    /// The last event ID as of the last dispatched event (nil before any), including events with
    /// no data, which are not handed out but still move it: what a reconnect sends back.
    public private(set) var lastEventID: String?
    /// The last valid `retry:` field, in milliseconds.
    public private(set) var reconnectionTime: Duration?

    private var pending: [UInt8] = []
    private var startOfStream = true
    /// The chunk before ended with CR: an LF that opens this one belongs to that line end.
    private var afterCarriageReturn = false
    private var data = ""
    private var eventType = ""
    private var idBuffer = ""

    /// A parser at the start of a stream.
    public init() {}

    /// Reads `chunk` and answers the events it completed, in order.
    public mutating func feed(_ chunk: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in chunk {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0D:
                afterCarriageReturn = true
                if let event = endLine() { events.append(event) }
            case 0x0A:
                if let event = endLine() { events.append(event) }
            default:
                pending.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        var line = String(decoding: pending, as: UTF8.self)
        pending.removeAll(keepingCapacity: true)
        if startOfStream {
            startOfStream = false
            if line.hasPrefix("\u{FEFF}") { line.removeFirst() }
        }
        if line.isEmpty { return dispatch() }
        if line.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = ""
        }
        switch field {
        case "event":
            eventType = String(value)
        case "data":
            data += value
            data += "\n"
        case "id":
            if !value.contains("\u{0}") { idBuffer = String(value) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }), let milliseconds = Int(value) {
                reconnectionTime = .milliseconds(milliseconds)
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        lastEventID = idBuffer
        defer {
            data = ""
            eventType = ""
        }
        guard !data.isEmpty else { return nil }
        return ServerSentEvent(type: eventType.isEmpty ? "message" : eventType, data: String(data.dropLast()), lastEventID: idBuffer)
    }
}
