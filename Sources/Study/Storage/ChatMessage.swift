import Fluent

/// One chat message between matched people (spec §4). `seq` orders messages of the same
/// millisecond as they were stored; `createdMilliseconds` is the time exactly as the clients see
/// it (`…SSS'Z'`), so "newer than the newest I hold" compares whole milliseconds and never hands
/// the newest message back.
final class ChatMessage: Model, @unchecked Sendable {
    static let schema = "study_chats"

    @ID(custom: "seq", generatedBy: .database) var id: Int?
    @Field(key: "object_id") var objectID: String
    @Field(key: "from_uid") var fromUID: String
    @Field(key: "to_uid") var toUID: String
    @Field(key: "chat") var chat: String
    @Field(key: "created_ms") var createdMilliseconds: Int64

    init() {}

    init(objectID: String, from: String, to: String, chat: String, createdMilliseconds: Int64) {
        self.objectID = objectID
        fromUID = from
        toUID = to
        self.chat = chat
        self.createdMilliseconds = createdMilliseconds
    }
}
