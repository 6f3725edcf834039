import Foundation
import Observation
import SproutAPI
import SproutKit

/// The lesson list (spec §6, Lesson list): a category's or a hashtag's lessons, paged through
/// `next_cursor` (the published app asked for 99,999,999 at once instead), narrowed on the client
/// by instrument group, region, type and price, each lesson shown once.
@MainActor @Observable
public final class LessonListViewModel {
    public enum Source: Sendable, Equatable {
        /// A home tile.
        case group(Lessons.InstrumentGroup)
        /// A hashtag search, the word without `#`.
        case hashtag(String)
    }

    public enum Route: Sendable, Equatable {
        case lessonDetail(postID: String)
    }

    // MARK: Outputs
    /// The loaded lessons that pass `filter`, newest first.
    public private(set) var lessons: [Lessons.Post] = []
    public private(set) var filter: LessonFilter
    /// The first page of a fresh load is on its way.
    public private(set) var isLoading = false
    /// More pages wait on the server.
    public private(set) var hasMore = false
    public private(set) var alert: String?
    public private(set) var route: Route?

    /// "<category> 레슨을 찾고 있어요", the plain sentence for all lessons, "#tag" for a search.
    public var title: String {
        switch source {
        case .group(.all): "레슨을 찾고 있어요"
        case let .group(group): "\(group.title.ko) 레슨을 찾고 있어요"
        case let .hashtag(word): "#\(word)"
        }
    }

    /// Whether the signed-in person bookmarked `lesson` (is in its `likes2`).
    public func isBookmarked(_ lesson: Lessons.Post) -> Bool {
        userID.map(lesson.likes2.contains) ?? false
    }

    // MARK: Dependencies and state
    let service: any LessonsService
    let source: Source
    let userID: String?
    let pageSize: Int
    /// How close to the end a displayed row must be to fetch the next page.
    let prefetchDistance: Int
    private var loaded: [Lessons.Post] = []
    private var loadedIDs: Set<String> = []
    private var nextCursor = ""
    private var followedCursors: Set<String> = [""]
    private var isFetching = false
    /// Bumped on every reset, so a page that arrives for an older list is dropped.
    private var generation = 0

    private var feed: PostFeed {
        switch source {
        case .group: .all(productID: Lessons.ProductID.lesson)
        case let .hashtag(word): .hashtag(word, productID: Lessons.ProductID.lesson)
        }
    }

    /// - Parameter userID: the signed-in person, to show their bookmarks.
    public init(lessons: any LessonsService, source: Source, userID: String?, pageSize: Int = 20, prefetchDistance: Int = 3) {
        service = lessons
        self.source = source
        self.userID = userID
        self.pageSize = pageSize
        self.prefetchDistance = prefetchDistance
        if case let .group(group) = source { filter = LessonFilter(group: group) } else { filter = LessonFilter() }
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        reset()
        isLoading = true
        await loadMore()
        isLoading = false
    }

    public func willDisplayLesson(at index: Int) async {
        guard index >= lessons.count - prefetchDistance else { return }
        await loadMore()
    }

    /// Re-filters what is loaded; when nothing passes, reads on until something does or the list ends.
    public func filterChanged(_ filter: LessonFilter) async {
        self.filter = filter
        lessons = loaded.filter(filter.matches)
        if lessons.isEmpty { await loadMore() }
    }

    public func lessonTapped(_ lesson: Lessons.Post) {
        route = .lessonDetail(postID: lesson.postID)
    }

    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    // MARK: Loading

    private func reset() {
        generation += 1
        loaded = []
        loadedIDs = []
        lessons = []
        nextCursor = ""
        followedCursors = [""]
        hasMore = true
        isFetching = false
    }

    /// Reads pages until one adds a lesson that passes the filter, so a filtered list never stalls
    /// with nothing on screen to scroll, or until the server says "0".
    private func loadMore() async {
        guard hasMore, !isFetching else { return }
        isFetching = true
        let generation = generation
        defer { if generation == self.generation { isFetching = false } }
        let shown = lessons.count
        while hasMore, lessons.count == shown {
            do {
                let page = try await service.posts(feed, next: nextCursor, limit: pageSize)
                guard generation == self.generation else { return }
                for post in page.data where loadedIDs.insert(post.postID).inserted { loaded.append(post) }
                lessons = loaded.filter(filter.matches)
                // A cursor seen before would read the same pages again: treat it as the end.
                hasMore = !page.isLastPage && followedCursors.insert(page.nextCursor).inserted
                nextCursor = page.nextCursor
            } catch {
                guard generation == self.generation else { return }
                alert = LessonsAlert.message(for: error, fallback: LessonsAlert.network)
                return
            }
        }
    }
}
