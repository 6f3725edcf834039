import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Stored rows to the contract's JSON, shared by the API and the pages.
enum StudyPresenter {
    static func user(_ profile: StudyProfile) -> Study.User {
        Study.User(
            id: profile.objectID, version: profile.version, uid: profile.id ?? "", phoneNumber: profile.phoneNumber,
            email: profile.email, fcmToken: profile.fcmToken, nick: profile.nick, birth: timestamp(profile.birth),
            gender: profile.gender, study: profile.study, comment: profile.comments, reputation: reputation(profile),
            sesac: profile.sesac, sesacCollection: profile.sesacCollection, background: profile.background,
            backgroundCollection: profile.backgroundCollection, purchaseToken: profile.purchaseTokens,
            transactionId: profile.transactionIDs, reviewedBefore: profile.reviewedBefore, reportedNum: profile.reportedNum,
            reportedUser: profile.reportedUsers, dodgepenalty: profile.dodgePenalty, dodgeNum: profile.dodgeNum,
            ageMin: profile.ageMin, ageMax: profile.ageMax, searchable: profile.searchable, createdAt: timestamp(profile.createdAt)
        )
    }

    /// My own User JSON, as the API answers it: my uid sealed, as my phone sign-in gave it to me.
    static func user(_ profile: StudyProfile, sealedBy uids: PhoneUIDs) -> Study.User {
        var user = user(profile)
        user.uid = uids.uid(ofAccount: user.uid)
        return user
    }

    static func queueUser(_ entry: QueueEntry, _ profile: StudyProfile) -> Study.QueueUser {
        Study.QueueUser(
            uid: entry.uid, nick: profile.nick, lat: entry.lat, long: entry.long, reputation: reputation(profile),
            studylist: entry.studylist, reviews: profile.comments, gender: profile.gender,
            sesac: profile.sesac, background: profile.background
        )
    }

    static func queueUser(_ person: NearbySearch.Candidate) -> Study.QueueUser {
        Study.QueueUser(
            uid: person.uid, nick: person.nick, lat: person.lat, long: person.long, reputation: reputation(person.reputation),
            studylist: person.studylist, reviews: person.comments, gender: person.gender,
            sesac: person.sesac, background: person.background
        )
    }

    static func reputation(_ profile: StudyProfile) -> [Int] {
        reputation(profile.reputation)
    }

    /// Always the nine slots the server data holds, whatever an old row kept.
    static func reputation(_ stored: [Int]) -> [Int] {
        let stored = stored.prefix(Study.reputationLength)
        return Array(stored) + Array(repeating: 0, count: Study.reputationLength - stored.count)
    }

    static func chat(_ message: ChatMessage) -> Study.Chat {
        Study.Chat(
            id: message.objectID, to: message.toUID, from: message.fromUID, chat: message.chat,
            createdAt: timestamp(milliseconds: message.createdMilliseconds)
        )
    }

    /// A chat as `viewer` (an account id) is shown it: their own uid sealed, as their sign-in gave
    /// it to them, and the other person's bare, as everyone is shown them (see `PhoneUIDs`).
    static func chat(_ chat: Study.Chat, seenBy viewer: String, uids: PhoneUIDs) -> Study.Chat {
        var chat = chat
        if chat.to == viewer { chat.to = uids.uid(ofAccount: viewer) }
        if chat.from == viewer { chat.from = uids.uid(ofAccount: viewer) }
        return chat
    }

    /// The `…SSS'Z'` text of a time kept in whole milliseconds, digit for digit (a `Date` would
    /// round through binary fractions of a second).
    static func timestamp(milliseconds: Int64) -> String {
        let (seconds, millisecond) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (whole, fraction) = millisecond < 0 ? (seconds - 1, millisecond + 1000) : (seconds, millisecond)
        return UTCTimestamp.format(Date(timeIntervalSince1970: TimeInterval(whole))) + "." + String(format: "%03d", fraction) + "Z"
    }

    /// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`, the only date format the study clients decode.
    static func timestamp(_ date: Date) -> String {
        UTCTimestamp.format(date, fractionDigits: 3) + "Z"
    }
}
