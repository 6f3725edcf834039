import Foundation
import Platform
import Plot
import SproutAPI
import Vapor

/// Pieces shared by the lessons pages: the tab bar, prices and picker values in the page's
/// language, lesson cards, notices, refusals and the pager.
enum LessonsViews {
    /// The app's tab bar (spec §6: home, hashtag, community, my page), with the lesson list beside home.
    static func nav(_ context: PageContext, current: String) -> Node<HTML.BodyContext> {
        AppTabBar.render(app: "lessons", [
            AppTab("home", LessonsPaths.home.link, .home, ko: "홈", en: "Home"),
            AppTab("list", LessonsPaths.list.link, .list, ko: "레슨", en: "Lessons"),
            AppTab("hashtags", LessonsPaths.hashtags.link, .hashtag, ko: "해시태그", en: "Hashtags"),
            AppTab("community", LessonsPaths.community.link, .chat, ko: "커뮤니티", en: "Community"),
            AppTab("me", LessonsPaths.myPage.link, .user, ko: "마이페이지", en: "My page"),
        ], current: current, context)
    }

    // MARK: Texts

    static func price(_ amount: Int, _ context: PageContext) -> String {
        MoneyText.won(amount, context)
    }

    /// Picker values are stored in Korean (spec §4.1); English pages translate the known ones and
    /// show anything else (a value some other client stored) as it is.
    static func subject(_ stored: String?, _ context: PageContext) -> String {
        translated(stored, context) { Lessons.Instrument(rawValue: $0)?.english }
    }

    static func region(_ stored: String?, _ context: PageContext) -> String {
        translated(stored, context) { Lessons.Region(rawValue: $0)?.english }
    }

    static func lessonType(_ stored: String?, _ context: PageContext) -> String {
        translated(stored, context) { Lessons.LessonType(rawValue: $0)?.english }
    }

    private static func translated(_ stored: String?, _ context: PageContext, english: (String) -> String?) -> String {
        guard let stored, !stored.isEmpty else { return "" }
        return context.language == .en ? english(stored) ?? stored : stored
    }

    /// The app shows a lesson's creator as "<nick> 선생님".
    static func teacher(_ nick: String, _ context: PageContext) -> String {
        context.pick(ko: "\(nick) 선생님", en: "Teacher \(nick)")
    }

    static func reviewCount(_ count: Int, _ context: PageContext) -> String {
        context.pick(ko: "후기 ", en: "") + context.count(count, ko: "개", en: "review")
    }

    static func role(_ role: LessonsRole, _ context: PageContext) -> String {
        role == .teacher ? context.pick(ko: "선생님", en: "Teacher") : context.pick(ko: "수강생", en: "Student")
    }

    // MARK: Lessons

    /// Uploaded files are served by the platform under `/uploads/…`.
    static func fileURL(_ path: String) -> String { "/" + path }

    /// `hides`: the viewer's own things the operator hid; a hidden lesson says so on its card.
    static func card(_ post: Lessons.Post, context: PageContext, viewer: String?, hides: OperatorHides) -> Node<HTML.BodyContext> {
        let href = LessonsPaths.lesson.link(post.postID)
        let region = region(post.content2, context)
        let bookmarked = viewer.map(post.likes2.contains) ?? false
        return .div(
            .class("product-card lesson-card"), .data(named: "id", value: post.postID),
            .a(.href(href), .class("product-photo"), cover(post)),
            .div(
                .class("product-card-body"),
                .h3(.class("product-name"), .a(.href(href), .text(post.title))),
                .p(.class("lesson-meta"), .if(!region.isEmpty, .text("(\(region)) ")), .strong(.class("lesson-price"), .text(price(post.price, context)))),
                .p(.class("hint"), ReviewStars.summary(post, context), .if(post.rating != nil, .text(" · ")), .text(reviewCount(post.reviews.count, context)),
                   .if(bookmarked, .span(.class("bookmarked"), .text(" "), Icon.bookmark.node(label: context.pick(ko: "북마크함", en: "Bookmarked"))))),
                .if(hides.posts.contains(post.postID), removedNotice(context))
            )
        )
    }

    static func cards(_ posts: [Lessons.Post], context: PageContext, viewer: String?, hides: OperatorHides, id: String? = nil) -> Node<HTML.BodyContext> {
        .div(.unwrap(id) { .id($0) }, .class("products grid lesson-cards"), .forEach(posts) { card($0, context: context, viewer: viewer, hides: hides) })
    }

    /// What the author of a post or comment the operator hid reads beside it; nobody else sees it.
    static func removedNotice(_ context: PageContext, id: String? = nil) -> Node<HTML.BodyContext> {
        .p(.class("notice removed-notice"), .unwrap(id) { .id($0) }, .text(context.pick(
            ko: "운영 정책에 따라 숨겨졌어요. 다른 사람에게는 보이지 않아요.", en: "Hidden by the moderators: nobody else can see it."
        )))
    }

    /// The cover photo (`files[0]`, spec §4.1), or the instrument group's icon when there is none.
    static func cover<Context: HTML.BodyContext>(_ post: Lessons.Post) -> Node<Context> {
        guard let first = post.files.first else {
            let group = Lessons.InstrumentGroup.allCases.dropFirst().first { $0.contains(subject: post.content1) } ?? .all
            return .span(.class("photo-placeholder"), group.webIcon.node())
        }
        return .img(.src(fileURL(first)), .alt(text: post.title), .attribute(named: "loading", value: "lazy"))
    }

    static func emptyState(_ text: String) -> Node<HTML.BodyContext> {
        .p(.class("empty-state"), .text(text))
    }

    static func notice(_ text: String, id: String) -> Node<HTML.BodyContext> {
        .p(.class("notice"), .id(id), .attribute(named: "role", value: "status"), .text(text))
    }

    /// Previous and next links; every filter of the list stays in `link`.
    static func pager(_ page: PagedPosts, _ context: PageContext, link: (Int) -> String) -> Node<HTML.BodyContext> {
        let pages = max(1, (page.total + page.size - 1) / page.size)
        return .if(page.hasPrevious || page.hasNext, .nav(
            .class("pager"),
            .if(page.hasPrevious, .a(.id("lessons-previous-page"), .class("button secondary"), .href(link(page.number - 1)), .text(context.pick(ko: "이전", en: "Previous")))),
            .span(.class("hint"), .text("\(page.number) / \(pages)")),
            .if(page.hasNext, .a(.id("lessons-next-page"), .class("button secondary"), .href(link(page.number + 1)), .text(context.pick(ko: "다음", en: "Next"))))
        ))
    }

    /// A lessons page in Sprout's frame.
    static func page(title: String, context: PageContext, status: HTTPResponseStatus = .ok, share: SharePreview? = nil, _ main: Node<HTML.BodyContext>) -> Response {
        PageLayout.render(title: title, context: context, status: status, share: share, main)
    }

    /// A page that says plainly why something was refused, and where to go instead.
    static func refusal(_ context: PageContext, title: String, message: String, next: (href: String, text: String), status: HTTPResponseStatus = .forbidden) -> Response {
        page(title: title, context: context, status: status, .group(
            nav(context, current: ""),
            .h1(.id("refusal-title"), .text(title)),
            .p(.class("hint"), .id("refusal-message"), .text(message)),
            .p(.a(.class("button secondary"), .href(next.href), .text(next.text)))
        ))
    }
}
