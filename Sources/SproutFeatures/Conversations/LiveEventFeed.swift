import Foundation
import SproutKit

/// Where the conversation screens hear of new messages, read receipts and notifications. The app
/// holds one `LiveEventStream` for the signed-in account and connects it; each screen listens to
/// it while shown. Tests play the stream themselves.
public protocol LiveEventFeed: Sendable {
    func events() async -> AsyncStream<LiveEventStream.Update>
}

extension LiveEventStream: LiveEventFeed {}
