import Foundation
import Observation
import SproutAPI
import SproutKit

/// The home tab (spec §6, Home and Hashtag): eight instrument tiles, the two curated carousels,
/// and the hashtag search with its suggestions. Reloads whenever it appears, as the app does.
@MainActor @Observable
public final class HomeViewModel {
    public enum Route: Sendable, Equatable {
        case lessonList(LessonListViewModel.Source)
        case lessonDetail(postID: String)
    }

    /// How many suggestions show when the field is empty or nothing matches (the app's number).
    public static let suggestionCount = 16

    // MARK: Outputs
    public let tiles = Lessons.InstrumentGroup.allCases
    /// Lessons whose `content4` is `Curation.popular`: "실시간 인기 레슨".
    public private(set) var popular: [Lessons.Post] = []
    /// Lessons whose `content4` is `Curation.interesting`: "이걸 배워? 흥미돋는 레슨!".
    public private(set) var interesting: [Lessons.Post] = []
    public private(set) var searchText = ""
    public private(set) var suggestions: [String]
    public private(set) var isLoading = false
    public private(set) var alert: String?
    public private(set) var route: Route?

    let lessons: any LessonsService
    let shuffle: ([String]) -> [String]

    /// - Parameter shuffle: orders the suggestions shown when there is nothing to match; tests fix it.
    public init(lessons: any LessonsService, shuffle: @escaping ([String]) -> [String] = { $0.shuffled() }) {
        self.lessons = lessons
        self.shuffle = shuffle
        suggestions = Array(shuffle(Lessons.hashtagSuggestions).prefix(Self.suggestionCount))
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let all = try await lessons.allPosts(.all(productID: Lessons.ProductID.lesson), pageSize: nil)
            popular = all.filter { $0.content4 == Lessons.Curation.popular.rawValue }
            interesting = all.filter { $0.content4 == Lessons.Curation.interesting.rawValue }
        } catch {
            alert = LessonsAlert.message(for: error, fallback: LessonsAlert.network)
        }
    }

    public func tileTapped(_ group: Lessons.InstrumentGroup) {
        route = .lessonList(.group(group))
    }

    public func lessonTapped(_ post: Lessons.Post) {
        route = .lessonDetail(postID: post.postID)
    }

    /// Suggestions that contain the typed word; when it is empty or matches none, a random handful.
    public func searchTextChanged(_ text: String) {
        searchText = text
        let word = Self.bareWord(text)
        let matches = Lessons.hashtagSuggestions.filter { $0.contains(word) }
        suggestions = word.isEmpty || matches.isEmpty ? Array(shuffle(Lessons.hashtagSuggestions).prefix(Self.suggestionCount)) : matches
    }

    public func suggestionTapped(_ word: String) {
        searchText = word
        searchSubmitted()
    }

    /// Searches the tag as typed, with or without its `#`.
    public func searchSubmitted() {
        let word = Self.bareWord(searchText)
        guard !word.isEmpty else { return }
        route = .lessonList(.hashtag(word))
    }

    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    static func bareWord(_ text: String) -> String {
        String(text.trimmingCharacters(in: .whitespacesAndNewlines).drop { $0 == "#" })
    }
}
