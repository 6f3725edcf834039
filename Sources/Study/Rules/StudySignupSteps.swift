import Fluent
import Foundation
import SproutAPI

/// The signup fields one step at a time, for the web's step pages: each is checked with the rules
/// `signUp` applies, so a person hears at the step what `POST /v1/user` would refuse at the end.
extension StudyProfiles {
    enum NickCheck: Equatable {
        case usable(String), wrongLength, unusable
    }

    func checkNick(_ typed: String) -> NickCheck {
        guard let nick = try? Self.nick(typed) else { return .wrongLength }
        return nicknames.isUsable(nick) ? .usable(nick) : .unusable
    }

    /// A birthday picked as a calendar day (`yyyy-MM-dd`, what a date input sends) means midnight
    /// in Seoul, as the apps' pickers send it. The birth text `signUp` takes, or nil when the day
    /// is not a date or the person is under 17.
    func checkBirthday(_ day: String) -> String? {
        let trimmed = day.trimmingCharacters(in: .whitespaces)
        guard trimmed.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil else { return nil }
        let birthText = trimmed + "T00:00:00+09:00"
        guard let birth = StudyDate.parse(birthText), birth > Self.earliestBirth,
              StudyDate.age(bornAt: birth, on: clock.now()) >= Study.minimumAge
        else { return nil }
        return birthText
    }

    /// 1900-01-01: older birthdays are typing mistakes.
    static let earliestBirth = Date(timeIntervalSince1970: -2_208_988_800)

    static func checkEmail(_ typed: String) -> String? {
        let email = typed.trimmingCharacters(in: .whitespaces)
        return isEmail(email) ? email : nil
    }

    /// Signs up with the steps' answers through the same rule the API uses.
    func signUp(uid: String, verifiedPhone: String, nick: String, birth: String, email: String, gender: Study.Gender, on db: any Database) async throws -> SignupResult {
        let form = StudyForm([("nick", nick), ("birth", birth), ("email", email), ("gender", String(gender.rawValue))])
        return try await signUp(uid: uid, verifiedPhone: verifiedPhone, form: form, on: db)
    }

    /// The profile as the contract shows it, or nil before signup (and after withdrawal).
    func user(_ uid: String, on db: any Database) async throws -> Study.User? {
        try await StudyProfile.find(uid, on: db).map(StudyPresenter.user)
    }
}
