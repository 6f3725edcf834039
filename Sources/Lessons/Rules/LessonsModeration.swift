import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// A reported lesson as the operator console shows it, with its comments (reviews), and the
/// console's hide of the lesson or of one comment: `removed_at`, after which it is gone for all
/// but its author (`OperatorHides`). Reports name a lesson by its post id (`LessonDetailPages`).
struct LessonsModeration: ModeratedContent {
    static let postKind = "post"
    static let commentKind = "comment"
    /// Comments shown with a post: the newest, enough to see what is said under it.
    static let commentsShown = 50

    let app = "lessons"
    let clock: WallClock

    /// The post and its newest comments as they are now, hidden ones too, marked: comments written
    /// since `reportedAt` may be what the operator has to act on.
    func reported(_ subject: String, reportedAt: Date, on db: any Database) async throws -> ReportedThing? {
        guard Self.isID(subject), let post = try await LessonPost.query(on: db).filter(\.$postID == subject).first(), let seq = post.id,
              let kind = Self.kind(of: post)
        else { return nil }
        let newestFirst = try await LessonComment.query(on: db).filter(\.$postSeq == seq).sort(\.$id, .descending).limit(Self.commentsShown + 1).all()
        let comments = Array(newestFirst.prefix(Self.commentsShown).reversed())
        let names = try await Self.names(of: Set(comments.map(\.creatorID)), on: db)
        return ReportedThing(
            item: ModeratedItem(kind: Self.postKind, id: post.postID), kindName: kind.name, title: post.title, body: post.content ?? "",
            photos: post.fileList.map { "/" + $0 }, ownerID: post.creatorID, link: kind.link, hidden: post.removedAt != nil,
            parts: comments.map { comment in
                ReportedThing.Part(item: ModeratedItem(kind: Self.commentKind, id: comment.commentID), authorID: comment.creatorID,
                                   authorName: names[comment.creatorID] ?? "", text: comment.content, at: comment.createdAt,
                                   hidden: comment.removedAt != nil)
            },
            partsNote: newestFirst.count > Self.commentsShown
                ? ReportedThing.Words(ko: "댓글은 최근 \(Self.commentsShown)개만 보여 줘요.", en: "Only the latest \(Self.commentsShown) comments are shown.")
                : nil
        )
    }

    /// Hides or restores a post or a comment; answers whose it is. A second hide keeps when the
    /// first was made. The write moves the lessons' read counter (its tables' triggers), so kept
    /// answers are read again on every instance.
    func setHidden(_ hidden: Bool, _ item: ModeratedItem, on db: any Database) async throws -> String? {
        guard Self.isID(item.id) else { return nil }
        let removedAt: Date? = hidden ? clock.now() : nil
        switch item.kind {
        case Self.postKind:
            guard let post = try await LessonPost.query(on: db).filter(\.$postID == item.id).first() else { return nil }
            if (post.removedAt != nil) != hidden {
                try await LessonPost.query(on: db).filter(\.$postID == item.id).set(\.$removedAt, to: removedAt).update()
            }
            return post.creatorID
        case Self.commentKind:
            guard let comment = try await LessonComment.query(on: db).filter(\.$commentID == item.id).first() else { return nil }
            if (comment.removedAt != nil) != hidden {
                try await LessonComment.query(on: db).filter(\.$commentID == item.id).set(\.$removedAt, to: removedAt).update()
            }
            return comment.creatorID
        default:
            return nil
        }
    }

    /// Post and comment ids are 24 hex digits; other text names none and is not worth a query
    /// (PostgreSQL refuses a NUL in a bound text).
    static func isID(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// What the console calls it and where its page is: a lesson, or a post of the community tab.
    /// Other apps' posts on the shared contract have no page here and are not reported here.
    private static func kind(of post: LessonPost) -> (name: ReportedThing.Words, link: String)? {
        switch post.productID {
        case Lessons.ProductID.lesson: (name: ReportedThing.Words(ko: "레슨 글", en: "Lesson post"), link: LessonsPaths.lesson.link(post.postID))
        case Lessons.ProductID.community:
            (name: ReportedThing.Words(ko: "커뮤니티 글", en: "Community post"), link: LessonsPaths.communityPost.link(post.postID))
        default: nil
        }
    }

    /// Each author's nick in the lessons app, as the comments show it, or their account's name
    /// where they have none.
    private static func names(of accountIDs: Set<String>, on db: any Database) async throws -> [String: String] {
        var names = try await Enrolments.names(of: accountIDs, on: db)
        guard !accountIDs.isEmpty else { return names }
        for profile in try await LessonsProfile.query(on: db).filter(\.$id ~~ accountIDs).all() where !profile.nick.isEmpty {
            if let id = profile.id { names[id] = profile.nick }
        }
        return names
    }
}
