import Fluent
import Foundation
import NIOConcurrencyHelpers

/// What an app shows the operator console of a thing reported on it, and how the console hides
/// one: an app module offers it (`AppModule.moderatedContent`), the platform offers the
/// conversations'. Hidden things vanish for everyone but the operator and their owner, who sees
/// that the operator hid them; restoring brings them back as they were.
public protocol ModeratedContent: Sendable {
    /// The `ReportSubject.app` its reports carry (`market`, `lessons`, `conversations`).
    var app: String { get }
    /// The reported thing as its reporters saw it up to `reportedAt` (a conversation's last lines
    /// before the first report), or nil once it is gone.
    func reported(_ subject: String, reportedAt: Date, on db: any Database) async throws -> ReportedThing?
    /// Hides (`true`) or restores one thing: the reported subject or a part shown with it (a
    /// comment, a message). Answers whose it is, or nil when there is no such thing.
    func setHidden(_ hidden: Bool, _ item: ModeratedItem, on db: any Database) async throws -> String?
}

/// One thing the console can hide: its kind in the app's words and the app's id of it.
public struct ModeratedItem: Sendable, Hashable, Codable {
    public let kind: String
    public let id: String

    public init(kind: String, id: String) {
        self.kind = kind
        self.id = id
    }
}

/// A reported thing as the console shows it.
public struct ReportedThing: Sendable, Equatable {
    /// What the console calls it ("상품", "글", "대화", "스터디 프로필").
    public let item: ModeratedItem
    public let kindName: Words
    public let title: String
    public let body: String
    /// Pictures under `/uploads/`, as its page shows them.
    public let photos: [String]
    /// Whose it is: the account the console offers to disable.
    public let ownerID: String?
    /// Its page, which the operator can open.
    public let link: String
    /// Hidden by the operator now. nil for a thing that cannot be hidden itself (a conversation:
    /// its messages can, one by one; a person's study profile: their account can be disabled).
    public let hidden: Bool?
    /// Parts shown with it: the comments under a post, the last messages of a reported
    /// conversation (only for a conversation someone reported, which the page says).
    public let parts: [Part]
    /// What the page says about the parts ("신고 전 마지막 메시지 20개: 신고된 대화라서 보여요").
    public let partsNote: Words?

    /// Words the console shows, in both of its languages.
    public struct Words: Sendable, Equatable {
        public let ko: String
        public let en: String

        public init(ko: String, en: String) {
            self.ko = ko
            self.en = en
        }
    }

    public struct Part: Sendable, Equatable {
        public let item: ModeratedItem
        public let authorID: String
        public let authorName: String
        public let text: String
        public let at: Date
        public let hidden: Bool

        public init(item: ModeratedItem, authorID: String, authorName: String, text: String, at: Date, hidden: Bool) {
            self.item = item
            self.authorID = authorID
            self.authorName = authorName
            self.text = text
            self.at = at
            self.hidden = hidden
        }
    }

    public init(item: ModeratedItem, kindName: Words, title: String, body: String, photos: [String], ownerID: String?,
                link: String, hidden: Bool?, parts: [Part] = [], partsNote: Words? = nil) {
        self.item = item
        self.kindName = kindName
        self.title = title
        self.body = body
        self.photos = photos
        self.ownerID = ownerID
        self.link = link
        self.hidden = hidden
        self.parts = parts
        self.partsNote = partsNote
    }
}

/// Every app's moderated content by its report app name, filled as the server assembles modules.
public final class ModeratedContentDirectory: Sendable {
    private let byApp = NIOLockedValueBox<[String: any ModeratedContent]>([:])

    public init() {}

    public func register(_ contents: [any ModeratedContent]) {
        byApp.withLockedValue { byApp in
            for content in contents { byApp[content.app] = content }
        }
    }

    public func offered(by app: String) -> (any ModeratedContent)? {
        byApp.withLockedValue { $0[app] }
    }
}
