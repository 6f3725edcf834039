/// The contract's reads whose answers are kept in the lessons' `AnswerCache`: the same for every
/// signed-in caller, so the key is what the request asks for. "Posts I liked" depends on the
/// caller and is always read afresh.
enum LessonsRead: Hashable, Sendable {
    case posts(productID: String?, hashtag: String?, creatorID: String?, cursor: Int?, limit: Int)
    case post(id: String)
}
