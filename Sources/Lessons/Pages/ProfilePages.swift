import Platform
import SproutAPI
import Vapor

/// `/lessons/users/{user_id}`: someone's nick, role, follower and following counts, a follow
/// button, and the lessons they teach (the app's profile screen was never pushed, spec §2.1 U7).
struct ProfilePages: Sendable {
    let board: PostBoard
    let follows: Follows

    func register(on pages: any RoutesBuilder) {
        pages.get(LessonsPaths.profile, use: profile)
        pages.post(LessonsPaths.follow, use: toggleFollow)
    }

    func profile(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        let userID = LessonsPaths.profile.parameters(in: req) ?? ""
        let profile = try await LessonsProfiles.person(userID, on: req.db)
        let (followers, following) = try await follows.lists(of: userID, on: req.db)
        let query = PostQuery(productID: Lessons.ProductID.lesson, creatorID: userID, viewer: req.webAccountID)
        let lessons = try await PagedPosts.load(query, page: try req.queryFields(ListPage.self).number, reader: board.reader, on: req.db)
        return ProfileViews.profile(context, userID: userID, profile: profile, followers: followers, following: following, lessons: lessons)
    }

    func toggleFollow(_ req: Request) async throws -> Response {
        let userID = LessonsPaths.follow.parameters(in: req) ?? ""
        let path = LessonsPaths.profile.link(userID)
        let visitor = try await LessonsVisitor.require(req, next: path)
        _ = try await LessonsProfiles.person(userID, on: req.db) // Nobody to follow is not found.
        guard userID != visitor.accountID else { return req.redirect(to: path, redirectType: .normal) }
        if try await follows.isFollowing(userID, by: visitor.accountID, on: req.db) {
            _ = try await follows.unfollow(userID, by: visitor.accountID, on: req.db)
        } else {
            do {
                _ = try await follows.follow(userID, by: visitor.accountID, on: req.db)
            } catch FollowError.alreadyFollowing {
                // A second tab followed first; the outcome is the same.
            }
        }
        return req.redirect(to: path, redirectType: .normal)
    }
}
