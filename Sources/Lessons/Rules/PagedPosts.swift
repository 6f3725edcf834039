import Fluent
import Platform
import SproutAPI

/// One page of a web list of posts as its viewer (`PostQuery.viewer`) is shown it, numbered from 1,
/// with how many posts match in all.
struct PagedPosts: Sendable {
    static let pageSize = 20
    /// Far beyond any real list; keeps the offset a small number whatever the address says.
    static let maxPageNumber = 10_000

    let posts: [Lessons.Post]
    /// The viewer's own things on the page that the operator hid.
    let hides: OperatorHides
    let total: Int
    let number: Int
    let size: Int

    var hasNext: Bool { number * size < total }
    var hasPrevious: Bool { number > 1 }

    static func load(_ query: PostQuery, page: Int, size: Int = pageSize, reader: PostReader, on db: any Database) async throws -> PagedPosts {
        let number = min(max(page, 1), maxPageNumber)
        var found = try await PostListing().page(query, offset: (number - 1) * size, limit: size, on: db)
        if found.total == 0, let words = query.keywords, let search = ForgivingSearch(words.text) {
            found = try await forgiving(search, query, offset: (number - 1) * size, limit: size, on: db)
        }
        let shown = try await reader.shown(found.seqs, commentsEach: PostReader.listedComments, to: query.viewer, on: db)
        return PagedPosts(posts: shown.posts, hides: shown.hides, total: found.total, number: number, size: size)
    }

    /// When no post has every word as typed: the newest posts whose words come near them (`바욜린`,
    /// `피아노서울`), nearest first.
    private static func forgiving(_ search: ForgivingSearch, _ query: PostQuery, offset: Int, limit: Int,
                                  on db: any Database) async throws -> (seqs: [Int], total: Int) {
        let near = try await PostListing().candidates(query, on: db).compactMap { candidate in
            search.distance(to: candidate.key).map { (candidate.seq, $0) }
        }.sorted { $0.1 == $1.1 ? $0.0 > $1.0 : $0.1 < $1.1 }
        return (Array(near.dropFirst(offset).prefix(limit).map(\.0)), near.count)
    }
}
