import Fluent

/// A message the operator removed (`ConversationModeration`) is gone for the other person: from
/// the message lists of the API, the web page and the lessons rooms, from the inbox's last line
/// and from the unread counts. Its author still sees it where it was, and the web page tells them
/// why the other person does not. The API's answers keep their documented shape: the author's
/// lists carry it unchanged, the other person's leave it out.
extension QueryBuilder where Model == ConversationMessage {
    /// The messages `viewer` sees.
    func shown(to viewer: String) -> QueryBuilder<ConversationMessage> {
        group(.or) { $0.filter(\.$removedAt == nil).filter(\.$senderID == viewer) }
    }
}

extension Messenger {
    /// The newest message of the conversation `viewer` sees, given its newest one: the one before
    /// when the operator removed that one and it is not theirs (rarely, so a query only then).
    func newestShown(_ newest: ConversationMessage?, in conversationID: String, to viewer: String,
                     on db: any Database) async throws -> ConversationMessage? {
        guard let newest, newest.removedAt != nil, newest.senderID != viewer else { return newest }
        return try await ConversationMessage.query(on: db).filter(\.$conversationID == conversationID).filter(\.$id < (newest.id ?? 0))
            .shown(to: viewer).sort(\.$id, .descending).first()
    }

    /// Which of these messages the operator removed: on a page of `messages(in:for:…)`, only
    /// the viewer's own can be, which the page marks.
    func removed(among ids: [Int], on db: any Database) async throws -> Set<Int> {
        guard !ids.isEmpty else { return [] }
        return Set(try await ConversationMessage.query(on: db).filter(\.$id ~~ ids).filter(\.$removedAt != nil).all().compactMap(\.id))
    }
}
