import Platform
import Plot
import SproutAPI
import Vapor

/// The community tab as `CommunityPages` read it: the list, the write form, a post with its
/// comments, and the rows the hashtag search shares.
enum CommunityViews {
    static let excerptLength = 80

    static func list(_ context: PageContext, page: PagedPosts) -> Response {
        let title = context.pick(ko: "커뮤니티", en: "Community")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "community"),
            .div(.class("list-toolbar"),
                 .h1(.text(title)),
                 .a(.id("write-post"), .class("button"), .href(LessonsPaths.communityWrite.link), .text(context.pick(ko: "글쓰기", en: "Write")))),
            .if(page.posts.isEmpty, LessonsViews.emptyState(context.pick(ko: "아직 글이 없어요. 첫 글을 남겨 보세요.", en: "No posts yet. Write the first one."))),
            rows(page.posts, context, hides: page.hides, id: "community-posts"),
            LessonsViews.pager(page, context) { LessonsPaths.community.link(query: ListPage(page: $0)) }
        ))
    }

    static func writeForm(_ context: PageContext, title: String, content: String, errors: [String: String], status: HTTPResponseStatus = .ok) -> Response {
        let heading = context.pick(ko: "커뮤니티 글쓰기", en: "Write a community post")
        return LessonsViews.page(title: heading, context: context, status: status, .group(
            LessonsViews.nav(context, current: "community"),
            .h1(.text(heading)),
            .form(
                .id("community-form"), .class("stacked card"), .action(path: LessonsPaths.communityWrite.link), .method(.post),
                PageLayout.csrfField(context),
                FormWidgets.text("title", label: context.pick(ko: "제목", en: "Title"), value: title, error: errors["title"]),
                FormWidgets.textArea("content", label: context.pick(ko: "내용", en: "Text"), value: content, error: errors["content"], rows: 8,
                                    hint: context.pick(ko: "#해시태그를 넣으면 해시태그 검색의 커뮤니티 탭에 나와요.", en: "Add #hashtags to appear in the community tab of hashtag search.")),
                .button(.id("community-submit"), .type(.submit), .text(context.pick(ko: "올리기", en: "Post")))
            )
        ))
    }

    /// The post and its comments; `comment` and `error` refill the comment form a refused comment came from.
    /// `hides`: the viewer's own post or comments the operator hid, each said to be hidden.
    static func post(_ context: PageContext, post: Lessons.Post, hides: OperatorHides, comment: String, error: String?,
                     status: HTTPResponseStatus = .ok) -> Response {
        let path = LessonsPaths.communityPost.link(post.postID)
        return LessonsViews.page(title: post.title, context: context, status: status, .group(
            LessonsViews.nav(context, current: "community"),
            .if(hides.posts.contains(post.postID), LessonsViews.removedNotice(context, id: "removed-notice")),
            .article(
                .class("card community-post"), .id("community-post"), .data(named: "id", value: post.postID),
                .h1(.id("community-title"), .text(post.title)),
                .p(.class("hint"), .a(.href(LessonsPaths.profile.link(post.creator.userID)), .text(post.creator.nick)), .text(" · "), context.posted(post.createdAt)),
                LessonDetailView.linkedText(post.content ?? "", id: "community-content", tab: .community)
            ),
            .section(
                .id("comments"),
                .h2(.text(context.pick(ko: "댓글 ", en: "") + context.count(post.comments.count, ko: "개", en: "comment"))),
                .if(context.account != nil,
                    .form(
                        .id("comment-form"), .class("stacked"), .action(path: LessonsPaths.communityComments.link(post.postID)), .method(.post),
                        PageLayout.csrfField(context),
                        FormWidgets.textArea("content", label: context.pick(ko: "댓글 쓰기", en: "Write a comment"), value: comment, error: error, rows: 3),
                        .button(.id("comment-submit"), .type(.submit), .text(context.pick(ko: "댓글 남기기", en: "Comment")))
                    ),
                    else: .p(.a(.href(PlatformPaths.login(returningTo: path)), .text(context.pick(ko: "로그인하고 댓글 남기기", en: "Log in to comment"))))),
                .ul(.id("comment-list"), .class("comment-list"), .forEach(post.comments) { comment in
                    .li(
                        .data(named: "id", value: comment.commentID),
                        .p(.class("comment-head"), .a(.href(LessonsPaths.profile.link(comment.creator.userID)), .text(comment.creator.nick)),
                           .span(.class("hint"), .text(" · "), context.posted(comment.createdAt))),
                        .p(.class("comment-body description"), .text(comment.content)),
                        .if(hides.comments.contains(comment.commentID), LessonsViews.removedNotice(context)),
                        .if(comment.creator.userID == context.account?.id,
                            .a(.class("button danger small delete-comment"), .href(LessonsPaths.communityCommentDelete.link((post.postID, comment.commentID))),
                               .text(context.pick(ko: "삭제", en: "Delete"))))
                    )
                })
            )
        ))
    }

    static func confirmDeleteComment(_ context: PageContext, post: Lessons.Post, comment: Lessons.Comment) -> Response {
        LessonsViews.page(title: context.pick(ko: "댓글 삭제", en: "Delete comment"), context: context, .group(
            LessonsViews.nav(context, current: "community"),
            .h1(.text(context.pick(ko: "이 댓글을 삭제할까요?", en: "Delete this comment?"))),
            .blockquote(.class("card"), .text(comment.content)),
            .p(.class("hint"), .text(context.pick(ko: "되돌릴 수 없어요.", en: "This cannot be undone."))),
            FormWidgets.deleteConfirmation(context, action: LessonsPaths.communityCommentDelete.link((post.postID, comment.commentID)),
                                           cancel: LessonsPaths.communityPost.link(post.postID, fragment: "comments"))
        ))
    }

    static func othersComment(_ context: PageContext, post: Lessons.Post) -> Response {
        LessonsViews.refusal(
            context, title: context.pick(ko: "내가 쓴 댓글만 지울 수 있어요", en: "You can only delete your own comments"),
            message: context.pick(ko: "이 댓글은 다른 사람이 썼어요. 아무것도 바뀌지 않았어요.", en: "Someone else wrote this comment. Nothing was changed."),
            next: (LessonsPaths.communityPost.link(post.postID, fragment: "comments"), context.pick(ko: "글로 돌아가기", en: "Back to the post"))
        )
    }

    /// Community posts as list rows, shared by the community tab and the hashtag search.
    static func rows(_ posts: [Lessons.Post], _ context: PageContext, hides: OperatorHides, id: String) -> Node<HTML.BodyContext> {
        .ul(.id(id), .class("row-list community-list"), .forEach(posts) { post in
            let content = post.content ?? ""
            let excerpt = content.count > excerptLength ? String(content.prefix(excerptLength)) + "…" : content
            return .li(
                .data(named: "id", value: post.postID),
                .a(.href(LessonsPaths.communityPost.link(post.postID)), .text(post.title)),
                .p(.class("excerpt"), .text(excerpt)),
                .span(.class("hint"), .text("\(post.creator.nick) · "), context.posted(post.createdAt),
                      .text(" · " + context.pick(ko: "댓글 \(post.comments.count)", en: context.count(post.comments.count, ko: "", en: "comment")))),
                .if(hides.posts.contains(post.postID), LessonsViews.removedNotice(context))
            )
        })
    }
}
