import Foundation
import SproutAPI
import SproutKit

/// What the lesson screens ask of the server. `LessonsClient` is the real one; tests hand the
/// view models a stand-in.
public protocol LessonsService: Sendable {
    func validateEmail(_ email: String) async throws -> Lessons.Message
    func join(_ request: Lessons.JoinRequest) async throws -> Lessons.UserSummary
    /// Logs in and keeps the session.
    func login(email: String, password: String) async throws -> Lessons.LoginResponse
    func logout() async
    func myProfile() async throws -> Lessons.MyProfile

    func posts(_ feed: PostFeed, next: String, limit: Int?) async throws -> Lessons.PostList
    /// Every page of `feed`; the default follows `next_cursor` through `posts`.
    func allPosts(_ feed: PostFeed, pageSize: Int?) async throws -> [Lessons.Post]
    func post(id: String) async throws -> Lessons.Post
    func uploadFiles(_ files: [ImageUpload]) async throws -> [String]
    func createPost(_ request: Lessons.PostRequest) async throws -> Lessons.Post
    func updatePost(id: String, _ request: Lessons.PostRequest) async throws -> Lessons.Post

    func comment(_ content: String, rating: ReviewRating?, on postID: String) async throws -> Lessons.Comment
    func editComment(_ commentID: String, on postID: String, content: String, rating: ReviewRating?) async throws -> Lessons.Comment
    func deleteComment(_ commentID: String, on postID: String) async throws
    func setLike2(_ status: Bool, postID: String) async throws -> Lessons.LikeStatus

    func sandboxCheckout(postID: String, amount: Int, outcome: Lessons.SandboxCheckoutRequest.Outcome) async throws -> Lessons.SandboxCheckout
    func validatePayment(impUID: String, postID: String, price: Int?) async throws -> Lessons.Receipt
    func payments() async throws -> [Lessons.Receipt]
}

extension LessonsService {
    public func allPosts(_ feed: PostFeed, pageSize: Int?) async throws -> [Lessons.Post] {
        try await PostPaging.collect { next in try await posts(feed, next: next, limit: pageSize) }
    }
}

extension LessonsClient: LessonsService {}
