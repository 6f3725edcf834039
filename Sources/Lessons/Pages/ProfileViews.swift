import Platform
import Plot
import SproutAPI
import Vapor

/// Someone's profile as `ProfilePages` read it: nick, role, counts, the follow button and their lessons.
enum ProfileViews {
    static func profile(_ context: PageContext, userID: String, profile: LessonsProfile,
                        followers: [Lessons.Person], following: [Lessons.Person], lessons: PagedPosts) -> Response {
        let viewer = context.account?.id
        let counts: [(id: String, ko: String, en: (one: String, many: String), count: Int)] = [
            ("follower-count", "팔로워", ("Follower", "Followers"), followers.count),
            ("following-count", "팔로잉", ("Following", "Following"), following.count),
            ("lesson-count", "레슨", ("Lesson", "Lessons"), lessons.total),
        ]
        return LessonsViews.page(title: profile.nick, context: context, .group(
            LessonsViews.nav(context, current: viewer == userID ? "me" : ""),
            .div(
                .class("card profile-card"), .id("user-profile"), .data(named: "id", value: userID),
                .h1(.id("profile-nick"), .text(profile.nick)),
                .span(.class("badge"), .id("profile-role"), .text(LessonsViews.role(profile.role, context))),
                .ul(.class("counts"), .forEach(counts) { item in
                    .li(.strong(.id(item.id), .text(String(item.count))), .text(" " + context.pick(ko: item.ko, en: item.count == 1 ? item.en.one : item.en.many)))
                }),
                followControl(userID: userID, viewer: viewer, following: followers.contains { $0.userID == viewer }, context: context)
            ),
            .h2(.text(context.pick(ko: "\(profile.nick)님의 레슨", en: "Lessons by \(profile.nick)"))),
            .if(lessons.posts.isEmpty, LessonsViews.emptyState(context.pick(ko: "연 레슨이 없어요.", en: "No lessons."))),
            LessonsViews.cards(lessons.posts, context: context, viewer: viewer, hides: lessons.hides, id: "profile-lessons"),
            LessonsViews.pager(lessons, context) { LessonsPaths.profile.link(userID, query: ListPage(page: $0)) }
        ))
    }

    private static func followControl(userID: String, viewer: String?, following: Bool, context: PageContext) -> Node<HTML.BodyContext> {
        guard let viewer else {
            return .a(.id("follow-button"), .class("button secondary"), .href(PlatformPaths.login(returningTo: LessonsPaths.profile.link(userID))), .text(context.pick(ko: "로그인하고 팔로우", en: "Log in to follow")))
        }
        guard viewer != userID else { return .empty }
        return .form(
            .action(path: LessonsPaths.follow.link(userID)), .method(.post),
            PageLayout.csrfField(context),
            .button(.id("follow-button"), .type(.submit), .class(following ? "secondary" : ""),
                    .attribute(named: "aria-pressed", value: following ? "true" : "false"),
                    .text(following ? context.pick(ko: "팔로잉 취소", en: "Unfollow") : context.pick(ko: "팔로우", en: "Follow")))
        )
    }
}
