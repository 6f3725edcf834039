import Foundation
import Observation
import SproutAPI
import SproutKit

/// The study input (spec §7.7): "지금 주변에는" shows the server's recommended tags (highlighted)
/// and the studies of people nearby; "내가 하고 싶은" holds my tags (1–8 characters each, at most
/// 8, no duplicates; typing a space splits the input); "새싹 찾기" enters the queue.
@MainActor @Observable
public final class StudyInputViewModel {
    /// A tag in "지금 주변에는".
    public struct Tag: Sendable, Equatable, Hashable {
        public var name: String
        /// From `fromRecommend`: drawn highlighted.
        public var isRecommended: Bool

        public init(name: String, isRecommended: Bool) {
            self.name = name
            self.isRecommended = isRecommended
        }
    }

    public enum Route: Sendable, Equatable {
        /// In the queue: open the search results around `center`.
        case searchResults(center: StudyCoordinate)
    }

    // MARK: Outputs
    public private(set) var aroundTags: [Tag] = []
    public private(set) var myTags: [String] = []
    public private(set) var searchText = ""
    public private(set) var isSubmitting = false
    /// Why a tag was refused, or why the queue refused me.
    public private(set) var toast: StudyMessage?
    public private(set) var alert: StudyMessage?
    public private(set) var route: Route?

    public let center: StudyCoordinate
    let study: any StudyService

    /// - Parameter nearby: the home map's last search, to show before a new one arrives.
    public init(study: any StudyService, center: StudyCoordinate, nearby: Study.SearchResult? = nil) {
        self.study = study
        self.center = center
        if let nearby { aroundTags = Self.tags(from: nearby) }
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        do {
            aroundTags = Self.tags(from: try await study.search(lat: center.latitude, long: center.longitude))
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    public func searchTextChanged(_ text: String) { searchText = text }

    /// Return in the search field: every word becomes a tag; refused words stay in the field and
    /// the first refusal is shown.
    public func searchSubmitted() {
        var refused: [String] = []
        var firstRefusal: StudyMessage?
        for word in searchText.split(whereSeparator: \.isWhitespace).map(String.init) {
            if let refusal = add(word) {
                refused.append(word)
                firstRefusal = firstRefusal ?? refusal
            }
        }
        searchText = refused.joined(separator: " ")
        if let firstRefusal { toast = firstRefusal }
    }

    public func aroundTagTapped(_ name: String) {
        if let refusal = add(name) { toast = refusal }
    }

    public func myTagTapped(_ name: String) {
        myTags.removeAll { $0 == name }
    }

    /// "새싹 찾기": no tag goes to the server as `anything` (`Study.QueueEntry`).
    public func findTapped() async {
        guard !isSubmitting else { return }
        isSubmitting = true
        defer { isSubmitting = false }
        do {
            switch try await study.enterQueue(Study.QueueEntry(lat: center.latitude, long: center.longitude, studylist: myTags)) {
            case .waiting: route = .searchResults(center: center)
            case .reportedTooOften: toast = .reportedTooOften
            case .dodgePenalty1: toast = .dodgePenalty(minutes: 1)
            case .dodgePenalty2: toast = .dodgePenalty(minutes: 2)
            case .dodgePenalty3: toast = .dodgePenalty(minutes: 3)
            }
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    public func toastShown() { toast = nil }
    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    // MARK: Rules

    /// Adds `name` to my tags, or says why not.
    func add(_ name: String) -> StudyMessage? {
        guard Study.studyTagLength.contains(name.count) else { return .tagLength }
        guard !myTags.contains(name) else { return .duplicateTag }
        guard myTags.count < Study.maxStudyTags else { return .tooManyTags }
        myTags.append(name)
        return nil
    }

    /// Recommended tags first, then every nearby person's studies in order of appearance, once
    /// each, without the "no tag" placeholder.
    static func tags(from result: Study.SearchResult) -> [Tag] {
        var seen = Set<String>()
        let recommended = result.fromRecommend.filter { seen.insert($0).inserted }.map { Tag(name: $0, isRecommended: true) }
        let nearby = (result.fromQueueDB + result.fromQueueDBRequested).flatMap(\.studylist)
            .filter { $0.lowercased() != Study.anyStudy && !$0.isEmpty && seen.insert($0).inserted }
            .map { Tag(name: $0, isRecommended: false) }
        return recommended + nearby
    }
}
