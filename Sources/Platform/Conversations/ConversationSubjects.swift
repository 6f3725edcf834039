import Fluent
import NIOConcurrencyHelpers
import PlatformCore
import SproutAPI

/// What a conversation is about: an app's thing by that app's id (`market`, a product id), or
/// nothing in particular in an app (`id` empty: a chat room of the lessons contract).
public struct ConversationTopic: Hashable, Sendable {
    public let app: String
    public let id: String

    public init(app: String, id: String) {
        self.app = app
        self.id = id
    }

    public static func nothingInParticular(in app: String) -> ConversationTopic { ConversationTopic(app: app, id: "") }

    public var isNothingInParticular: Bool { id.isEmpty }
}

/// A thing people can talk about, as its app describes it now.
public struct ConversationSubject: Sendable, Equatable {
    /// Its id as its app writes it, whichever spelling found it (`030` and `+30` are product
    /// `30`): a conversation is about this, so every spelling of one thing opens one.
    public let id: String
    /// The account that answers for it: a product's seller, a lesson's teacher.
    public let ownerID: String
    public let title: String
    public let photo: String?
    public let price: Int?
    public let state: String?
    public let path: String

    public init(id: String, ownerID: String, title: String, photo: String?, price: Int?, state: String?, path: String) {
        self.id = id
        self.ownerID = ownerID
        self.title = title
        self.photo = photo
        self.price = price
        self.state = state
        self.path = path
    }
}

/// A step an app offers inside one conversation (a price offer, a review, a reservation): a link
/// shown as a button under the conversation's header.
public struct ConversationAction: Sendable, Equatable {
    public let ko: String
    public let en: String
    public let path: String

    public init(ko: String, en: String, path: String) {
        self.ko = ko
        self.en = en
        self.path = path
    }
}

/// What an app adds to one conversation as one of its two people sees it.
public struct ConversationDetails: Sendable, Equatable {
    public let actions: [ConversationAction]
    /// The price of the deal between these two, where it is not the thing's own (an accepted
    /// offer): the header shows it instead of the subject's.
    public let price: Int?
    /// What stands beside the other person's name (a seller's shop name), so that a person is
    /// named in the conversation as the app's own pages name them.
    public let besideName: String?

    public init(actions: [ConversationAction] = [], price: Int? = nil, besideName: String? = nil) {
        self.actions = actions
        self.price = price
        self.besideName = besideName
    }
}

/// An app's answer to "what is this id, and whose": each module that has things to talk about
/// gives one (`AppModule.conversationSubjects`), so the platform never reads an app's tables.
public protocol ConversationSubjects: Sendable {
    var app: String { get }
    /// The `ReadVersions` group whose counter moves with every write to what `subject` and
    /// `pictures` read, so a kept inbox page is read again after any of them changes.
    var readGroup: ReadGroup { get }
    func subject(_ id: String, on db: any Database) async throws -> ConversationSubject?
    /// Those of these ids that name a thing, by id: a page of conversations asks once.
    func subjects(_ ids: [String], on db: any Database) async throws -> [String: ConversationSubject]
    /// The pictures these people chose in this app (a stored file's path), shown beside them in
    /// conversations; none for an app without pictures of people.
    func pictures(of accountIDs: [String], on db: any Database) async throws -> [String: String]
    /// What the conversation `conversationID` about `subjectID` between `viewer` and `other`
    /// offers `viewer`; a conversation page asks once. Nothing, for an app that adds nothing.
    func details(of subjectID: String, in conversationID: String, between viewer: String, and other: String,
                 on db: any Database) async throws -> ConversationDetails
    /// Whether the two people of the conversation about `subjectID` may agree to meet in it now
    /// (`Appointments`: propose and accept). Yes, for an app that does not say; a study pair only
    /// while they are matched.
    func meets(about subjectID: String, between one: String, and other: String, on db: any Database) async throws -> Bool
    /// The app's own page that holds the conversation about `subjectID` between `viewer` and
    /// `other`, for an app that keeps its own chat (a study pair talks on their matched page):
    /// the conversation's page, which its notifications and calendar entries open, sends them
    /// there. None: the conversation's own page.
    func chatPage(of subjectID: String, between viewer: String, and other: String) -> String?
    /// Whether anyone may open a conversation about this app's things with a first message. No,
    /// for an app that opens its conversations itself (a study pair's, when they match), so a
    /// stranger who knows a subject's id cannot start one about it.
    var opensWithAMessage: Bool { get }
}

