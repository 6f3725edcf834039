import Fluent
import FluentSQL
import Foundation
import Media
import Platform
import PlatformCore
import SproutAPI

/// Writing posts, comments and likes, and what the rules refuse (`PostError`).
struct PostBoard: Sendable {
    let files: FileStore
    let ids: IdentifierGenerator
    let clock: WallClock
    let notifications: AccountNotifications
    let reader = PostReader()

    static let maxTitleLength = 200
    static let maxContentLength = 10_000
    static let maxCommentLength = 2_000
    static let maxFiles = 10
    /// Where post files live, as `uploads/<area>/…`.
    static let fileArea = "lessons"

    /// The post, when `viewer` is shown it: a post the operator hid is missing for all but its author.
    func find(_ postID: String, shownTo viewer: String?, on db: any Database) async throws -> LessonPost {
        guard !postID.isEmpty, let post = try await LessonPost.query(on: db).filter(\.$postID == postID).first(), post.isShown(to: viewer) else {
            throw PostError.postNotFound
        }
        return post
    }

    func post(_ postID: String, shownTo viewer: String?, on db: any Database) async throws -> Lessons.Post {
        try await shownPost(postID, to: viewer, on: db).post
    }

    /// The post as `viewer` is shown it, and which of their own things in it the operator hid.
    func shownPost(_ postID: String, to viewer: String?, on db: any Database) async throws -> (post: Lessons.Post, hides: OperatorHides) {
        let post = try await find(postID, shownTo: viewer, on: db)
        let shown = try await reader.shown([try post.requireID()], to: viewer, on: db)
        guard let found = shown.posts.first else { throw PostError.postNotFound }
        return (found, shown.hides)
    }

    /// Anyone signed in may create a post in any app. All For Lesson only offers "open a lesson"
    /// to teachers, but the published app never had the server enforce it and its siblings create
    /// posts with no role at all, so the role is checked by the web pages and the SDK's form, not here.
    func create(by accountID: String, _ request: Lessons.PostRequest, on db: any Database) async throws -> Lessons.Post {
        guard let productID = request.productID?.value.trimmingCharacters(in: .whitespaces), !productID.isEmpty else {
            throw PostError.productIDMissing
        }
        let post = LessonPost(postID: ids.objectID(), productID: productID, creatorID: accountID, title: "", createdAt: clock.now())
        try await apply(request, to: post)
        guard try await PostUploads.attachable(post.fileList, by: accountID, on: db) else { throw PostError.foreignFiles }
        let seq = try await db.writeTransaction { db in
            // Stamped once the write lock is held, so posts that raced to be created still list
            // newest first by `createdAt` as well as by sequence.
            post.createdAt = clock.now()
            try await post.create(on: db)
            try await PostUploads.attached(post.fileList, on: db)
            let seq = try post.requireID()
            try await replaceHashtags(of: seq, content: post.content, on: db)
            return seq
        }
        // Only a delete racing in right after the write leaves nothing to read back.
        guard let created = try await reader.posts([seq], shownTo: accountID, on: db).first else { throw PostError.postNotFound }
        return created
    }

    func update(_ postID: String, by accountID: String, _ request: Lessons.PostRequest, on db: any Database) async throws -> Lessons.Post {
        let released = try await db.writeTransaction { db in
            let post = try await find(postID, shownTo: accountID, on: db)
            guard post.creatorID == accountID else { throw PostError.notAuthor }
            let before = post.fileList
            try await apply(request, to: post)
            guard try await PostUploads.attachable(post.fileList, by: accountID, on: db) else { throw PostError.foreignFiles }
            if let productID = request.productID?.value.trimmingCharacters(in: .whitespaces), !productID.isEmpty { post.productID = productID }
            try await post.save(on: db)
            try await PostUploads.attached(post.fileList, on: db)
            if request.content != nil { try await replaceHashtags(of: try post.requireID(), content: post.content, on: db) }
            return before.filter { !post.fileList.contains($0) }
        }
        try await releaseFiles(released, on: db)
        return try await self.post(postID, shownTo: accountID, on: db)
    }

    func delete(_ postID: String, by accountID: String, on db: any Database) async throws {
        let paths = try await db.writeTransaction { db in
            let post = try await find(postID, shownTo: accountID, on: db)
            guard post.creatorID == accountID else { throw PostError.notAuthor }
            let paths = post.fileList
            guard try await Self.deleteRow(LessonPost.schema, key: "seq", post.requireID(), on: db) else { throw PostError.postNotFound }
            return paths
        }
        try await releaseFiles(paths, on: db)
    }

