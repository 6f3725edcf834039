import Fluent
import Foundation

/// Two people talking, about one app's thing or about nothing in particular. The pair is kept in
/// id order (`first_member` < `second_member`), so the same two people about the same thing are
/// one row whoever starts. `about_app` and `about_id` are empty for a conversation about nothing.
final class ConversationRecord: Model, @unchecked Sendable {
    static let schema = "conversations"

    /// 24 random hex characters: unguessable, and the shape the lessons contract gives room ids.
    @ID(custom: "id", generatedBy: .user) var id: String?
    @Field(key: "about_app") var aboutApp: String
    @Field(key: "about_id") var aboutID: String
    @Field(key: "first_member") var firstMember: String
    @Field(key: "second_member") var secondMember: String
    @Field(key: "started_by") var startedBy: String
    @Field(key: "created_at") var createdAt: Date
    /// The newest message's id (0 before the first): the inbox's order and paging cursor.
    @Field(key: "last_message_id") var lastMessageID: Int
    @Field(key: "updated_at") var updatedAt: Date

    init() {}

    init(id: String, about: ConversationTopic, between one: String, and other: String, startedBy: String, at now: Date) {
        self.id = id
        aboutApp = about.app
        aboutID = about.id
        let pair = [one, other].sorted()
        firstMember = pair[0]
        secondMember = pair[1]
        self.startedBy = startedBy
        createdAt = now
        lastMessageID = 0
        updatedAt = now
    }

    var topic: ConversationTopic { ConversationTopic(app: aboutApp, id: aboutID) }

    func other(than me: String) -> String { firstMember == me ? secondMember : firstMember }
}

/// One person's place in a conversation: how far they have read.
final class ConversationMember: Model, @unchecked Sendable {
    static let schema = "conversation_members"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "conversation_id") var conversationID: String
    @Field(key: "account_id") var accountID: String
    @Field(key: "read_up_to") var readUpTo: Int

    init() {}

    init(conversationID: String, accountID: String, readUpTo: Int = 0) {
        self.conversationID = conversationID
        self.accountID = accountID
        self.readUpTo = readUpTo
    }
}

final class ConversationMessage: Model, @unchecked Sendable {
    static let schema = "conversation_messages"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "conversation_id") var conversationID: String
    @Field(key: "sender_id") var senderID: String
    @Field(key: "text") var text: String
    /// The photos' relative paths, as a JSON array (the lessons contract's rooms send up to five).
    @Field(key: "files") var files: String
    @Field(key: "sent_at") var sentAt: Date

    init() {}

    init(conversationID: String, senderID: String, text: String, files: [String], sentAt: Date) {
        self.conversationID = conversationID
        self.senderID = senderID
        self.text = text
        self.files = String(decoding: (try? JSONEncoder().encode(files)) ?? Data("[]".utf8), as: UTF8.self)
        self.sentAt = sentAt
    }

    var fileList: [String] { (try? JSONDecoder().decode([String].self, from: Data(files.utf8))) ?? [] }
}

/// One person blocking another: no new conversations or messages between them, either way.
final class AccountBlock: Model, @unchecked Sendable {
    static let schema = "account_blocks"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "blocker_id") var blockerID: String
    @Field(key: "blocked_id") var blockedID: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(blockerID: String, blockedID: String, createdAt: Date) {
        self.blockerID = blockerID
        self.blockedID = blockedID
        self.createdAt = createdAt
    }
}

struct CreateConversations: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ConversationRecord.schema)
            .field("id", .string, .identifier(auto: false))
            .field("about_app", .string, .required)
            .field("about_id", .string, .required)
            .field("first_member", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("second_member", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("started_by", .string, .required)
            .field("created_at", .datetime, .required)
            .field("last_message_id", .int, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "about_app", "about_id", "first_member", "second_member")
            .create()
        try await database.schema(ConversationMember.schema)
            .field("id", .int, .identifier(auto: true))
            .field("conversation_id", .string, .required, .references(ConversationRecord.schema, "id", onDelete: .cascade))
            .field("account_id", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("read_up_to", .int, .required)
            .unique(on: "account_id", "conversation_id")
            .create()
        try await database.schema(ConversationMessage.schema)
            .field("id", .int, .identifier(auto: true))
            .field("conversation_id", .string, .required, .references(ConversationRecord.schema, "id", onDelete: .cascade))
            .field("sender_id", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("text", .string, .required)
            .field("files", .string, .required)
            .field("sent_at", .datetime, .required)
            .create()
        try await database.schema(AccountBlock.schema)
            .field("id", .int, .identifier(auto: true))
            .field("blocker_id", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("blocked_id", .string, .required, .references(Account.schema, "id", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .unique(on: "blocker_id", "blocked_id")
            .create()
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX conversation_messages_by_conversation ON conversation_messages (conversation_id, id)").run()
        try await sql.raw("CREATE INDEX conversation_members_by_conversation ON conversation_members (conversation_id)").run()
    }

    func revert(on database: any Database) async throws {
        for schema in [AccountBlock.schema, ConversationMessage.schema, ConversationMember.schema, ConversationRecord.schema] {
            try await database.schema(schema).delete()
        }
    }
}
