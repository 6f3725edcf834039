import Fluent
import Platform
import SproutAPI

/// A lesson as the messenger shows it: a student asks its teacher about it, before or after paying.
struct LessonConversations: ConversationSubjects {
    let board: PostBoard
    let app = "lessons"

    func subject(_ id: String, on db: any Database) async throws -> ConversationSubject? {
        guard id.utf8.count <= 64 else { return nil }
        let post: Lessons.Post
        do {
            post = try await board.post(id, on: db)
        } catch PostError.postNotFound {
            return nil
        }
        guard post.productID == Lessons.ProductID.lesson else { return nil }
        return ConversationSubject(ownerID: post.creator.userID, title: post.title, photo: post.files.first, price: post.price, state: nil,
                                   path: "/lessons/\(post.postID)")
    }
}