    /// `rating` is a review's stars; the published app sends none.
    /// One statement finds the post and writes the comment, so a post deleted meanwhile gets
    /// nothing written and the contract's 410, as does one the operator hid (for all but its
    /// author). Plain SQL: Fluent's models cost creates most of their time in reflection (bench/RESULTS.md).
    func comment(on postID: String, by accountID: String, content: String?, rating: ReviewRating? = nil, on db: any Database) async throws -> Lessons.Comment {
        let content = try Self.commentContent(content)
        guard !postID.isEmpty else { throw PostError.postNotFound }
        let commentID = ids.objectID(), createdAt = clock.now()
        let inserted: SQLRow?
        do {
            inserted = try await db.sql().raw("""
                INSERT INTO lessons_comments (comment_id, post_seq, creator_id, content, rating, created_at)
                SELECT \(bind: commentID), seq, \(bind: accountID), \(bind: content), \(bind: rating?.stars), \(bind: createdAt)
                FROM lessons_posts WHERE post_id = \(bind: postID) AND \(OperatorHides.shown(to: accountID, in: LessonPost.schema))
                RETURNING seq
                """).first()
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw PostError.postNotFound
        }
        guard inserted != nil else { throw PostError.postNotFound }
        if let rating { try await tellTeacher(about: rating, on: postID, by: accountID, on: db) }
        return Lessons.Comment(
            commentID: commentID, content: content, createdAt: PostReader.timestamp(createdAt),
            creator: try await person(accountID, on: db), rating: rating
        )
    }

    private func tellTeacher(about rating: ReviewRating, on postID: String, by reviewer: String, on db: any Database) async throws {
        guard let post = try await LessonPost.query(on: db).filter(\.$postID == postID).first(), post.creatorID != reviewer else { return }
        try await notifications.notify(post.creatorID, app: "lessons", kind: .lessonReview, text: .init(
            ko: "‘\(post.title)’에 \(rating.stars)점 후기가 달렸어요", en: "‘\(post.title)’ got a \(rating.stars)-star review"
        ), link: LessonsPaths.lesson.link(postID, fragment: "reviews"), on: db)
    }

    /// An edit without a rating keeps the one the review has: the published app edits text only.
    func editComment(_ commentID: String, on postID: String, by accountID: String, content: String?, rating: ReviewRating? = nil,
                     on db: any Database) async throws -> Lessons.Comment {
        let content = try Self.commentContent(content)
        let comment = try await findComment(commentID, on: postID, shownTo: accountID, on: db)
        guard comment.creatorID == accountID else { throw PostError.notAuthor }
        comment.content = content
        if let rating { comment.rating = rating.stars }
        try await comment.save(on: db)
        return try await self.comment(comment, on: db)
    }

    func deleteComment(_ commentID: String, on postID: String, by accountID: String, on db: any Database) async throws {
        let comment = try await findComment(commentID, on: postID, shownTo: accountID, on: db)
        guard comment.creatorID == accountID else { throw PostError.notAuthor }
        guard try await Self.deleteRow(LessonComment.schema, key: "seq", comment.requireID(), on: db) else { throw PostError.commentNotFound }
    }

    /// Deletes one row and says whether this call was the one that deleted it, so that of two
    /// racing deletes exactly one succeeds and the other gets the contract's 410.
    static func deleteRow(_ table: String, key: String, _ value: some Encodable & Sendable, on db: any Database) async throws -> Bool {
        try await db.sql().delete(from: table).where(SQLColumn(key), SQLBinaryOperator.equal, SQLBind(value)).returning(SQLColumn(key)).all().isEmpty == false
    }

    /// Sets like or like-2 to the state the client asks for; asking twice changes nothing.
    func setLike(_ kind: LikeKind, on postID: String, by accountID: String, to status: Bool, on db: any Database) async throws -> Bool {
        let seq = try await find(postID, shownTo: accountID, on: db).requireID()
        let existing = LessonLike.query(on: db).filter(\.$postSeq == seq).filter(\.$accountID == accountID).filter(\.$kind == kind.rawValue)
        if status {
            guard try await existing.count() == 0 else { return true }
            do {
                try await LessonLike(postSeq: seq, accountID: accountID, kind: kind, createdAt: clock.now()).create(on: db)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                // A concurrent request liked it first, or the post was deleted meanwhile.
                guard try await existing.count() > 0 else { throw PostError.postNotFound }
            }
        } else {
            try await existing.delete()
        }
        return status
    }

