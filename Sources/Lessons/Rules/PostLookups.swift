import Fluent
import SproutAPI

/// The post a page's address names, as the page expects it: a lesson on the lesson pages, a
/// community post on the community pages. Other apps' posts share the table and are not found here.
extension PostBoard {
    /// Which of `postIDs` still exist, for lists that link only to what is still there.
    func existing(_ postIDs: [String], on db: any Database) async throws -> Set<String> {
        guard !postIDs.isEmpty else { return [] }
        return Set(try await LessonPost.query(on: db).filter(\.$postID ~~ postIDs).all(\.$postID))
    }

    func lesson(_ postID: String, on db: any Database) async throws -> Lessons.Post {
        try await post(postID, of: Lessons.ProductID.lesson, on: db)
    }

    func communityPost(_ postID: String, on db: any Database) async throws -> Lessons.Post {
        try await post(postID, of: Lessons.ProductID.community, on: db)
    }

    private func post(_ postID: String, of productID: String, on db: any Database) async throws -> Lessons.Post {
        let found = try await post(postID, on: db)
        guard found.productID == productID else { throw PostError.postNotFound }
        return found
    }
}
