import Fluent
import SproutAPI

/// One page of a web list of posts, numbered from 1, with how many posts match in all.
struct PagedPosts: Sendable {
    static let pageSize = 20
    /// Far beyond any real list; keeps the offset a small number whatever the address says.
    static let maxPageNumber = 10_000

    let posts: [Lessons.Post]
    let total: Int
    let number: Int
    let size: Int

    var hasNext: Bool { number * size < total }
    var hasPrevious: Bool { number > 1 }

    static func load(_ query: PostQuery, page: Int, size: Int = pageSize, reader: PostReader, on db: any Database) async throws -> PagedPosts {
        let number = min(max(page, 1), maxPageNumber)
        let found = try await PostListing().page(query, offset: (number - 1) * size, limit: size, on: db)
        return PagedPosts(posts: try await reader.posts(found.seqs, commentsEach: PostReader.listedComments, on: db), total: found.total, number: number, size: size)
    }

    /// The page number an address asks for; anything unreadable is the first page.
    static func number(_ text: String?) -> Int {
        text.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 1
    }
}