extension ConversationSubjects {
    /// One at a time, for an app whose things are not read many at once.
    public func subjects(_ ids: [String], on db: any Database) async throws -> [String: ConversationSubject] {
        var found: [String: ConversationSubject] = [:]
        for id in Set(ids) { found[id] = try await subject(id, on: db) }
        return found
    }

    public func pictures(of accountIDs: [String], on db: any Database) async throws -> [String: String] { [:] }

    public func details(of subjectID: String, in conversationID: String, between viewer: String, and other: String,
                        on db: any Database) async throws -> ConversationDetails {
        ConversationDetails()
    }

    public func meets(about subjectID: String, between one: String, and other: String, on db: any Database) async throws -> Bool { true }

    public func chatPage(of subjectID: String, between viewer: String, and other: String) -> String? { nil }

    public var opensWithAMessage: Bool { true }
}

/// The apps' subjects, filled once the modules are built (they are built after the platform).
public final class ConversationSubjectDirectory: Sendable {
    private let byApp = NIOLockedValueBox<[String: any ConversationSubjects]>([:])
    /// Where the apps' groups are declared: kept conversations and inbox pages depend on them.
    private let declared: DeclaredReadGroups

    public init(declared: DeclaredReadGroups) {
        self.declared = declared
    }

    public func register(_ subjects: [any ConversationSubjects]) {
        for subject in subjects { declared.declare(subject.readGroup) }
        byApp.withLockedValue { known in
            for subject in subjects { known[subject.app] = subject }
        }
    }

    func subjects(of app: String) -> (any ConversationSubjects)? {
        byApp.withLockedValue { $0[app] }
    }

    /// What the app of the conversation's subject adds to it for `viewer`; nothing for a
    /// conversation about nothing in particular.
    func details(of conversation: Conversations.Conversation, for viewer: String, on db: any Database) async throws -> ConversationDetails {
        guard let about = conversation.about, let app = subjects(of: about.app) else { return ConversationDetails() }
        return try await app.details(of: about.id, in: conversation.id, between: viewer, and: conversation.other.id, on: db)
    }

    /// Whether the app of the conversation's subject lets its two people agree to meet in it now.
    func meets(in record: ConversationRecord, on db: any Database) async throws -> Bool {
        guard !record.topic.isNothingInParticular, let app = subjects(of: record.aboutApp) else { return true }
        return try await app.meets(about: record.aboutID, between: record.firstMember, and: record.secondMember, on: db)
    }

    /// The app's own page that holds the conversation for `viewer`, if not the conversation's page.
    func chatPage(of record: ConversationRecord, for viewer: String) -> String? {
        guard !record.topic.isNothingInParticular, let app = subjects(of: record.aboutApp) else { return nil }
        return app.chatPage(of: record.aboutID, between: viewer, and: record.other(than: viewer))
    }

    /// The counters every kept inbox page depends on besides its account's own conversations.
    var readGroups: [String] {
        byApp.withLockedValue { $0.values.map(\.readGroup.name) }.sorted()
    }

    /// Each person's picture from the first app (by name) that has one.
    func pictures(of accountIDs: [String], on db: any Database) async throws -> [String: String] {
        var found: [String: String] = [:]
        for subjects in byApp.withLockedValue({ $0.sorted { $0.key < $1.key }.map(\.value) }) {
            let missing = accountIDs.filter { found[$0] == nil }
            guard !missing.isEmpty else { break }
            found.merge(try await subjects.pictures(of: missing, on: db)) { first, _ in first }
        }
        return found
    }
}