    /// A comment the operator hid is missing, as its post is, for all but its author.
    private func findComment(_ commentID: String, on postID: String, shownTo viewer: String, on db: any Database) async throws -> LessonComment {
        let seq = try await find(postID, shownTo: viewer, on: db).requireID()
        guard let comment = try await LessonComment.query(on: db).filter(\.$commentID == commentID).filter(\.$postSeq == seq).first(),
              comment.isShown(to: viewer) else {
            throw PostError.commentNotFound
        }
        return comment
    }

    private func comment(_ comment: LessonComment, on db: any Database) async throws -> Lessons.Comment {
        Lessons.Comment(
            commentID: comment.commentID, content: comment.content, createdAt: PostReader.timestamp(comment.createdAt),
            creator: try await person(comment.creatorID, on: db), rating: comment.rating.flatMap { ReviewRating(rawValue: $0) }
        )
    }

    /// A comment's author as the contract shows them; an account without a lessons profile has
    /// an empty nick and picture.
    private func person(_ accountID: String, on db: any Database) async throws -> Lessons.Person {
        struct Row: Decodable {
            let nick: String
            let profile_image: String
        }
        let profile = try await db.sql()
            .raw("SELECT nick, profile_image FROM lessons_profiles WHERE account_id = \(bind: accountID)")
            .first(decoding: Row.self)
        return Lessons.Person(userID: accountID, nick: profile?.nick ?? "", profileImage: profile?.profile_image ?? "")
    }

    /// A rating as a client sent it: none, or 1 to 5 stars.
    static func rating(_ stars: Int?) throws -> ReviewRating? {
        guard let stars else { return nil }
        guard let rating = ReviewRating(stars) else { throw PostError.ratingOutOfRange }
        return rating
    }

    static func commentContent(_ content: String?) throws -> String {
        guard let content, !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw PostError.commentMissing }
        guard content.count <= maxCommentLength else { throw PostError.commentTooLong(maximum: maxCommentLength) }
        return content
    }

    /// Copies the fields the request carries onto the post; fields it leaves out stay as they are.
    private func apply(_ request: Lessons.PostRequest, to post: LessonPost) async throws {
        if let title = request.title?.value {
            guard title.count <= Self.maxTitleLength else { throw PostError.titleTooLong(maximum: Self.maxTitleLength) }
            post.title = title
        }
        if let price = request.price?.value {
            guard price >= 0 else { throw PostError.negativePrice }
            post.price = price
        }
        let contents = [request.content, request.content1, request.content2, request.content3, request.content4, request.content5]
        guard contents.allSatisfy({ ($0?.value.count ?? 0) <= Self.maxContentLength }) else {
            throw PostError.contentTooLong(maximum: Self.maxContentLength)
        }
        if let value = request.content?.value { post.content = value }
        if let value = request.content1?.value { post.content1 = value }
        if let value = request.content2?.value { post.content2 = value }
        if let value = request.content3?.value { post.content3 = value }
        // Curation tags belong to the operator (`LessonCuration`): a request neither clears one nor
        // sets one (a tag it sends counts as the "" the published app sends).
        if let value = request.content4?.value, !LessonCuration.isTag(post.content4) { post.content4 = LessonCuration.isTag(value) ? "" : value }
        if let value = request.content5?.value { post.content5 = value }
        if let files = request.files {
            guard files.count <= Self.maxFiles, files.allSatisfy(Self.isPostFile) else { throw PostError.foreignFiles }
            for file in files where try await !self.files.exists(file) { throw PostError.foreignFiles }
            post.fileList = files
        }
    }

    /// A path `posts/files` could have handed out: clients may only attach what was uploaded here.
    static func isPostFile(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return components.count == 3 && components[0] == FileStore.pathPrefix && components[1] == fileArea
            && FileStore.isSafeComponent(components[2]) && components[2].contains(".")
    }

    private func replaceHashtags(of seq: Int, content: String?, on db: any Database) async throws {
        try await LessonHashtag.query(on: db).filter(\.$postSeq == seq).delete()
        for tag in Hashtags.extract(from: content) {
            try await LessonHashtag(postSeq: seq, tag: tag).create(on: db)
        }
    }

    /// Deletes files no post lists any more. Another post may list the same upload (a client that
    /// reuses a path), so a file goes only when nothing references it.
    private func releaseFiles(_ paths: [String], on db: any Database) async throws {
        for path in paths where Self.isPostFile(path) {
            let stillUsed = try await LessonPost.listing(path, on: db).count()
            if stillUsed == 0 { try? await files.delete(path: path) }
        }
    }
}
