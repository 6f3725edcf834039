import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Signing up, reading and editing a study profile, and withdrawing (spec §2).
struct StudyProfiles: Sendable {
    let clock: WallClock
    let ids: IdentifierGenerator
    let nicknames: NicknamePolicy

    enum SignupResult: Equatable {
        case created(uid: String), alreadySignedUp, unusableNick
    }

    func profile(_ uid: String, on db: any Database) async throws -> StudyProfile {
        guard let profile = try await StudyProfile.find(uid, on: db) else { throw StudyError.notSignedUp }
        return profile
    }

    /// Signs up the person the token names. The phone number is the one their sign-in proved; a
    /// different `phoneNumber` in the form is ignored rather than trusted.
    func signUp(uid: String, verifiedPhone: String, form: StudyForm, on db: any Database) async throws -> SignupResult {
        let nick = try Self.nick(form.value("nick"))
        guard let birthText = form.value("birth"), let birth = StudyDate.parse(birthText) else { throw StudyError.invalid(.birth) }
        guard StudyDate.age(bornAt: birth, on: clock.now()) >= Study.minimumAge, birth > Date(timeIntervalSince1970: -2_208_988_800) else {
            throw StudyError.invalid(.birth)
        }
        guard let email = form.value("email")?.trimmingCharacters(in: .whitespaces), Self.isEmail(email) else { throw StudyError.invalid(.email) }
        let gender = try Self.gender(form.value("gender"))
        let fcmToken = try Self.fcmToken(form.value("FCMtoken") ?? "")
        if try await StudyProfile.find(uid, on: db) != nil { return .alreadySignedUp }
        guard nicknames.isUsable(nick) else { return .unusableNick }
        let profile = StudyProfile(
            uid: uid, objectID: ids.objectID(), phoneNumber: verifiedPhone, email: email, fcmToken: fcmToken,
            nick: nick, birth: birth, gender: gender.rawValue, createdAt: clock.now()
        )
        do {
            try await profile.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            return .alreadySignedUp
        }
        try await AccountDirectory.name(phoneAccount: uid, phone: verifiedPhone, nick, on: db)
        return .created(uid: uid)
    }

    func updateMyPage(_ uid: String, form: StudyForm, on db: any Database) async throws {
        let profile = try await profile(uid, on: db)
        guard let searchable = form.value("searchable").flatMap(StudyNumber.int), [0, 1].contains(searchable) else {
            throw StudyError.invalid(.searchable)
        }
        guard let ageMin = form.value("ageMin").flatMap(StudyNumber.int), Study.partnerAges.contains(ageMin) else { throw StudyError.invalid(.ageMin) }
        guard let ageMax = form.value("ageMax").flatMap(StudyNumber.int), Study.partnerAges.contains(ageMax), ageMin <= ageMax else {
            throw StudyError.invalid(.ageMax)
        }
        let gender = try Self.gender(form.value("gender"))
        let study = (form.value("study") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard study.count <= Self.studyLength else { throw StudyError.invalid(.study) }
        profile.searchable = searchable
        profile.ageMin = ageMin
        profile.ageMax = ageMax
        profile.gender = gender.rawValue
        profile.study = study
        try await profile.save(on: db)
    }

    /// Unlike signup, where a client without a token yet sends none, this call exists to carry
    /// one: an empty or missing `FCMtoken` is refused rather than wiping the stored token.
    func updateFCMToken(_ uid: String, form: StudyForm, on db: any Database) async throws {
        guard let token = form.value("FCMtoken"), !token.isEmpty else { throw StudyError.invalid(.fcmToken) }
        let profile = try await profile(uid, on: db)
        profile.fcmToken = try Self.fcmToken(token)
        try await profile.save(on: db)
    }

    /// Deletes the study profile with its place in the queue, its requests and reports; a
    /// partner in a match sees the study as cancelled. The Sprout account itself stays: the same
    /// person may still use the other apps.
    func withdraw(_ uid: String, on db: any Database) async throws {
        try await db.writeTransaction { db in
            guard let profile = try await StudyProfile.find(uid, on: db) else { throw StudyError.notSignedUp }
            try await Partnership.query(on: db).filter(\.$partnerUID == uid).set(\.$partnerDodged, to: true).update()
            try await Partnership.query(on: db).filter(\.$id == uid).delete()
            try await StudyRequest.query(on: db).group(.or) { $0.filter(\.$fromUID == uid).filter(\.$toUID == uid) }.delete()
            try await QueueEntry.query(on: db).filter(\.$uid == uid).delete()
            try await StudyReport.query(on: db).group(.or) { $0.filter(\.$reporterUID == uid).filter(\.$reportedUID == uid) }.delete()
            try await profile.delete(on: db)
        }
    }

    static let studyLength = 50
    static let emailLength = 254
    static let fcmTokenLength = 4096

    static func nick(_ value: String?) throws(StudyError) -> String {
        let nick = (value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard Study.nicknameLength.contains(nick.count) else { throw .invalid(.nick) }
        return nick
    }

    static func gender(_ value: String?) throws(StudyError) -> Study.Gender {
        guard let number = value.flatMap(StudyNumber.int), let gender = Study.Gender(rawValue: number) else { throw .invalid(.gender) }
        return gender
    }

    static func fcmToken(_ value: String) throws(StudyError) -> String {
        guard value.count <= fcmTokenLength else { throw .invalid(.fcmToken) }
        return value
    }

    /// The clients' own check (spec §6), with the TLD unbounded above as some clients allow.
    static func isEmail(_ text: String) -> Bool {
        text.count <= emailLength && text.wholeMatch(of: /[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/) != nil
    }
}

/// Numbers as the form carries them: `1`, `1.0` (a Swift `Double` stringified), ` 1 `.
enum StudyNumber {
    static func int(_ text: String) -> Int? {
        let trimmed = text.trimmingWhitespace()
        if let value = Int(trimmed) { return value }
        guard let double = Double(trimmed), double.rounded() == double else { return nil }
        return Int(exactly: double)
    }

    static func double(_ text: String) -> Double? {
        Double(text.trimmingWhitespace()).flatMap { $0.isFinite ? $0 : nil }
    }
}
