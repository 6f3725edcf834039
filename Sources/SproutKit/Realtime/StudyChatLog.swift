import SproutAPI

/// The messages of one conversation as the apps keep them (spec §4, "Local persistence"): the
/// REST history and the socket's live messages merged, each once by its `_id`, oldest first.
/// `newest` is the `lastchatDate` to ask for next, so a reconnect fetches only what it missed.
public struct StudyChatLog: Sendable, Equatable {
    public private(set) var messages: [Study.Chat] = []
    private var ids: Set<String> = []

    public init(_ messages: [Study.Chat] = []) {
        merge(messages)
    }

    /// The `lastchatDate` for the next history fetch.
    public var newest: String { messages.last?.createdAt ?? Study.everyChat }

    /// Adds the messages not held yet; answers those that were new.
    @discardableResult
    public mutating func merge(_ incoming: [Study.Chat]) -> [Study.Chat] {
        let fresh = incoming.filter { ids.insert($0.id).inserted }
        // `createdAt` strings of one shape order as their times. Each message goes after every
        // one not newer than it, so messages of the same millisecond keep the server's order.
        for chat in fresh {
            let index = messages.lastIndex { $0.createdAt <= chat.createdAt }.map { $0 + 1 } ?? 0
            messages.insert(chat, at: index)
        }
        return fresh
    }
}
