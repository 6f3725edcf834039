import Platform

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
    /// `SPROUT_STUDY_PING_INTERVAL`: milliseconds between the socket's pings (Socket.IO's 25 s).
    let pingInterval: Duration
    /// `SPROUT_STUDY_SOCKETS_PER_CLIENT`: open sockets one client address may hold (a campus or a
    /// carrier's NAT puts many people behind one).
    let socketsPerClient: Int

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
        let ping = try environment.integer("SPROUT_STUDY_PING_INTERVAL", default: 25_000)
        guard (100...300_000).contains(ping) else {
            throw ConfigError.invalid(name: "SPROUT_STUDY_PING_INTERVAL", value: String(ping), expected: "100 to 300000 milliseconds")
        }
        pingInterval = .milliseconds(ping)
        socketsPerClient = try environment.integer("SPROUT_STUDY_SOCKETS_PER_CLIENT", default: 200)
        guard socketsPerClient >= 1 else {
            throw ConfigError.invalid(name: "SPROUT_STUDY_SOCKETS_PER_CLIENT", value: "0", expected: "a number of sockets above 0")
        }
    }
}
