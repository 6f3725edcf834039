@testable import Platform
import Testing

/// A client's event may carry an id asking to hear that it was handled (Socket.IO's
/// acknowledgement); the published apps send none, python-socketio's `call` and Sprout's own
/// clients may.
@Suite struct EngineIOPacketTests {
    @Test func anEventIsReadWithOrWithoutTheIdOfItsAcknowledgement() {
        #expect(EngineIOPacket(#"42["changesocketid","u1"]"#) == .event(namespace: "/", name: "changesocketid", firstArgument: "u1", ack: nil))
        #expect(EngineIOPacket(#"4212["changesocketid","u1"]"#) == .event(namespace: "/", name: "changesocketid", firstArgument: "u1", ack: 12))
        #expect(EngineIOPacket(#"42/chats-x,7["message"]"#) == .event(namespace: "/chats-x", name: "message", firstArgument: nil, ack: 7))
        #expect(EngineIOPacket(#"421234567890["a"]"#) == .unsupported, "an id no client counts to")
        #expect(EngineIOPacket(#"4212"#) == .unsupported)
    }

    @Test func anAcknowledgementNamesTheEventsIdInItsNamespace() {
        #expect(EngineIOPacket.acknowledgement(12, namespace: "/") == "4312[]")
        #expect(EngineIOPacket.acknowledgement(7, namespace: "/chats-x") == "43/chats-x,7[]")
    }
}
