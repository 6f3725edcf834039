import Fluent
import Foundation

/// A post photo uploaded and not yet listed by a post: who uploaded it, and when. The row goes
/// once a post takes the photo or `PostUploads.sweep` deletes it.
final class LessonUpload: Model, @unchecked Sendable {
    static let schema = "lessons_uploads"

    @ID(custom: "path", generatedBy: .user) var id: String?
    @Field(key: "account_id") var accountID: String
    @Field(key: "uploaded_at") var uploadedAt: Date

    init() {}

    init(path: String, accountID: String, uploadedAt: Date) {
        id = path
        self.accountID = accountID
        self.uploadedAt = uploadedAt
    }
}
