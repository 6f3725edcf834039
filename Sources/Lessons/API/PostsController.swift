import Fluent
import Media
import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Posts, files, comments and likes: spec §2.2–§2.4.
struct PostsController: Sendable {
    let board: PostBoard
    let uploads: PostUploads
    let uploadBodyLimit: ByteCount
    let answers: AnswerCache<LessonsRead>
    let listing = PostListing()

    static let paging: [APIOperation.Parameter] = [
        .init("next", "Cursor from the previous page; empty for the first"),
        .init("limit", "Page size; empty or over 100 means 100"),
    ]
    static let productID = APIOperation.Parameter("product_id", "Only posts of this app")
    static let signedIn: [Int: String] = [401: "Token invalid", 403: "The token's account was withdrawn", 419: "Access token expired: refresh", 420: "SesacKey missing or wrong", 429: "Too many calls"]
    static let headers = [UsersController.key, UsersController.authorization]

    static func responses(_ extra: [Int: String]) -> [Int: String] {
        signedIn.merging(extra) { $1 }
    }

    func register(on routes: DocumentedRoutes) {
        typealias Routes = Lessons.Routes
        routes.on(Routes.uploadFiles, body: .collect(maxSize: uploadBodyLimit), doc: .init(
            "Upload post files", description: "Multipart with repeated `files` parts (images, at most 5, each within the upload limit).",
            headers: Self.headers, body: .multipart([.init("files", required: true, .repeated(.file), "Images, at most 5")]),
            responses: Self.responses([200: "{files: [relative path]}", 400: "No files, too many, too large, or not images"])
        ), use: uploadFiles)
        routes.on(Routes.createPost, doc: .init(
            "Create a post", headers: Self.headers, body: .json(Lessons.PostRequest.self),
            responses: Self.responses([200: "Post", 400: "product_id missing, a field too long, or files not uploaded here"])
        ), use: create)
        routes.onResponse(Routes.posts, doc: .init(
            "Posts, newest first", headers: Self.headers, query: Self.paging + [Self.productID],
            responses: Self.responses([200: "{data: [Post], next_cursor} (\"0\" on the last page)", 400: "next or limit malformed"]),
            answer: Lessons.PostList.self
        ), use: list)
        routes.onResponse(Routes.hashtagPosts, doc: .init(
            "Posts with a hashtag", headers: Self.headers,
            query: Self.paging + [Self.productID, .init("hashTag", required: true, "The tag, without #")],
            responses: Self.responses([200: "{data: [Post], next_cursor}", 400: "hashTag missing, or paging malformed"]),
            answer: Lessons.PostList.self
        ), use: byHashtag)
        routes.onResponse(Routes.userPosts, doc: .init(
            "A user's posts", headers: Self.headers, query: Self.paging + [Self.productID],
            responses: Self.responses([200: "{data: [Post], next_cursor}", 400: "Paging malformed"]),
            answer: Lessons.PostList.self
        ), use: byUser)
        routes.on(Routes.liked, doc: .init(
            "Posts I liked", headers: Self.headers, query: Self.paging,
            responses: Self.responses([200: "{data: [Post], next_cursor}, most recently liked first", 400: "Paging malformed"])
        ), use: { req in try await liked(.like, req) })
        routes.on(Routes.liked2, doc: .init(
            "Posts I liked with like-2 (All For Lesson: bookmarks)", headers: Self.headers, query: Self.paging,
            responses: Self.responses([200: "{data: [Post], next_cursor}", 400: "Paging malformed"])
        ), use: { req in try await liked(.like2, req) })
        routes.onResponse(Routes.post, doc: .init(
            "A post", headers: Self.headers, responses: Self.responses([200: "Post", 410: "No such post (or deleted)"]),
            answer: Lessons.Post.self
        ), use: read)
        routes.on(Routes.updatePost, doc: .init(
            "Edit a post", description: "Fields left out keep their values.", headers: Self.headers, body: .json(Lessons.PostRequest.self),
            responses: Self.responses([200: "Post", 400: "A field too long, or files not uploaded here", 410: "No such post", 445: "Not the author"])
        ), use: update)
        routes.on(Routes.deletePost, doc: .init(
            "Delete a post", headers: Self.headers,
            responses: Self.responses([200: "Deleted", 410: "No such post (or already deleted)", 445: "Not the author"])
        ), use: delete)
        routes.on(Routes.comment, doc: .init(
            "Comment (All For Lesson: a review)", headers: Self.headers, body: .json(Lessons.CommentRequest.self),
            responses: Self.responses([200: "Comment", 400: "content missing or too long, or a rating other than 1 to 5", 410: "No such post"])
        ), use: comment)
        routes.on(Routes.editComment, doc: .init(
            "Edit a comment", headers: Self.headers, body: .json(Lessons.CommentRequest.self),
            responses: Self.responses([200: "Comment", 400: "content missing or too long, or a rating other than 1 to 5", 410: "No such post or comment", 445: "Not the author"])
        ), use: editComment)
        routes.on(Routes.deleteComment, doc: .init(
            "Delete a comment", headers: Self.headers,
            responses: Self.responses([200: "Deleted", 410: "No such post or comment", 445: "Not the author"])
        ), use: deleteComment)
        routes.on(Routes.like, doc: .init(
            "Like or unlike", headers: Self.headers, body: .json(LikeBody.self),
            responses: Self.responses([200: "{like_status}", 400: "like_status missing", 410: "No such post"])
        ), use: { req in try await like(.like, req) })
        routes.on(Routes.like2, doc: .init(
            "Like-2 (All For Lesson: bookmark)", headers: Self.headers, body: .json(LikeBody.self),
            responses: Self.responses([200: "{like_status}", 400: "like_status missing", 410: "No such post"])
        ), use: { req in try await like(.like2, req) })
    }

