import Fluent
import SproutAPI
import Vapor

/// The post a page's address names, as the page expects it: a lesson on the lesson pages, a
/// community post on the community pages. Other apps' posts share the table and are not found here.
extension PostBoard {
    func lesson(_ postID: String, on db: any Database) async throws -> Lessons.Post {
        try await post(postID, of: Lessons.ProductID.lesson, on: db)
    }

    func communityPost(_ postID: String, on db: any Database) async throws -> Lessons.Post {
        try await post(postID, of: Lessons.ProductID.community, on: db)
    }

    private func post(_ postID: String, of productID: String, on db: any Database) async throws -> Lessons.Post {
        let found = try await post(postID, on: db)
        guard found.productID == productID else { throw Abort(.notFound) }
        return found
    }
}
