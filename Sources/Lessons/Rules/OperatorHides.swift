import Fluent
import Foundation
import SQLKit
import SproutAPI

/// What the operator hid among the posts and comments one person is shown. A hidden thing is shown
/// only to its author (with a notice), so these are always that person's own.
struct OperatorHides: Sendable, Equatable {
    var posts: Set<String> = []
    var comments: Set<String> = []

    mutating func formUnion(_ other: OperatorHides) {
        posts.formUnion(other.posts)
        comments.formUnion(other.comments)
    }

    /// Rows of `table` (aliased or named) that `viewer` is shown: those nobody hid, and their own.
    /// Signed out, only those nobody hid.
    static func shown(to viewer: String?, in table: String) -> SQLQueryString {
        guard let viewer else { return "\(ident: table).removed_at IS NULL" }
        return "(\(ident: table).removed_at IS NULL OR \(ident: table).creator_id = \(bind: viewer))"
    }
}

/// Posts as one person is shown them, and which of their own things in them the operator hid.
struct ShownPosts: Sendable {
    let posts: [Lessons.Post]
    let hides: OperatorHides
}

extension QueryBuilder where Model == LessonPost {
    /// The posts `viewer` is shown.
    func shown(to viewer: String?) -> QueryBuilder<LessonPost> {
        guard let viewer else { return filter(\.$removedAt == nil) }
        return group(.or) { $0.filter(\.$removedAt == nil).filter(\.$creatorID == viewer) }
    }
}

extension LessonPost {
    /// Hidden by the operator, it is its author's alone.
    func isShown(to viewer: String?) -> Bool {
        removedAt == nil || creatorID == viewer
    }
}

extension LessonComment {
    func isShown(to viewer: String?) -> Bool {
        removedAt == nil || creatorID == viewer
    }
}
