import Platform
import SproutAPI
import Vapor

extension Lessons.Post {
    /// The comment `commentID` of this post, when `accountID` wrote it: someone else's is
    /// refused with `refusal` before anything is read from the form, and a missing one is a 404.
    func ownComment(_ commentID: String, by accountID: String, refusal: @autoclosure () -> Response) throws -> Lessons.Comment {
        guard let comment = comments.first(where: { $0.commentID == commentID }) else { throw Abort(.notFound) }
        guard comment.creator.userID == accountID else { throw PageExit(refusal()) }
        return comment
    }
}
