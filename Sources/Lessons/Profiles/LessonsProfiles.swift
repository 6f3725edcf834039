import Fluent
import Platform
import SproutAPI

/// Finding and creating lessons profiles for accounts.
enum LessonsProfiles {
    /// An account that exists but has no lessons profile yet (it signed up on the web hub) gets
    /// one on first use, named after the account, with a suffix when that nick is taken.
    static func ensure(for account: Account, on db: any Database) async throws -> LessonsProfile {
        let accountID = try account.requireID()
        if let existing = try await LessonsProfile.find(accountID, on: db) { return existing }
        let base = account.displayName.filter { !$0.isWhitespace }
        var nick = base.isEmpty ? "sprout" : base
        var suffix = 1
        while try await isTaken(nick: nick, on: db) {
            suffix += 1
            nick = "\(base)\(suffix)"
        }
        let profile = LessonsProfile(accountID: accountID, nick: nick, phoneNum: "", birthDay: "", role: .student)
        try await profile.create(on: db)
        return profile
    }

    /// Sets the role, and the published app's role flag with it ("1" teacher, "0" student, spec
    /// §4.3), unless that field holds something else a sibling app stored there.
    static func choose(_ role: LessonsRole, for profile: LessonsProfile, on db: any Database) async throws {
        profile.role = role
        if ["", "0", "1"].contains(profile.phoneNum) { profile.phoneNum = role == .teacher ? "1" : "0" }
        try await profile.save(on: db)
    }

    static func isTaken(nick: String, on db: any Database) async throws -> Bool {
        try await LessonsProfile.query(on: db).filter(\.$nick == nick).count() > 0
    }

    /// The profile of the person `accountID` names, made on first use.
    static func person(_ accountID: String, on db: any Database) async throws -> LessonsProfile {
        guard let account = try await Account.find(accountID, on: db) else { throw ProfileError.personNotFound }
        return try await ensure(for: account, on: db)
    }

    /// The signed-in account and its profile; a token that outlived its account is a 403.
    static func require(_ accountID: String, on db: any Database) async throws -> (Account, LessonsProfile) {
        guard let account = try await Account.find(accountID, on: db) else { throw ProfileError.accountWithdrawn }
        return (account, try await ensure(for: account, on: db))
    }
}
