import Fluent
import Platform
import SproutAPI

/// A lesson as the messenger shows it: a student asks its teacher about it, before or after paying.
struct LessonConversations: ConversationSubjects {
    let board: PostBoard
    let app = "lessons"
    let readGroup = LessonsRead.group

    /// A lesson the operator hid is no subject: nobody starts asking about it, and the
    /// conversations about it show no lesson, as for one its teacher deleted.
    func subject(_ id: String, on db: any Database) async throws -> ConversationSubject? {
        guard id.utf8.count <= 64 else { return nil }
        let post: Lessons.Post
        do {
            post = try await board.post(id, shownTo: nil, on: db)
        } catch PostError.postNotFound {
            return nil
        }
        guard post.productID == Lessons.ProductID.lesson else { return nil }
        return ConversationSubject(id: post.postID, ownerID: post.creator.userID, title: post.title, photo: post.files.first, price: post.price, state: nil,
                                   path: LessonsPaths.lesson.link(post.postID))
    }

    func pictures(of accountIDs: [String], on db: any Database) async throws -> [String: String] {
        guard !accountIDs.isEmpty else { return [:] }
        let profiles = try await LessonsProfile.query(on: db).filter(\.$id ~~ accountIDs).filter(\.$profileImage != "").all()
        return Dictionary(profiles.compactMap { profile in profile.id.map { ($0, profile.profileImage) } }) { first, _ in first }
    }
}
