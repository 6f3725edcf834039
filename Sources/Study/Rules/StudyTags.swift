import SproutAPI

/// The studies a person wants, as the contract bounds them (spec §6): at most 8 tags of 1 to 8
/// characters, no duplicates, and `anything` standing for "no preference".
enum StudyTags {
    static func parse(_ values: [String]) throws(StudyError) -> [String] {
        var tags: [String] = []
        for value in values {
            let tag = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard Study.studyTagLength.contains(tag.count) else { throw .invalid(.studylist) }
            if !tags.contains(tag) { tags.append(tag) }
        }
        guard tags.count <= Study.maxStudyTags else { throw .invalid(.studylist) }
        return tags.isEmpty ? [Study.anyStudy] : tags
    }

    /// Whether `tag` is the "no preference" marker, in either cohort's spelling.
    static func isAny(_ tag: String) -> Bool {
        tag.lowercased() == Study.anyStudy
    }
}
