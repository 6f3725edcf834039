import SproutAPI

/// The tags a person gathers on the study input screen before queueing, under the same bounds
/// `parse` enforces when they queue.
extension StudyTags {
    enum DraftChange: Equatable {
        case updated([String])
        /// A tag is longer than 8 characters.
        case tooLong
        /// More than 8 tags.
        case tooMany
    }

    /// Adds what the person typed; spaces separate several tags, as in the apps' search field.
    static func adding(_ typed: String, to chosen: [String]) -> DraftChange {
        var tags = chosen
        for word in typed.split(whereSeparator: \.isWhitespace).map(String.init) {
            guard Study.studyTagLength.contains(word.count) else { return .tooLong }
            if !tags.contains(word) { tags.append(word) }
        }
        return tags.count <= Study.maxStudyTags ? .updated(tags) : .tooMany
    }

    /// The tags the people around want, for the "around you now" section; `anything` is no study.
    static func nearby(_ people: [Study.QueueUser]) -> [String] {
        var seen: [String] = []
        for tag in people.flatMap(\.studylist) where !isAny(tag) && !seen.contains(tag) {
            seen.append(tag)
        }
        return seen
    }
}
