import Foundation
import SproutAPI

// Comments (All For Lesson: reviews) and likes (like-2: bookmarks), spec §2.3 and §2.4.
extension LessonsClient {
    /// `POST v1/posts/{post_id}/comments`; a review carries its stars.
    public func comment(_ content: String, rating: ReviewRating? = nil, on postID: String) async throws -> Lessons.Comment {
        try await api.send(Endpoint(
            method: .post, path: "v1/posts/\(postID)/comments", body: try .json(Lessons.CommentRequest(content: content, rating: rating)),
            requiresAuthentication: true
        ))
    }

    /// `PUT v1/posts/{post_id}/comments/{comment_id}`; 445: not the author. Without a rating the
    /// review keeps its stars.
    public func editComment(_ commentID: String, on postID: String, content: String, rating: ReviewRating? = nil) async throws -> Lessons.Comment {
        try await api.send(Endpoint(
            method: .put, path: "v1/posts/\(postID)/comments/\(commentID)", body: try .json(Lessons.CommentRequest(content: content, rating: rating)),
            requiresAuthentication: true
        ))
    }

    /// `DELETE v1/posts/{post_id}/comments/{comment_id}`; 445: not the author. The body is not read.
    public func deleteComment(_ commentID: String, on postID: String) async throws {
        try await api.send(Endpoint<Void>(method: .delete, path: "v1/posts/\(postID)/comments/\(commentID)", requiresAuthentication: true) { _ in })
    }

    /// `POST v1/posts/{post_id}/like` with the wanted state.
    public func setLike(_ status: Bool, postID: String) async throws -> Lessons.LikeStatus {
        try await api.send(Endpoint(
            method: .post, path: "v1/posts/\(postID)/like", body: try .json(Lessons.LikeStatus(likeStatus: status)), requiresAuthentication: true
        ))
    }

    /// `POST v1/posts/{post_id}/like-2` with the wanted state (All For Lesson: bookmark).
    public func setLike2(_ status: Bool, postID: String) async throws -> Lessons.LikeStatus {
        try await api.send(Endpoint(
            method: .post, path: "v1/posts/\(postID)/like-2", body: try .json(Lessons.LikeStatus(likeStatus: status)), requiresAuthentication: true
        ))
    }
}
