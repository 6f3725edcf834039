import Fluent
import SproutAPI

/// The home screen's two curated sections. The published app shows a lesson there when its
/// `content4` holds a section's tag, and any author could once send that tag; now only the
/// operator places a lesson there (`sprout curation set`), and `PostBoard` keeps authors' requests
/// from setting or clearing a tag.
struct LessonCuration: Sendable {
    struct Placement: Sendable {
        let section: Lessons.Curation
        let postID: String
        let title: String
    }

    static func isTag(_ content4: String?) -> Bool {
        Lessons.Curation(rawValue: content4 ?? "") != nil
    }

    /// Puts the lesson into `section`, or takes it out of whichever it is in with `nil`.
    func place(_ postID: String, in section: Lessons.Curation?, on db: any Database) async throws {
        guard let post = try await LessonPost.query(on: db).filter(\.$postID == postID).first() else { throw CurationError.noSuchPost(postID) }
        guard post.productID == Lessons.ProductID.lesson else { throw CurationError.notALesson(postID) }
        post.content4 = section?.rawValue ?? ""
        try await post.save(on: db)
    }

    func placements(on db: any Database) async throws -> [Placement] {
        try await LessonPost.query(on: db)
            .filter(\.$productID == Lessons.ProductID.lesson)
            .filter(\.$content4 ~~ Lessons.Curation.allCases.map(\.rawValue))
            .sort(\.$content4).sort(\.$id, .descending).all()
            .compactMap { post in
                Lessons.Curation(rawValue: post.content4 ?? "").map { Placement(section: $0, postID: post.postID, title: post.title) }
            }
    }
}
