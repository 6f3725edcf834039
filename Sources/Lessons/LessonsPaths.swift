import Platform
import SproutAPI

/// All For Lesson's web pages, each path written once: the pages register their handlers at these
/// and every link, form action and redirect to one is built from it; a handler reads its `{…}`
/// values through the path it is registered at (`parameters(in:)`).
enum LessonsPaths {
    static let home = PagePath<Void>("lessons")
    static let list = PagePath<Void>("lessons/list")
    static let hashtags = PagePath<Void>("lessons/hashtags")

    // A lesson, its reviews, and what its visitors do on it.
    static let lesson = PagePath<String>("lessons/{post_id}")
    static let bookmark = PagePath<String>("lessons/{post_id}/bookmark")
    static let reviews = PagePath<String>("lessons/{post_id}/reviews")
    static let reviewEdit = PagePath<(String, String)>("lessons/{post_id}/reviews/{comment_id}/edit")
    static let reviewDelete = PagePath<(String, String)>("lessons/{post_id}/reviews/{comment_id}/delete")
    static let report = PagePath<String>("lessons/{post_id}/report")
    static let checkout = PagePath<String>("lessons/{post_id}/checkout")

    // From payment to the lesson: what it sells, the teacher's open times, enrolments and bookings.
    static let terms = PagePath<String>("lessons/{post_id}/terms")
    static let schedule = PagePath<Void>("lessons/me/schedule")
    static let slots = PagePath<Void>("lessons/me/schedule/slots")
    static let closeSlot = PagePath<String>("lessons/slots/{slot_id}/close")
    static let enrolments = PagePath<Void>("lessons/me/enrolments")
    static let enrolment = PagePath<String>("lessons/enrolments/{enrolment_id}")
    static let book = PagePath<String>("lessons/enrolments/{enrolment_id}/bookings")
    static let refund = PagePath<String>("lessons/enrolments/{enrolment_id}/refund")
    static let cancelBooking = PagePath<String>("lessons/bookings/{booking_id}/cancel")
    static let moveBooking = PagePath<String>("lessons/bookings/{booking_id}/move")
    static let calendarReset = PagePath<Void>("lessons/me/calendar/reset")

    // The teacher's.
    static let open = PagePath<Void>("lessons/new")
    static let edit = PagePath<String>("lessons/{post_id}/edit")
    static let delete = PagePath<String>("lessons/{post_id}/delete")
    static let myLessons = PagePath<Void>("lessons/me/lessons")
    static let myReviews = PagePath<Void>("lessons/me/reviews")

    // My page.
    static let myPage = PagePath<Void>("lessons/me")
    static let role = PagePath<Void>("lessons/me/role")
    static let payments = PagePath<Void>("lessons/me/payments")
    static let bookmarks = PagePath<Void>("lessons/me/bookmarks")

    static let community = PagePath<Void>("lessons/community")
    static let communityWrite = PagePath<Void>("lessons/community/new")
    static let communityPost = PagePath<String>("lessons/community/{post_id}")
    static let communityComments = PagePath<String>("lessons/community/{post_id}/comments")
    static let communityCommentDelete = PagePath<(String, String)>("lessons/community/{post_id}/comments/{comment_id}/delete")

    static let profile = PagePath<String>("lessons/users/{user_id}")
    static let follow = PagePath<String>("lessons/users/{user_id}/follow")

    /// The lesson list with `filter`'s words, choices, order and page (`LessonFilter.fields`).
    static func list(_ filter: LessonFilter) -> String {
        list.link(query: filter.fields)
    }

    /// A category tile's list: the lessons of `group`, named even when it is "all", as the tiles
    /// have always linked.
    static func list(group: Lessons.InstrumentGroup) -> String {
        list.link(query: LessonFilter.Fields(group: group))
    }

    /// The posts tagged `tag`: the tab given (the page picks lessons when none is), at `page`.
    static func hashtag(_ tag: String, tab: HashtagPage.Tab? = nil, page: Int = 1) -> String {
        hashtags.link(query: HashtagPage.Query(tag: tag, tab: tab, page: page > 1 ? page : nil))
    }
}
