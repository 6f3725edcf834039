import Platform
import PlatformCore

/// The contract's reads whose answers are kept in the lessons' `AnswerCache`: the same for every
/// signed-in caller but one whose posts or comments the operator hid (only they still see those),
/// so the key is what the request asks for and, for such a caller alone, whose view it is.
/// "Posts I liked" depends on the caller and is always read afresh.
enum LessonsRead: Hashable, Sendable {
    case posts(productID: String?, hashtag: String?, creatorID: String?, cursor: Int?, limit: Int, viewer: String?)
    case post(id: String, viewer: String?)
    /// Whose posts or comments the operator hid (`PostReader.authorsWithHiddenThings`), as a JSON
    /// array: read again, like the answers, only after a write.
    case authorsWithHiddenThings

    /// Everything the posts, a post and its comments read; a chat room's post too (`LessonConversations`).
    static let group = ReadGroup(
        "lessons", tables: ["lessons_posts", "lessons_profiles", "lessons_comments", "lessons_likes", "lessons_hashtags", "lessons_payments"]
    )
}
