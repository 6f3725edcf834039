import Fluent
import SproutAPI

/// The post a page's address names, as the page expects it: a lesson on the lesson pages, a
/// community post on the community pages. Other apps' posts share the table and are not found here,
/// nor, by anyone but its author, a post the operator hid.
extension PostBoard {
    /// Which of `postIDs` still exist for `viewer`, for lists that link only to what is still there.
    func existing(_ postIDs: [String], shownTo viewer: String?, on db: any Database) async throws -> Set<String> {
        guard !postIDs.isEmpty else { return [] }
        return Set(try await LessonPost.query(on: db).filter(\.$postID ~~ postIDs).shown(to: viewer).all(\.$postID))
    }

    func lesson(_ postID: String, shownTo viewer: String?, on db: any Database) async throws -> Lessons.Post {
        try await shownPost(postID, of: Lessons.ProductID.lesson, to: viewer, on: db).post
    }

    func communityPost(_ postID: String, shownTo viewer: String?, on db: any Database) async throws -> Lessons.Post {
        try await shownPost(postID, of: Lessons.ProductID.community, to: viewer, on: db).post
    }

    /// The lesson, and which of the viewer's own things in it the operator hid.
    func shownLesson(_ postID: String, to viewer: String?, on db: any Database) async throws -> (post: Lessons.Post, hides: OperatorHides) {
        try await shownPost(postID, of: Lessons.ProductID.lesson, to: viewer, on: db)
    }

    /// The community post, and which of the viewer's own things in it the operator hid.
    func shownCommunityPost(_ postID: String, to viewer: String?, on db: any Database) async throws -> (post: Lessons.Post, hides: OperatorHides) {
        try await shownPost(postID, of: Lessons.ProductID.community, to: viewer, on: db)
    }

    private func shownPost(_ postID: String, of productID: String, to viewer: String?, on db: any Database) async throws -> (post: Lessons.Post, hides: OperatorHides) {
        let found = try await shownPost(postID, to: viewer, on: db)
        guard found.post.productID == productID else { throw PostError.postNotFound }
        return found
    }
}