    func uploadFiles(_ req: Request) async throws -> Lessons.UploadedFiles {
        let chosen = try req.multipartParts().filter { $0.name == "files" || $0.name == "files[]" }.map { Data(buffer: $0.body) }
        let limits = LessonsError.invalidValue("파일의 제한 사항과 맞지 않습니다.")
        guard !chosen.isEmpty else { throw limits }
        do {
            return Lessons.UploadedFiles(files: try await uploads.store(chosen, by: try req.lessonsAccountID, on: req.db))
        } catch is FileStoreError {
            throw limits
        } catch is ImageError {
            throw limits
        }
    }

    func create(_ req: Request) async throws -> Lessons.Post {
        try await board.create(by: try req.lessonsAccountID, try req.decodeBody(Lessons.PostRequest.self), on: req.db)
    }

    func list(_ req: Request) async throws -> EncodedJSON {
        try await posts(productID: Self.productFilter(req), req)
    }

    func byHashtag(_ req: Request) async throws -> EncodedJSON {
        let tag = Hashtags.normalize(req.queryValue("hashTag") ?? "")
        guard !tag.isEmpty else { throw LessonsError.missingValue }
        return try await posts(productID: Self.productFilter(req), hashtag: tag, req)
    }

    func byUser(_ req: Request) async throws -> EncodedJSON {
        try await posts(productID: Self.productFilter(req), creatorID: Lessons.Routes.userPosts.parameters(in: req) ?? "", req)
    }

    func liked(_ kind: LikeKind, _ req: Request) async throws -> Lessons.PostList {
        let me = try req.lessonsAccountID
        return try await page(PostQuery(likedBy: (me, kind), viewer: me), try CursorPaging(req), on: req.db)
    }

    /// A post the operator hid answers the contract's 410, as a deleted one, to all but its author.
    func read(_ req: Request) async throws -> EncodedJSON {
        let id = Lessons.Routes.post.parameters(in: req) ?? ""
        let viewer = try await audience(req)
        return EncodedJSON(try await answers.answer(.post(id: id, viewer: viewer), for: req) {
            try WireJSON.encode(try await board.post(id, shownTo: viewer, on: req.db), splicing: \.comments, at: "comments")
        })
    }

    func update(_ req: Request) async throws -> Lessons.Post {
        let body = try req.decodeBody(Lessons.PostRequest.self)
        return try await board.update(Lessons.Routes.updatePost.parameters(in: req) ?? "", by: try req.lessonsAccountID, body, on: req.db)
    }

    func delete(_ req: Request) async throws -> Lessons.Message {
        try await board.delete(Lessons.Routes.deletePost.parameters(in: req) ?? "", by: try req.lessonsAccountID, on: req.db)
        return Lessons.Message(message: "삭제되었습니다.")
    }

    func comment(_ req: Request) async throws -> Lessons.Comment {
        let body = try req.decodeBody(Lessons.CommentRequest.self)
        return try await board.comment(on: Lessons.Routes.comment.parameters(in: req) ?? "", by: try req.lessonsAccountID, content: body.content?.value,
                                       rating: try PostBoard.rating(body.rating?.value), on: req.db)
    }

