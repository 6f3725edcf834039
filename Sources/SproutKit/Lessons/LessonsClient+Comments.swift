import Foundation
import SproutAPI

// Comments (All For Lesson: reviews) and likes (like-2: bookmarks), spec §2.3 and §2.4.
extension LessonsClient {
    /// `POST v1/posts/{post_id}/comments`; a review carries its stars.
    public func comment(_ content: String, rating: ReviewRating? = nil, on postID: String) async throws -> Lessons.Comment {
        try await api.send(Endpoint(Lessons.Routes.comment, postID, body: Lessons.CommentRequest(content: content, rating: rating)))
    }

    /// `PUT v1/posts/{post_id}/comments/{comment_id}`; 445: not the author. Without a rating the
    /// review keeps its stars.
    public func editComment(_ commentID: String, on postID: String, content: String, rating: ReviewRating? = nil) async throws -> Lessons.Comment {
        try await api.send(Endpoint(
            Lessons.Routes.editComment, (postID, commentID), body: Lessons.CommentRequest(content: content, rating: rating)
        ))
    }

    /// `DELETE v1/posts/{post_id}/comments/{comment_id}`; 445: not the author. The body is not read.
    public func deleteComment(_ commentID: String, on postID: String) async throws {
        try await api.send(Endpoint<Void>(Lessons.Routes.deleteComment, (postID, commentID)) { _ in })
    }

    /// `POST v1/posts/{post_id}/like` with the wanted state.
    public func setLike(_ status: Bool, postID: String) async throws -> Lessons.LikeStatus {
        try await api.send(Endpoint(Lessons.Routes.like, postID, body: Lessons.LikeStatus(likeStatus: status)))
    }

    /// `POST v1/posts/{post_id}/like-2` with the wanted state (All For Lesson: bookmark).
    public func setLike2(_ status: Bool, postID: String) async throws -> Lessons.LikeStatus {
        try await api.send(Endpoint(Lessons.Routes.like2, postID, body: Lessons.LikeStatus(likeStatus: status)))
    }
}
