import Foundation
import SproutAPI

/// Reads a cursor-paged list to its end: follows `next_cursor` until the server says "0".
public enum PostPaging {
    /// Every post of a list, in the server's order and each once.
    ///
    /// Stops at "0", and also when a cursor comes back that was already followed (an empty
    /// cursor, or a server that repeats itself), so a misbehaving server cannot loop the client forever.
    /// - Parameter page: fetches the page after `next` ("" for the first).
    public static func collect(
        _ page: (_ next: String) async throws -> Lessons.PostList
    ) async throws -> [Lessons.Post] {
        var posts: [Lessons.Post] = []
        var seen: Set<String> = []
        var followed: Set<String> = [""]
        var next = ""
        while true {
            let list = try await page(next)
            for post in list.data where seen.insert(post.postID).inserted { posts.append(post) }
            guard !list.isLastPage, followed.insert(list.nextCursor).inserted else { return posts }
            next = list.nextCursor
        }
    }
}
