import Foundation
import SproutAPI
import SproutKit
import Testing

/// The WHATWG event stream interpretation, fed as a network feeds it: in chunks cut anywhere.
@Suite struct ServerSentEventParserTests {
    /// Every way of reading `text`: whole, byte by byte, and cut in two at every byte.
    static func readings(of text: String) -> [(events: [ServerSentEvent], parser: ServerSentEventParser)] {
        let bytes = Array(text.utf8)
        var cuts: [[ArraySlice<UInt8>]] = [[bytes[...]], bytes.indices.map { bytes[$0...$0] }]
        for cut in bytes.indices.dropFirst() { cuts.append([bytes[..<cut], bytes[cut...]]) }
        return cuts.map { chunks in
            var parser = ServerSentEventParser()
            let events = chunks.flatMap { parser.feed($0) }
            return (events, parser)
        }
    }

    @Test func linesEndInCRLFOrLFOrCRWhereverTheChunksAreCut() {
        let stream = "id: 1\r\nevent: message\r\ndata: 안녕\r\ndata: 하세요\r\n\r\nid: 2\nevent: read\ndata: {}\n\nid: 3\revent: notification\rdata: 사진\r\r"
        let expected = [
            ServerSentEvent(type: "message", data: "안녕\n하세요", lastEventID: "1"),
            ServerSentEvent(type: "read", data: "{}", lastEventID: "2"),
            ServerSentEvent(type: "notification", data: "사진", lastEventID: "3"),
        ]
        for (events, parser) in Self.readings(of: stream) {
            #expect(events == expected)
            #expect(parser.lastEventID == "3")
        }
    }

    @Test func dataLinesJoinWithLineFeedsAndCommentsAndUnknownFieldsAreIgnored() {
        let stream = """
        : keep-alive
        retry: 3000

        data: first
        : a comment between data lines
        data:second, no space
        data:  two spaces keep one
        data
        colour: green

        data: {"a":1}
        event: message


        """
        for (events, parser) in Self.readings(of: stream) {
            #expect(events == [
                ServerSentEvent(type: "message", data: "first\nsecond, no space\n two spaces keep one\n", lastEventID: ""),
                ServerSentEvent(type: "message", data: #"{"a":1}"#, lastEventID: ""),
            ])
            #expect(parser.reconnectionTime == .milliseconds(3000))
            #expect(parser.lastEventID == "")
        }
    }

    @Test func theLastIDStaysUntilSetAgainAndMovesEvenWithoutData() {
        var parser = ServerSentEventParser()
        #expect(parser.lastEventID == nil)
        #expect(parser.feed(Data("\u{FEFF}id: 7\ndata: a\n\ndata: b\n\n".utf8)) == [
            ServerSentEvent(data: "a", lastEventID: "7"), ServerSentEvent(data: "b", lastEventID: "7"),
        ], "a leading byte order mark is dropped, and the id carries on")
        #expect(parser.feed(Data("id: 8\nevent: read\n\n".utf8)).isEmpty, "no data: nothing dispatched")
        #expect(parser.lastEventID == "8", "but the id moves")
        #expect(parser.feed(Data("id: 9\u{0}x\nretry: 1.5\nretry: soon\ndata: c\n\n".utf8)) == [ServerSentEvent(data: "c", lastEventID: "8")],
                "an id with NUL and a retry that is not digits are ignored; the event type was reset by the dispatch")
        #expect(parser.reconnectionTime == nil)
        #expect(parser.feed(Data("id\ndata: d\n\n".utf8)) == [ServerSentEvent(data: "d", lastEventID: "")], "an empty id resets it")
        #expect(parser.feed(Data("id: 10\ndata: never finished".utf8)).isEmpty)
        #expect(parser.lastEventID == "", "an event the stream did not finish is not dispatched")
    }

    @Test func liveEventsAreDecodedByNameAndTheRestSkipped() throws {
        let receipt = #"{"conversation_id":"c1","reader_id":"seller","read_up_to":41}"#
        #expect(LiveEvent(ServerSentEvent(type: "read", data: receipt, lastEventID: "3")) == .read(.init(conversationID: "c1", readerID: "seller", readUpTo: 41)))
        let item = #"{"id":9,"app":"market","kind":"product_liked","text":"좋아요","link":"/market/products/7","read":false,"created_at":"2026-01-01T00:00:00Z"}"#
        #expect(LiveEvent(ServerSentEvent(type: "notification", data: item)) == .notification(
            .init(id: 9, app: "market", kind: "product_liked", text: "좋아요", link: "/market/products/7", read: false, createdAt: "2026-01-01T00:00:00Z")
        ))
        let message = String(decoding: try JSONEncoder().encode(LiveEvents.MessageEvent(conversation: ConversationSamples.conversation, message: ConversationSamples.message)), as: UTF8.self)
        #expect(LiveEvent(ServerSentEvent(type: "message", data: message)) == .message(.init(conversation: ConversationSamples.conversation, message: ConversationSamples.message)))
        #expect(LiveEvent(ServerSentEvent(type: "typing", data: "{}")) == nil, "a name this client does not know")
        #expect(LiveEvent(ServerSentEvent(type: "read", data: "{not json")) == nil)
        #expect(LiveEvent(ServerSentEvent(type: "message", data: receipt)) == nil, "data of another event's shape")
    }
}
