import Foundation

/// The dodge penalty (spec §3 "Penalty rules"): cancelling a matched study counts against the
/// person who cancels, and the next queue entry is refused for 1, 2, then 3 minutes as dodges
/// accumulate (codes 203, 204, 205). The clients do not show the counting window; Sprout forgets
/// the count a day after the last dodge, so one bad evening does not follow a person for ever.
enum DodgePenalty {
    static let forgetAfter: TimeInterval = 24 * 3600
    static let maximumLevel = 3

    /// Records a dodge at `now` on `profile`.
    static func recordDodge(on profile: StudyProfile, at now: Date) {
        if let last = profile.lastDodgeAt, now.timeIntervalSince(last) >= forgetAfter {
            profile.recentDodges = 0
        }
        profile.recentDodges += 1
        profile.dodgeNum += 1
        let level = min(profile.recentDodges, maximumLevel)
        profile.dodgePenalty = level
        profile.lastDodgeAt = now
        profile.penaltyUntil = now.addingTimeInterval(TimeInterval(level * 60))
    }

    /// The level a dodge at `now` would bring: its minutes of penalty.
    static func nextLevel(of profile: StudyProfile, at now: Date) -> Int {
        let forgotten = profile.lastDodgeAt.map { now.timeIntervalSince($0) >= forgetAfter } ?? true
        return min((forgotten ? 0 : profile.recentDodges) + 1, maximumLevel)
    }

    /// The level still in force at `now`, if any.
    static func activeLevel(of profile: StudyProfile, at now: Date) -> Int? {
        guard let until = profile.penaltyUntil, now < until, profile.dodgePenalty > 0 else { return nil }
        return min(profile.dodgePenalty, maximumLevel)
    }
}
