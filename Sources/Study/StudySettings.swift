import Platform
import PlatformCore

/// The study module's settings, from the environment.
struct StudySettings: Sendable {
    /// `SPROUT_STUDY_RADIUS`: metres around the map centre that nearby search covers.
    let searchRadius: Double
    /// `SPROUT_STUDY_SEARCH_LIMIT`: the most waiting people one search lists, nearest first.
    let searchLimit: Int
    /// `SPROUT_STUDY_FORBIDDEN_NICKS`: comma-separated nicknames (or parts) refused at signup.
    let forbiddenNicks: [String]
    /// `SPROUT_STUDY_MAP_TILES` and its companions: the home page's slippy map, when configured.
    let map: StudyMap?

    init(_ environment: EnvironmentReader) throws {
        let radius = try environment.integer("SPROUT_STUDY_RADIUS", default: 700)
        guard (1...50_000).contains(radius) else { throw ConfigError.invalid(name: "SPROUT_STUDY_RADIUS", value: String(radius), expected: "1 to 50000 metres") }
        searchRadius = Double(radius)
        let limit = try environment.integer("SPROUT_STUDY_SEARCH_LIMIT", default: 100)
        guard (1...1000).contains(limit) else { throw ConfigError.invalid(name: "SPROUT_STUDY_SEARCH_LIMIT", value: String(limit), expected: "1 to 1000") }
        searchLimit = limit
        forbiddenNicks = (environment.string("SPROUT_STUDY_FORBIDDEN_NICKS") ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        map = try StudyMap.configured(environment)
    }
}
