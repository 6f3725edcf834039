import Foundation
import SproutAPI

/// The cursor-paged post lists of the lessons contract. They share one query shape (`next`,
/// `limit`, and for some `product_id`) and one answer, `{data, next_cursor}`.
public enum PostFeed: Sendable, Equatable {
    /// `GET v1/posts`: everyone's posts, of one app when `productID` is set.
    case all(productID: String?)
    /// `GET v1/posts/users/{user_id}`: one person's posts.
    case user(id: String, productID: String?)
    /// `GET v1/posts/hashtags`: posts whose content carries `#word`.
    case hashtag(String, productID: String?)
    /// `GET v1/posts/likes/me`: what I liked (All For Lesson's legacy "reservations").
    case liked
    /// `GET v1/posts/likes-2/me`: what I liked with like-2 (All For Lesson's bookmarks).
    case liked2

    /// The call for the page after `next`.
    func endpoint(next: String, limit: Int?) -> Endpoint<Lessons.PostList> {
        let query = query(next: next, limit: limit)
        return switch self {
        case .all: Endpoint(Lessons.Routes.posts, query: query)
        case let .user(id, _): Endpoint(Lessons.Routes.userPosts, id, query: query)
        case .hashtag: Endpoint(Lessons.Routes.hashtagPosts, query: query)
        case .liked: Endpoint(Lessons.Routes.liked, query: query)
        case .liked2: Endpoint(Lessons.Routes.liked2, query: query)
        }
    }

    /// `next` always goes first and goes empty for the first page, as every published client sends
    /// it; a nil `product_id` or `limit` is left out, as their JSON-built queries drop nil values.
    func query(next: String, limit: Int?) -> [(name: String, value: String)] {
        var query = [(name: "next", value: next)]
        if let limit { query.append(("limit", String(limit))) }
        switch self {
        case let .all(productID), let .user(_, productID):
            if let productID { query.append(("product_id", productID)) }
        case let .hashtag(word, productID):
            if let productID { query.append(("product_id", productID)) }
            query.append(("hashTag", Self.bareWord(word)))
        case .liked, .liked2:
            break
        }
        return query
    }

    /// The server wants the tag without `#`; people type it with one.
    static func bareWord(_ word: String) -> String {
        String(word.trimmingCharacters(in: .whitespaces).drop { $0 == "#" })
    }
}
