import Platform
import Plot
import SproutAPI
import Vapor

/// `/lessons/users/{user_id}`: someone's nick, role, follower and following counts, a follow
/// button, and the lessons they teach (the app's profile screen was never pushed, spec §2.1 U7).
struct ProfilePages: Sendable {
    let board: PostBoard
    let follows: Follows

    func register(on pages: any RoutesBuilder) {
        pages.get("lessons", "users", ":user_id", use: profile)
        pages.post("lessons", "users", ":user_id", "follow", use: toggleFollow)
    }

    func profile(_ req: Request) async throws -> Response {
        let context = try await PageContext.load(for: req)
        let (userID, profile) = try await person(req)
        let (followers, following) = try await follows.lists(of: userID, on: req.db)
        let viewer = context.account?.id
        let query = PostQuery(productID: Lessons.ProductID.lesson, creatorID: userID)
        let lessons = try await PagedPosts.load(query, page: PagedPosts.number(req.query[String.self, at: "page"]), reader: board.reader, on: req.db)
        let counts: [(id: String, ko: String, en: String, count: Int)] = [
            ("follower-count", "팔로워", "Followers", followers.count),
            ("following-count", "팔로잉", "Following", following.count),
            ("lesson-count", "레슨", "Lessons", lessons.total),
        ]
        return LessonsViews.page(title: profile.nick, context: context, .group(
            LessonsViews.nav(context, current: viewer == userID ? "me" : ""),
            .div(
                .class("card profile-card"), .id("user-profile"), .data(named: "id", value: userID),
                .h1(.id("profile-nick"), .text(profile.nick)),
                .span(.class("badge"), .id("profile-role"), .text(LessonsViews.role(profile.role, context))),
                .ul(.class("counts"), .forEach(counts) { item in
                    .li(.strong(.id(item.id), .text(String(item.count))), .text(" " + context.pick(ko: item.ko, en: item.en)))
                }),
                followControl(userID: userID, viewer: viewer, following: followers.contains { $0.userID == viewer }, context: context)
            ),
            .h2(.text(context.pick(ko: "\(profile.nick)님의 레슨", en: "Lessons by \(profile.nick)"))),
            .if(lessons.posts.isEmpty, LessonsViews.emptyState(context.pick(ko: "연 레슨이 없어요.", en: "No lessons."))),
            LessonsViews.cards(lessons.posts, context: context, viewer: viewer, id: "profile-lessons"),
            LessonsViews.pager(lessons, context) { "/lessons/users/\(userID)?page=\($0)" }
        ))
    }

    private func followControl(userID: String, viewer: String?, following: Bool, context: PageContext) -> Node<HTML.BodyContext> {
        guard let viewer else {
            return .a(.id("follow-button"), .class("button secondary"), .href("/login?next=/lessons/users/\(userID)"), .text(context.pick(ko: "로그인하고 팔로우", en: "Log in to follow")))
        }
        guard viewer != userID else { return .empty }
        return .form(
            .action("/lessons/users/\(userID)/follow"), .method(.post),
            PageLayout.csrfField(context),
            .button(.id("follow-button"), .type(.submit), .class(following ? "secondary" : ""),
                    .attribute(named: "aria-pressed", value: following ? "true" : "false"),
                    .text(following ? context.pick(ko: "팔로잉 취소", en: "Unfollow") : context.pick(ko: "팔로우", en: "Follow")))
        )
    }

    func toggleFollow(_ req: Request) async throws -> Response {
        let path = "/lessons/users/\(req.parameters.get("user_id") ?? "")"
        let visitor = try await LessonsVisitor.require(req, next: path)
        let (userID, _) = try await person(req)
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

    /// The account of `:user_id` and its lessons profile.
    private func person(_ req: Request) async throws -> (String, LessonsProfile) {
        let userID = req.parameters.get("user_id") ?? ""
        return (userID, try await LessonsProfiles.person(userID, on: req.db))
    }
}
