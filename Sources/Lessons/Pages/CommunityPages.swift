import Platform
import SproutAPI
import Vapor

/// The community tab (spec §4.2): posts with title and content under the community product id,
/// read with their comments. The published app's compose screen was a stub; here anyone signed
/// in writes posts and comments.
struct CommunityPages: Sendable {
    let board: PostBoard

    static let maxTitleLength = Lessons.LessonDraft.maxTitleLength
    static let maxContentLength = Lessons.LessonDraft.maxIntroductionLength

    func register(on pages: any RoutesBuilder) {
        pages.get(LessonsPaths.community, use: list)
        pages.get(LessonsPaths.communityWrite, use: writeForm)
        pages.post(LessonsPaths.communityWrite, use: write)
        pages.get(LessonsPaths.communityPost, use: read)
        pages.post(LessonsPaths.communityComments, use: comment)
        pages.get(LessonsPaths.communityCommentDelete, use: confirmDeleteComment)
        pages.post(LessonsPaths.communityCommentDelete, use: deleteComment)
    }

    func list(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        let query = PostQuery(productID: Lessons.ProductID.community, viewer: req.webAccountID)
        let page = try await PagedPosts.load(query, page: try req.queryFields(ListPage.self).number, reader: board.reader, on: req.db)
        return CommunityViews.list(context, page: page)
    }

    // MARK: Write

    func writeForm(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req)
        return CommunityViews.writeForm(visitor.context, title: "", content: "", errors: [:])
    }

    func write(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.require(req, next: LessonsPaths.communityWrite.link)
        let title = req.formField("title"), content = req.formField("content")
        var errors: [String: Lessons.LessonDraft.Violation] = [:]
        errors["title"] = Self.violation(title, max: Self.maxTitleLength)
        errors["content"] = Self.violation(content, max: Self.maxContentLength)
        guard errors.isEmpty else {
            return CommunityViews.writeForm(visitor.context, title: title, content: content,
                                            errors: errors.mapValues { visitor.context.pick(ko: $0.message.ko, en: $0.message.en) }, status: .badRequest)
        }
        let request = Lessons.PostRequest(
            title: title.trimmingCharacters(in: .whitespacesAndNewlines), content: content.trimmingCharacters(in: .whitespacesAndNewlines),
            productID: Lessons.ProductID.community
        )
        let post = try await board.create(by: visitor.accountID, request, on: req.db)
        return req.redirect(to: LessonsPaths.communityPost.link(post.postID), redirectType: .normal)
    }

    static func violation(_ text: String, max: Int) -> Lessons.LessonDraft.Violation? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return .required }
        return text.count > max ? .tooLong(max: max) : nil
    }

    // MARK: Read and comment

    func read(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        let (post, hides) = try await board.shownCommunityPost(LessonsPaths.communityPost.parameters(in: req) ?? "", to: context.account?.id, on: req.db)
        return CommunityViews.post(context, post: post, hides: hides, comment: "", error: nil)
    }

    func comment(_ req: Request) async throws -> Response {
        let postID = LessonsPaths.communityComments.parameters(in: req) ?? ""
        let visitor = try await LessonsVisitor.require(req, next: LessonsPaths.communityPost.link(postID))
        let (post, hides) = try await board.shownCommunityPost(postID, to: visitor.accountID, on: req.db)
        let text = req.formField("content")
        do {
            _ = try await board.comment(on: post.postID, by: visitor.accountID, content: text, on: req.db)
        } catch let error as PostError where LessonsPageErrors.status(of: error) == .badRequest {
            return CommunityViews.post(visitor.context, post: post, hides: hides, comment: text, error: ReviewViews.errorMessage(error, visitor.context),
                                       status: .badRequest)
        }
        return req.redirect(to: LessonsPaths.communityPost.link(post.postID, fragment: "comments"), redirectType: .normal)
    }

    // MARK: Delete one's own comment

    func confirmDeleteComment(_ req: Request) async throws -> Response {
        let (postID, commentID) = LessonsPaths.communityCommentDelete.parameters(in: req) ?? ("", "")
        let (visitor, post, comment) = try await ownComment(req, postID: postID, commentID: commentID)
        return CommunityViews.confirmDeleteComment(visitor.context, post: post, comment: comment)
    }

    func deleteComment(_ req: Request) async throws -> Response {
        let (postID, commentID) = LessonsPaths.communityCommentDelete.parameters(in: req) ?? ("", "")
        let (visitor, post, comment) = try await ownComment(req, postID: postID, commentID: commentID, next: LessonsPaths.communityPost.link(postID))
        try await board.deleteComment(comment.commentID, on: post.postID, by: visitor.accountID, on: req.db)
        return req.redirect(to: LessonsPaths.communityPost.link(post.postID, fragment: "comments"), redirectType: .normal)
    }

    /// The signed-in person, the post and their comment on it; someone else's is refused.
    private func ownComment(_ req: Request, postID: String, commentID: String, next: String? = nil) async throws
        -> (LessonsVisitor, Lessons.Post, Lessons.Comment) {
        let visitor = try await LessonsVisitor.require(req, next: next)
        let post = try await board.communityPost(postID, shownTo: visitor.accountID, on: req.db)
        return (visitor, post, try post.ownComment(commentID, by: visitor.accountID, refusal: CommunityViews.othersComment(visitor.context, post: post)))
    }
}
