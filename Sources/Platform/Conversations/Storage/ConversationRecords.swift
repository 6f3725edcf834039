import Fluent
import Foundation

/// Two people talking, about one app's thing or about nothing in particular. The pair is kept in
/// id order (`first_member` < `second_member`), so the same two people about the same thing are
/// one row whoever starts. `about_app` and `about_id` are empty for a conversation about nothing.
final class ConversationRecord: Model, @unchecked Sendable {
    static let schema = "conversations"

    /// 24 random hex characters: unguessable, and the shape the lessons contract gives room ids.
    @ID(custom: "id", generatedBy: .user) var id: String?
    /// The id its web page goes by (`PlatformPaths.conversation`): 16 random URL-safe
    /// characters, so that no link, notification or push names `id`.
    @Field(key: "web_id") var webID: String
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

    init(id: String, webID: String, about: ConversationTopic, between one: String, and other: String, startedBy: String, at now: Date) {
        self.id = id
        self.webID = webID
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
    /// When the operator removed it (`ConversationModeration`): only its author still sees it.
    @OptionalField(key: "removed_at") var removedAt: Date?

    init() {}

    static func encoded(_ files: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(files)) ?? Data("[]".utf8), as: UTF8.self)
    }

    var fileList: [String] { (try? JSONDecoder().decode([String].self, from: Data(files.utf8))) ?? [] }
}

/// A photo uploaded into a conversation for a message to come: only its uploader may send it,
/// in that conversation, once; one no message took within a day is deleted.
final class ConversationUpload: Model, @unchecked Sendable {
    static let schema = "conversation_uploads"

    @ID(custom: "path", generatedBy: .user) var id: String?
    @Field(key: "conversation_id") var conversationID: String
    @Field(key: "uploader_id") var uploaderID: String
    @Field(key: "uploaded_at") var uploadedAt: Date

    init() {}

    init(path: String, conversationID: String, uploaderID: String, uploadedAt: Date) {
        id = path
        self.conversationID = conversationID
        self.uploaderID = uploaderID
        self.uploadedAt = uploadedAt
    }
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