    func editComment(_ req: Request) async throws -> Lessons.Comment {
        let body = try req.decodeBody(Lessons.CommentRequest.self)
        let (postID, commentID) = Lessons.Routes.editComment.parameters(in: req) ?? ("", "")
        return try await board.editComment(
            commentID, on: postID, by: try req.lessonsAccountID, content: body.content?.value,
            rating: try PostBoard.rating(body.rating?.value), on: req.db
        )
    }

    func deleteComment(_ req: Request) async throws -> Lessons.Message {
        let (postID, commentID) = Lessons.Routes.deleteComment.parameters(in: req) ?? ("", "")
        try await board.deleteComment(commentID, on: postID, by: try req.lessonsAccountID, on: req.db)
        return Lessons.Message(message: "삭제되었습니다.")
    }

    func like(_ kind: LikeKind, _ req: Request) async throws -> Lessons.LikeStatus {
        let body = try req.decodeBody(LikeBody.self)
        guard let status = body.like_status else { throw LessonsError.missingValue }
        let route = switch kind {
        case .like: Lessons.Routes.like
        case .like2: Lessons.Routes.like2
        }
        return Lessons.LikeStatus(likeStatus: try await board.setLike(kind, on: route.parameters(in: req) ?? "", by: try req.lessonsAccountID, to: status, on: req.db))
    }

    /// `like_status` as a JSON boolean; clients that build bodies from forms send "true"/"false".
    struct LikeBody: Decodable {
        let like_status: Bool?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let flag = try? container.decodeIfPresent(Bool.self, forKey: .like_status) {
                like_status = flag
            } else if let text = try? container.decodeIfPresent(String.self, forKey: .like_status) {
                switch text.lowercased() {
                case "true", "1": like_status = true
                case "false", "0": like_status = false
                default: like_status = nil
                }
            } else {
                like_status = nil
            }
        }

        enum CodingKeys: String, CodingKey { case like_status }
    }

    /// A page of posts that is the same for every caller (but one the operator hid something of),
    /// from the cache while nothing it shows changed.
    private func posts(productID: String?, hashtag: String? = nil, creatorID: String? = nil, _ req: Request) async throws -> EncodedJSON {
        let paging = try CursorPaging(req)
        let viewer = try await audience(req)
        let read = LessonsRead.posts(productID: productID, hashtag: hashtag, creatorID: creatorID, cursor: paging.cursor, limit: paging.limit,
                                     viewer: viewer)
        return EncodedJSON(try await answers.answer(read, for: req) {
            let query = PostQuery(productID: productID, creatorID: creatorID, hashtag: hashtag, viewer: viewer)
            return try WireJSON.encoder().encode(try await page(query, paging, on: req.db))
        })
    }

    private func page(_ query: PostQuery, _ paging: CursorPaging, on db: any Database) async throws -> Lessons.PostList {
        if paging.cursor == 0 { return Lessons.PostList(data: [], nextCursor: Lessons.PostList.lastPage) }
        let page = try await listing.page(query, after: paging.cursor, limit: paging.limit, on: db)
        return Lessons.PostList(data: try await board.reader.posts(page.seqs, commentsEach: PostReader.listedComments, shownTo: query.viewer, on: db),
                                nextCursor: page.nextCursor)
    }

    /// Whose view a kept read answers: everyone's (nil), kept once for all; or, for a caller the
    /// operator hid a post or comment of, their own, since only they still see it. The list of
    /// such callers is kept beside the answers, under the same counter.
    private func audience(_ req: Request) async throws -> String? {
        let me = try req.lessonsAccountID
        let hidden = try await answers.answer(.authorsWithHiddenThings, for: req) {
            try JSONEncoder().encode(try await board.reader.authorsWithHiddenThings(on: req.db))
        }
        // "[]": nothing hidden, as nearly always; not worth decoding.
        guard hidden.bytes.count > 2 else { return nil }
        return try JSONDecoder().decode([String].self, from: hidden.bytes).contains(me) ? me : nil
    }

    /// `product_id` empty or absent means every app's posts.
    static func productFilter(_ req: Request) -> String? {
        guard let value = req.queryValue("product_id")?.trimmingWhitespace(), !value.isEmpty else { return nil }
        return value
    }
}
